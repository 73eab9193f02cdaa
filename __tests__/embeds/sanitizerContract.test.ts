/**
 * Issue 17, docs/blocks.md "Embeds" / "What the sanitizer writes": the site's sanitizer with the
 * real providers table. WordPress's embed markup (oEmbed iframe, bare URL) becomes the placeholder
 * inside the wrapper; a placeholder found in CMS HTML is rebuilt from its address, never kept as
 * written; the output is stable when sanitized again.
 */
import { embedPlaceholderHtml, matchEmbed, type Embed } from '@/lib/embeds/providers';
import { sanitizeCmsHtml } from '@/lib/html/sanitize';

const figure = (provider: string, inner: string) =>
  `<figure class="wp-block-embed is-type-video is-provider-${provider} wp-block-embed-${provider} wp-embed-aspect-16-9 wp-has-aspect-ratio"><div class="wp-block-embed__wrapper">\n${inner}\n</div></figure>`;
const placeholder = (url: string) => embedPlaceholderHtml(matchEmbed(url) as Embed);

describe('the sanitizer writes the providers\' placeholders', () => {
  test('an oEmbed iframe (YouTube) and a bare URL (Vimeo) become placeholders inside WordPress\'s figure and wrapper', () => {
    const html =
      figure('youtube', '<iframe title="Demo" width="500" height="281" src="https://www.youtube.com/embed/M7lc1UVf-VE?feature=oembed" frameborder="0" allowfullscreen></iframe>') +
      figure('vimeo', 'https://vimeo.com/22439234');
    const result = sanitizeCmsHtml(html);
    expect(result.embeds).toEqual(['vimeo', 'youtube']);
    // The iframe's place (between WordPress's newlines); the bare URL's wrapper, whole.
    expect(result.html).toBe(
      figure('youtube', placeholder('https://www.youtube.com/embed/M7lc1UVf-VE')) +
        figure('vimeo', placeholder('https://vimeo.com/22439234')).replace('wrapper">\n', 'wrapper">').replace('\n</div></figure>', '</div></figure>'),
    );
    expect(result.html).not.toContain('<iframe');
    expect(result.html).toContain('data-embed-src="https://www.youtube-nocookie.com/embed/M7lc1UVf-VE"');
    expect(result.html).toContain('<button type="button" class="site-embed__load">Load Vimeo video</button>');
  });

  test('refused iframes go: http, lookalike hosts, srcdoc, javascript:', () => {
    for (const src of ['http://www.youtube.com/embed/M7lc1UVf-VE', 'https://youtube.com.evil.test/embed/M7lc1UVf-VE', 'javascript:alert(1)']) {
      const result = sanitizeCmsHtml(figure('youtube', `<iframe src="${src}"></iframe>`));
      expect(result.html).not.toMatch(/<iframe|site-embed|evil|javascript/);
      expect(result.embeds).toEqual([]);
    }
    expect(sanitizeCmsHtml('<iframe srcdoc="<script>alert(1)</script>"></iframe>').html).toBe('');
  });

  test('a placeholder in CMS HTML is rebuilt from its address: a forged one with another address, a handler or extra links goes', () => {
    const forged =
      '<div class="site-embed" data-embed="youtube" data-embed-src="https://evil.test/embed/x"><button onclick="alert(1)">Load</button></div>' +
      '<div class="site-embed" data-embed="vimeo" data-embed-src="https://www.youtube-nocookie.com/embed/M7lc1UVf-VE"><a href="https://evil.test/">Watch</a></div>';
    const result = sanitizeCmsHtml(forged);
    expect(result.html).toBe(placeholder('https://www.youtube-nocookie.com/embed/M7lc1UVf-VE'));
    expect(result.embeds).toEqual(['youtube']);
  });

  test.each([
    'https://youtu.be/M7lc1UVf-VE?t=90',
    'https://www.youtube.com/playlist?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG',
    'https://player.vimeo.com/video/76979871?h=8272103f6e',
    'https://soundcloud.com/forss/flickermood',
    'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC',
    'https://x.com/i/status/1308442233334362112',
    'https://dai.ly/x7tgad0',
    'https://www.ted.com/talks/ken_robinson_do_schools_kill_creativity',
    'https://videopress.com/v/bd2G0c0g',
  ])('stable when sanitized again: %s', (url) => {
    const once = sanitizeCmsHtml(figure('x', url)).html;
    expect(once).toContain('class="site-embed');
    expect(sanitizeCmsHtml(once).html).toBe(once);
  });
});
