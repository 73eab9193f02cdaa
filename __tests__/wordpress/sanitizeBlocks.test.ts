/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { elements } from './parsedElements';
import { EMBED_PROVIDERS, embedPlaceholderHtml, matchEmbed, type Embed, type EmbedProvider } from '@/lib/embeds/providers';
import { blockOfClass, coreBlockName } from '@/lib/html/coreBlocks';
import { liftStyle } from '@/lib/html/inlineStyles';
import { bodyStyles, cleanHtml, normalizeItem } from '@/lib/wordpress/normalize';
import type { WpPost } from '@/lib/wordpress/raw';
import { sanitizeCmsHtml, type SanitizeOptions } from '@/lib/html/sanitize';

/**
 * Issue 17 "The sanitizer keeps everything safe that core blocks emit", and the SVG and iframe
 * attack corpora (the CSS one is in inlineStyles.test.ts; the XSS ones in sanitizeBypass.test.ts
 * and media-and-sanitize.test.ts).
 *
 * The block markup is WordPress 6.1.9's own `content.rendered` (fixtures/wp61-blocks.rendered.html,
 * from fixtures/wp61-blocks.post-content.html through a real WordPress 6.1.9 with Twenty
 * Twenty-Three; the media host of that WordPress renamed to the development host
 * `dev-cms.example.test`, so the media rewrite is exercised too).
 */


const SVG_NS = 'http://www.w3.org/2000/svg';

/** The output, parsed as a browser parses it, holds nothing that runs, loads a frame or styles inline; and sanitizing it again changes nothing. */
function expectHarmless(output: string, options: SanitizeOptions = {}): void {
  for (const element of elements(output)) {
    if (element.namespaceURI === SVG_NS) expect(['svg', 'g', 'path', 'title']).toContain(element.tagName);
    else expect(element.namespaceURI).toBe('http://www.w3.org/1999/xhtml');
    expect(['script', 'style', 'iframe', 'object', 'embed', 'frame', 'use', 'foreignObject', 'animate', 'set', 'image', 'math']).not.toContain(element.tagName);
    for (const { name, value } of element.attrs) {
      expect(name).not.toMatch(/^on|^style$|^srcdoc$|^xlink:/i);
      if (element.namespaceURI === SVG_NS) expect(name).not.toMatch(/href|^fill$|^filter$|^mask$/i);
      if (['href', 'src', 'srcset', 'poster'].includes(name)) expect(value.replace(/[\u0000-\u0020]/g, '')).not.toMatch(/(javascript|vbscript|data):/i);
    }
  }
  expect(sanitizeCmsHtml(output, options).html).toBe(output);
}

const FIXTURES = path.join(__dirname, 'fixtures');
const rendered = readFileSync(path.join(FIXTURES, 'wp61-blocks.rendered.html'), 'utf8');

