/**
 * The embed providers the site accepts (issue 17, docs/blocks.md "Embeds"): one table, read by
 * the sanitizer (which URLs become an embed), by the consent-gated placeholder, and by the
 * security headers (`frame-src` lists exactly these hosts). Anything not in the table is not
 * embedded: its link stays.
 *
 * SKELETON: the embeds work fills in the providers and the details; the shape is the contract.
 */
import type { ConsentCategory } from '../consent/categories';

export interface EmbedProvider {
  /** Key used in markup (`data-embed`) and in `BodyStyles.embeds`. */
  key: string;
  /** Shown to visitors: "YouTube". */
  name: string;
  /** The consent category its cookies belong to; the iframe loads only once it is accepted. */
  category: ConsentCategory;
  /** https origins the iframe may load (the CSP's frame-src). */
  frameOrigins: readonly string[];
  /** The iframe's `sandbox` tokens: the least the provider needs. */
  sandbox: string;
  /** The iframe's `allow` (Permissions Policy) features. */
  allow: string;
  /** The https address to load in the iframe for a URL of this provider, or null when the URL is not one of its. */
  embedUrl(url: URL): string | null;
}

export interface Embed {
  provider: EmbedProvider;
  /** The iframe's address (https, privacy host where one exists). */
  src: string;
  /** The address a visitor can open instead (the URL the editor pasted). */
  url: string;
}

export const EMBED_PROVIDERS: readonly EmbedProvider[] = [];

/** The embed a URL (an iframe's src or a pasted link) stands for, or null when no provider accepts it. */
export function matchEmbed(value: string): Embed | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  for (const provider of EMBED_PROVIDERS) {
    const src = provider.embedUrl(url);
    if (src !== null && src.startsWith('https://')) return { provider, src, url: url.href };
  }
  return null;
}

/**
 * The placeholder the sanitizer writes in place of an embed (trusted markup, built only from the
 * checked `embed`): no iframe, no request to the provider; the browser turns it into the iframe
 * once the visitor consents. SKELETON: the embeds work owns this markup.
 */
export function embedPlaceholderHtml(embed: Embed): string {
  const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<div class="site-embed" data-embed="${escape(embed.provider.key)}" data-embed-src="${escape(embed.src)}"><a href="${escape(embed.url)}">${escape(embed.provider.name)}</a></div>`;
}
