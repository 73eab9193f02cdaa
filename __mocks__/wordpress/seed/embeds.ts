/**
 * Issue 17 embeds (docs/blocks.md "Embeds", e2e/embeds.e2e.ts): a YouTube and a Vimeo embed block
 * in both forms WordPress renders them: with oEmbed, the provider's iframe in the wrapper; without
 * it (oEmbed unavailable), the bare URL left in the wrapper. Added to one existing blog post, so
 * no count or listing of the seed changes.
 */

const ALLOW = {
  youtube:
    'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share" referrerpolicy="strict-origin-when-cross-origin" allowfullscreen',
  vimeo: 'autoplay; fullscreen; picture-in-picture; clipboard-write',
} as const;

type Provider = keyof typeof ALLOW;

const figure = (provider: Provider, inner: string, caption = '') =>
  `<figure class="wp-block-embed is-type-video is-provider-${provider} wp-block-embed-${provider} wp-embed-aspect-16-9 wp-has-aspect-ratio"><div class="wp-block-embed__wrapper">\n${inner}\n</div>` +
  `${caption ? `<figcaption class="wp-element-caption">${caption}</figcaption>` : ''}</figure>`;

/** An embed block as WordPress renders it with oEmbed. */
const iframe = (provider: Provider, src: string, title: string, caption = '') =>
  figure(provider, `<iframe title="${title}" width="500" height="281" src="${src}" frameborder="0" allow="${ALLOW[provider]}"></iframe>`, caption);

/** The four embeds, in page order: YouTube iframe, Vimeo iframe, YouTube bare URL, Vimeo bare URL. */
export const EMBEDS_SHOWCASE: readonly string[] = [
  iframe('youtube', 'https://www.youtube.com/embed/M7lc1UVf-VE?feature=oembed', 'Reading your sales reports', 'The three reports in two minutes'),
  iframe('vimeo', 'https://player.vimeo.com/video/76979871?h=8272103f6e&amp;dnt=1&amp;app_id=122963', 'Declines by reason'),
  figure('youtube', 'https://www.youtube.com/watch?v=aqz-KE-bpKQ'),
  figure('vimeo', 'https://vimeo.com/22439234'),
];