describe('issue 17 the safe markup of core blocks survives (WordPress 6.1.9 output)', () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const result = cleanHtml(rendered, 'posts/blocks');
  const { html, css } = result;
  const rule = (style: string) => {
    const lifted = liftStyle(style, { mediaOrigins: ['https://media.example.com', 'http://wordpress.test'] });
    expect(css).toContain(lifted.rule);
    return lifted.className;
  };
  afterAll(() => warn.mockRestore());

  it('no style attribute leaves, and the output is harmless and stable', () => {
    expect(rendered).toContain('style="');
    expect(html).not.toContain('style=');
    expectHarmless(html);
  });

  it('cover with a background image and dim: min-height lifted, dim span kept, image focal point lifted', () => {
    expect(html).toContain(`<div class="wp-block-cover is-light ${rule('min-height:420px')}"><span aria-hidden="true" class="wp-block-cover__background has-contrast-background-color has-background-dim-60 has-background-dim"></span>`);
    expect(html).toContain(`class="wp-block-cover__image-background wp-image-12 ${rule('object-position:30% 70%')}" alt="" src="https://media.example.com/wp-content/uploads/2025/06/hero.jpg"`);
  });

  it('cover with a fixed background: the background image becomes a class, its URL rewritten to the media host', () => {
    const className = rule('background-position:50% 50%;background-image:url(https://media.example.com/wp-content/uploads/2025/06/hero.jpg)');
    expect(html).toContain(`<div role="img" class="wp-block-cover__image-background wp-image-12 has-parallax ${className}"></div>`);
    expect(html).toContain(`class="wp-block-cover__background has-background-dim-30 has-background-dim ${rule('background-color:#1a2b3c')}"`);
  });

  it('buttons with custom colours: the button link keeps its classes and gets its colours and radius', () => {
    expect(html).toContain(
      `<a class="wp-block-button__link has-text-color has-background wp-element-button ${rule('border-radius:6px;color:#ffffff;background-color:#0a7d4f')}" href="https://example.org/apply">Apply now</a>`,
    );
    expect(html).toContain('<div class="wp-block-button is-style-outline"><a class="wp-block-button__link has-primary-background-color has-background wp-element-button" href="/pages/contact">Contact us</a></div>');
    expect(html).toContain('<div class="is-content-justification-center is-layout-flex wp-container-1 wp-block-buttons">');
  });

  it('columns with widths, spacer height, group with padding (var(--wp--…)), fluid font sizes', () => {
    expect(html).toContain(`<div class="is-layout-flow wp-block-column ${rule('flex-basis:66.66%')}">`);
    expect(html).toContain(`<div class="is-layout-flow wp-block-column ${rule('flex-basis:33.33%')}">`);
    expect(html).toContain(`<div aria-hidden="true" class="wp-block-spacer ${rule('height:64px')}"></div>`);
    expect(html).toContain(
      `class="has-global-padding is-layout-constrained wp-block-group has-background ${rule('background-color:#f4f1ea;padding-top:var(--wp--preset--spacing--50);padding-right:2rem;padding-bottom:var(--wp--preset--spacing--50);padding-left:2rem')}"`,
    );
    expect(html).toContain(`<h2 class="${rule('font-size:clamp(1.875rem, 1.875rem + ((1vw - 0.48rem) * 1.202), 2.5rem);letter-spacing:0.02em;text-transform:uppercase')}">Group with padding</h2>`);
  });

  it('table stripes, pullquote with its border, quote with cite, figcaptions', () => {
    expect(html).toContain('<figure class="wp-block-table is-style-stripes"><table><thead><tr><th>Plan</th><th class="has-text-align-right" data-align="right">Fee</th></tr></thead>');
    expect(html).toContain('<figcaption class="wp-element-caption">Fees per card transaction</figcaption></figure>');
    expect(html).toContain(`<figure class="wp-block-pullquote has-border-color has-primary-border-color ${rule('border-width:2px')}"><blockquote><p>Payments should be invisible.</p><cite>A merchant</cite></blockquote></figure>`);
    expect(html).toContain('<cite>Someone</cite></blockquote>');
  });

  it('video and audio blocks: the elements, their controls and their media-host sources', () => {
    expect(html).toContain(
      '<figure class="wp-block-video"><video controls="" loop="" muted="" poster="https://media.example.com/wp-content/uploads/2025/06/poster.jpg" preload="metadata" src="https://media.example.com/wp-content/uploads/2025/06/demo.mp4" playsinline=""></video><figcaption class="wp-element-caption">Demo video</figcaption></figure>',
    );
    expect(html).toContain('<figure class="wp-block-audio"><audio controls="" src="https://media.example.com/wp-content/uploads/2025/06/podcast.mp3" preload="none"></audio>');
  });

  it('file block: both links (the download button with download and aria-describedby) stay; the PDF <object> preview goes and is logged', () => {
    expect(html).toContain(
      '<div class="wp-block-file"><a id="wp-block-file--media-5d1f7c0e-1b7a-4e43-9d3a-0a4c3e1f8b21" href="https://media.example.com/wp-content/uploads/2025/06/guide.pdf">guide</a><a href="https://media.example.com/wp-content/uploads/2025/06/guide.pdf" class="wp-block-file__button wp-element-button" download="" aria-describedby="wp-block-file--media-5d1f7c0e-1b7a-4e43-9d3a-0a4c3e1f8b21">Download</a></div>',
    );
    expect(html).not.toContain('<object');
    expect(warn).toHaveBeenCalledWith('[sanitize] posts/blocks: dropped <object>');
  });

  it('social icons: the SVG subset stays (viewBox, path data, aria-hidden), version and xmlns go', () => {
    expect(html).toMatch(/<a href="https:\/\/twitter\.com\/example" class="wp-block-social-link-anchor"><svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M22\.23,5\.924c[^"]*"><\/path><\/svg><span class="wp-block-social-link-label screen-reader-text">Twitter<\/span><\/a>/);
    expect(html.match(/<svg /g)).toHaveLength(2);
  });

  it('media & text, details and summary, separator, custom typography', () => {
    expect(html).toContain('<div class="wp-block-media-text alignwide is-stacked-on-mobile"><figure class="wp-block-media-text__media"><img decoding="async" src="https://media.example.com/wp-content/uploads/2025/06/hero.jpg"');
    expect(html).toContain('<details><summary>More details</summary><p>Hidden until opened.</p></details>');
    expect(html).toContain('<hr class="wp-block-separator has-text-color has-primary-color has-alpha-channel-opacity has-primary-background-color has-background" />');
    expect(html).toContain(`<p class="has-text-color ${rule('color:#333333;font-size:clamp(0.938rem, 0.938rem + ((1vw - 0.48rem) * 0.6), 1.25rem);font-style:italic;font-weight:700;line-height:1.6')}">Custom typography</p>`);
  });

  it('every word WordPress shows is kept', () => {
    const text = (markup: string) => markup.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
    // The <object>'s fallback is empty. The embed's bare URL (WordPress without oEmbed) becomes
    // the consent placeholder, whose words (the provider, the notice, the button, the link) stand
    // in its place; otherwise the texts are equal.
    const url = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
    const placeholder = embedPlaceholderHtml(matchEmbed(url) as Embed);
    expect(text(html)).toBe(text(rendered.replace(url, placeholder)));
  });

  it('the core blocks named by classes, mapped to block names (not element classes or variants)', () => {
    expect(result.blocks).toEqual([
      'audio', 'button', 'buttons', 'column', 'columns', 'cover', 'embed', 'file', 'group', 'media-text', 'pullquote', 'quote',
      'separator', 'social-link', 'social-links', 'spacer', 'table', 'video',
    ]);
  });
});

describe('issue 17 block names: classes and the plugin list map to core blocks of 6.1 only', () => {
  it.each([
    ['wp-block-media-text', 'media-text'],
    ['wp-block-embed', 'embed'],
    ['wp-block-social-links', 'social-links'],
    ['wp-block-button__link', null],
    ['wp-block-cover__inner-container', null],
    ['wp-block-embed-youtube', null],
    ['wp-block-social-link-anchor', null],
    ['wp-block-acme-slider', null],
    ['wp-block-details', null],
    ['has-background', null],
  ])('%s → %s', (className, block) => {
    expect(blockOfClass(className)).toBe(block);
  });

  it('the plugin list: core/ stripped, other namespaces, unknown names and non-strings dropped', () => {
    expect(['core/columns', 'acme/slider', 'core/../../etc', 'core/not-a-block', 7, null, 'columns'].map(coreBlockName)).toEqual(['columns', null, null, null, null, null, null]);
  });
});

describe('issue 17 normalizeItem fills ContentItem.styles from block_styles (untrusted) and the sanitizer', () => {
  const post = (extra: Partial<WpPost> & Record<string, unknown>): WpPost =>
    ({
      id: 7, date: '2025-01-01T00:00:00', slug: 'a', title: { rendered: 'A' }, excerpt: { rendered: '' },
      content: { rendered: '<div class="wp-block-columns"><div class="wp-block-column" style="flex-basis:40%">x</div></div>' },
      ...extra,
    }) as unknown as WpPost;

  it('blocks: the plugin list joined with the classes, sorted, unique; css: render CSS then lifted classes', () => {
    const item = normalizeItem('news', post({ block_styles: { blocks: ['core/paragraph', 'core/columns', 'acme/x', 'core/paragraph'], css: '.wp-container-7-1{display:flex}' } }));
    const lifted = liftStyle('flex-basis:40%');
    expect(item.styles).toEqual({ blocks: ['column', 'columns', 'paragraph'], css: `.wp-container-7-1{display:flex}${lifted.rule}`, embeds: [] });
    expect(item.html).toBe(`<div class="wp-block-columns"><div class="wp-block-column ${lifted.className}">x</div></div>`);
  });

  it('without the plugin: the blocks come from the classes, and there is no render CSS', () => {
    expect(normalizeItem('news', post({})).styles.blocks).toEqual(['column', 'columns']);
  });

  it.each([
    ['not an object', 'yes'],
    ['blocks not a list', { blocks: 'core/columns', css: 3 }],
    ['css that could close the <style>', { css: '.a{color:red}</style><script>alert(1)</script>' }],
    ['css with @import', { css: '@import url(https://evil.example/x.css);' }],
  ])('a malformed block_styles (%s) is ignored with a warning, never thrown', (_name, blockStyles) => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const styles = bodyStyles(blockStyles, { blocks: ['columns'], css: '', embeds: [] }, 'news/a');
    expect(styles).toEqual({ blocks: ['columns'], css: '', embeds: [] });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('[block_styles] news/a'));
    warn.mockRestore();
  });
});

/* ------------------------------------------------------------------------------------------ */
/* SVG                                                                                         */
/* ------------------------------------------------------------------------------------------ */

describe('issue 17 SVG attack corpus: only the social icons subset passes; any other <svg> goes whole', () => {
  it.each([
    ['<svg><script>alert(1)</script><path d="M0 0"/></svg>', '<svg>'],
    ['<svg onload="alert(1)"><path d="M0 0"/></svg>', '<svg><path d="M0 0"></path></svg>'],
    ['<svg><path d="M0 0" onclick="alert(1)" onmouseover="alert(1)"/></svg>', '<svg><path d="M0 0"></path></svg>'],
    ['<svg><foreignObject><iframe src="javascript:alert(1)"></iframe></foreignObject></svg>', '<svg>'],
    ['<svg><use href="https://evil.example/sprite.svg#x"/></svg>', '<svg>'],
    ['<svg><use xlink:href="data:image/svg+xml;base64,PHN2Zz4="/></svg>', '<svg>'],
    ['<svg><a href="javascript:alert(1)"><path d="M0 0"/></a></svg>', '<svg>'],
    ['<svg><animate attributeName="href" to="javascript:alert(1)"/></svg>', '<svg>'],
    ['<svg><set attributeName="onload" to="alert(1)"/></svg>', '<svg>'],
    ['<svg><image href="https://evil.example/track.png"/></svg>', '<svg>'],
    ['<svg><style>path{fill:url(https://evil.example/x)}</style></svg>', '<svg>'],
    ['<svg style="background:url(https://evil.example/x)"><path d="M0 0" style="fill:red"/></svg>', '<svg><path d="M0 0"></path></svg>'],
    ['<svg><path d="M0 0" fill="url(https://evil.example/x#p)" filter="url(#f)" mask="url(#m)"/></svg>', '<svg><path d="M0 0"></path></svg>'],
    ['<svg xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="javascript:alert(1)"><g><path d="M0 0"/></g></svg>', '<svg><g><path d="M0 0"></path></g></svg>'],
    // An HTML element inside <title> (an HTML integration point) would be HTML: the svg goes.
    ['<svg><title><img src=x onerror=alert(1)></title></svg>', '<svg>'],
    ['<svg><title>&lt;img src=x onerror=alert(1)&gt;</title></svg>', '<svg><title>&lt;img src=x onerror=alert(1)&gt;</title></svg>'],
    ['<svg><desc><p>x</p></desc></svg>', '<svg>'],
    ['<svg><path d="M0 0">text outside title</path></svg>', '<svg>'],
    ['<svg><path d="javascript:alert(1)&quot;/>"/></svg>', '<svg><path></path></svg>'],
  ])('%s', (dirty, expected) => {
    const warn = jest.fn();
    const { html } = sanitizeCmsHtml(`<p>a</p>${dirty}<p>b</p>`, { item: 'news/svg', warn });
    if (expected === '<svg>') {
      expect(html).toBe('<p>a</p><p>b</p>');
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^\[sanitize\] news\/svg: dropped .*<svg>/));
    } else {
      expect(html).toBe(`<p>a</p>${expected}<p>b</p>`);
    }
    expectHarmless(html);
  });

  it('MathML still goes whole', () => {
    expect(sanitizeCmsHtml('<math><mi>x</mi></math><p>m</p>').html).toBe('<p>m</p>');
  });
});

/* ------------------------------------------------------------------------------------------ */
/* Iframes and embeds                                                                          */
/* ------------------------------------------------------------------------------------------ */

/** A provider as the embeds work defines them (src/lib/embeds/providers.ts), for the sanitizer's side of the contract. */
const youtube: EmbedProvider = {
  key: 'youtube',
  name: 'YouTube',
  kind: 'video',
  category: 'embeds',
  frameOrigins: ['https://www.youtube-nocookie.com'],
  sandbox: 'allow-scripts allow-same-origin allow-presentation',
  allow: 'fullscreen; picture-in-picture',
  embedUrl(url) {
    if (url.protocol !== 'https:') return null;
    const id = url.hostname === 'www.youtube.com' && url.pathname === '/watch' ? url.searchParams.get('v') : url.hostname === 'www.youtube.com' ? /^\/embed\/([\w-]+)$/.exec(url.pathname)?.[1] : null;
    return id && /^[\w-]{6,20}$/.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
  },
  pageUrl(url) {
    return this.embedUrl(url) && url.href;
  },
};
const testMatch = (value: string): Embed | null => {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  const src = youtube.embedUrl(url);
  return src ? { provider: youtube, src, url: url.href } : null;
};
const withEmbeds: SanitizeOptions = { matchEmbed: testMatch };

describe('issue 17 embeds: an allow-listed iframe or bare URL becomes the consent-gated placeholder; anything else goes', () => {
  it('an oEmbed iframe of an allow-listed provider becomes its placeholder, recorded in embeds', () => {
    const dirty =
      '<figure class="wp-block-embed is-type-video is-provider-youtube wp-block-embed-youtube"><div class="wp-block-embed__wrapper">\n<iframe title="Demo" width="500" height="281" src="https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed" frameborder="0" allowfullscreen></iframe>\n</div></figure>';
    const result = sanitizeCmsHtml(dirty, withEmbeds);
    const placeholder = embedPlaceholderHtml(testMatch('https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed')!);
    expect(result.html).toBe(`<figure class="wp-block-embed is-type-video is-provider-youtube wp-block-embed-youtube"><div class="wp-block-embed__wrapper">\n${placeholder}\n</div></figure>`);
    expect(result.embeds).toEqual(['youtube']);
    expect(result.blocks).toEqual(['embed']);
  });

  it('the bare URL WordPress leaves without oEmbed (6.1 fixture) becomes the placeholder inside its wrapper', () => {
    const result = sanitizeCmsHtml(rendered, withEmbeds);
    const placeholder = embedPlaceholderHtml(testMatch('https://www.youtube.com/watch?v=dQw4w9WgXcQ')!);
    expect(result.html).toContain(`<div class="wp-block-embed__wrapper">${placeholder}</div><figcaption class="wp-element-caption">An embedded video</figcaption>`);
    expect(result.embeds).toEqual(['youtube']);
  });

  it('a bare URL no provider accepts stays as text; a wrapper with more than a URL is left as it is', () => {
    const text = '<div class="wp-block-embed__wrapper">\nhttps://unknown.example/v/1\n</div>';
    expect(sanitizeCmsHtml(text, withEmbeds)).toEqual({ html: text, css: '', blocks: [], embeds: [] });
    const link = '<div class="wp-block-embed__wrapper"><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">video</a></div>';
    expect(sanitizeCmsHtml(link, withEmbeds).html).toBe(link);
  });

  it('a URL outside a wrapper is not an embed', () => {
    expect(sanitizeCmsHtml('<p>https://www.youtube.com/watch?v=dQw4w9WgXcQ</p>', withEmbeds).embeds).toEqual([]);
  });

  it.each([
    ['srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
    ['srcdoc beside an allow-listed src', '<iframe src="https://evil.example/" srcdoc="<script>alert(1)</script>"></iframe>'],
    ['javascript:', '<iframe src="javascript:alert(1)"></iframe>'],
    ['javascript: with a tab', '<iframe src="java&#x09;script:alert(1)"></iframe>'],
    ['data:', '<iframe src="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="></iframe>'],
    ['a host not on the allow-list', '<iframe src="https://evil.example/embed/dQw4w9WgXcQ"></iframe>'],
    ['a look-alike host', '<iframe src="https://www.youtube.com.evil.example/embed/dQw4w9WgXcQ"></iframe>'],
    ['userinfo trick', '<iframe src="https://www.youtube.com@evil.example/embed/dQw4w9WgXcQ"></iframe>'],
    ['http (not https)', '<iframe src="http://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>'],
    ['scheme-relative', '<iframe src="//www.youtube.com/embed/dQw4w9WgXcQ"></iframe>'],
    ['no src', '<iframe></iframe>'],
    ['an iframe inside the SVG', '<svg><foreignObject><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe></foreignObject></svg>'],
    ['object and embed', '<object data="https://www.youtube.com/v/dQw4w9WgXcQ"></object><embed src="https://www.youtube.com/v/dQw4w9WgXcQ">'],
  ])('drops an iframe with %s, and logs it', (_name, dirty) => {
    const warn = jest.fn();
    const result = sanitizeCmsHtml(`<p>a</p>${dirty}<p>b</p>`, { ...withEmbeds, item: 'posts/x', warn });
    expect(result.html).toBe('<p>a</p><p>b</p>');
    expect(result.embeds).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatch(/^\[sanitize\] posts\/x: dropped <(iframe|svg|frameset|frame|object|embed)>/);
    expectHarmless(result.html, withEmbeds);
  });

  it('frameset and frame: the parser ignores them in a body, nothing is left', () => {
    expect(sanitizeCmsHtml('<p>a</p><frameset><frame src="https://www.youtube.com/embed/dQw4w9WgXcQ"></frameset><p>b</p>', withEmbeds).html).toBe('<p>a</p><p>b</p>');
  });

  it('a bare URL that is a javascript: or data: URL is never an embed', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,x']) {
      expect(sanitizeCmsHtml(`<div class="wp-block-embed__wrapper">${url}</div>`, withEmbeds).embeds).toEqual([]);
    }
  });

  it('the real provider table (src/lib/embeds/providers.ts) accepts none of the attack URLs', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'https://evil.example/embed/x', '//www.youtube.com/embed/x']) expect(matchEmbed(url)).toBeNull();
    expect(Array.isArray(EMBED_PROVIDERS)).toBe(true);
  });
});

describe('issue 17 what the sanitizer still drops, it logs once per item, naming the item and the elements', () => {
  it('one line per call, each element once', () => {
    const warn = jest.fn();
    sanitizeCmsHtml('<object></object><object></object><svg><use href="#x"/></svg><font>f</font><p>ok</p>', { item: 'news/slug', warn });
    expect(warn.mock.calls).toEqual([['[sanitize] news/slug: dropped <object>, <svg>, <font>']]);
  });

  it('nothing dropped, nothing logged; no item, nothing logged', () => {
    const warn = jest.fn();
    sanitizeCmsHtml('<p>fine</p>', { item: 'news/slug', warn });
    sanitizeCmsHtml('<object></object>', { warn });
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('issue 17 media and link rewrites happen in the walk', () => {
  const options: SanitizeOptions = {
    rewriteMedia: (text) => text.replace(/https:\/\/dev-cms\.example\.test\/wp-content\//g, 'https://media.example.com/wp-content/'),
    toSitePath: (href) => href.replace(/^https:\/\/www\.example\.com(\/.*?)\/?$/, '$1'),
  };

  it('src, poster, each srcset candidate and links are rewritten; text outside attributes is not parsed as markup', () => {
    const dev = 'https://dev-cms.example.test/wp-content/uploads';
    const { html } = sanitizeCmsHtml(
      `<video src="${dev}/v.mp4" poster="${dev}/p.jpg"><track src="${dev}/c.vtt" kind="captions" srclang="en" label="English"></video><img src="${dev}/a.png" srcset="${dev}/a-300.png 300w, ${dev}/a.png 600w"><a href="https://www.example.com/pages/retail/">r</a><p>&lt;img src="${dev}/x.png"&gt;</p>`,
      options,
    );
    expect(html).toBe(
      '<video src="https://media.example.com/wp-content/uploads/v.mp4" poster="https://media.example.com/wp-content/uploads/p.jpg"><track src="https://media.example.com/wp-content/uploads/c.vtt" kind="captions" srclang="en" label="English" /></video>' +
        '<img src="https://media.example.com/wp-content/uploads/a.png" srcset="https://media.example.com/wp-content/uploads/a-300.png 300w, https://media.example.com/wp-content/uploads/a.png 600w" loading="lazy" decoding="async" />' +
        '<a href="/pages/retail">r</a><p>&lt;img src="https://media.example.com/wp-content/uploads/x.png"&gt;</p>',
    );
  });

  it('with the site\'s rewriter: a path in text is not a media URL; a development-host URL in text is rewritten, as before the walk', () => {
    const { html } = cleanHtml('<p><code>/wp-content/uploads/</code> holds the files; see https://dev-cms.example.test/wp-content/uploads/a.pdf</p>');
    expect(html).toBe('<p><code>/wp-content/uploads/</code> holds the files; see https://media.example.com/wp-content/uploads/a.pdf</p>');
  });

  it('media elements accept only http(s) sources', () => {
    const { html } = sanitizeCmsHtml('<video src="javascript:alert(1)" poster="data:image/png;base64,AAAA"><source src="vbscript:x" type="video/mp4"></video><audio src="data:audio/mp3;base64,AAAA"></audio>');
    // (The audio's preload is deferred: __tests__/wordpress/deferredPreload.test.ts.)
    expect(html).toBe('<video><source type="video/mp4" /></video><audio preload="none" data-preload=""></audio>');
  });
});
