import type { Page } from 'playwright-core';

/**
 * What a reader sees of each block of a post body, measured in the browser (the fidelity test,
 * docs/blocks-fidelity.md). The same measurement runs on WordPress's own theme page and on the
 * site's page; ./compare.ts compares the two.
 *
 * Blocks are the elements of the body with a `wp-block-{name}` class of a core block, plus the
 * blocks 6.1 saves without one: paragraphs (`p`), headings (`h1`–`h6`), lists (`ul`, `ol`) and
 * Details (`details`, a Custom HTML block on 6.1). They are matched between the two pages by
 * name and order (the third `columns` with the third `columns`).
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface MediaMeasure {
  kind: 'img' | 'video' | 'audio' | 'iframe' | 'placeholder';
  width: number;
  height: number;
  /** The image's intrinsic width/height ratio, when it has loaded. */
  naturalRatio: number | null;
  /** Video and audio: the file's metadata loaded (`readyState` ≥ 1), so it can play; null for other media. */
  loaded?: boolean | null;
}

export interface BlockMeasure {
  name: string;
  /** Its place among the blocks of its name on the page (0-based). */
  index: number;
  classes: string[];
  /** The inline style WordPress wrote (the WordPress page only; the site lifts styles into classes). */
  inlineStyle: string;
  box: Box;
  visible: boolean;
  words: string[];
  color: string;
  background: string;
  fontSize: number;
  textAlign: string;
  float: string;
  paddingLeft: number;
  fontStyle: string;
  borders: { top: number; right: number; bottom: number; left: number };
  /** Boxes of the block's laid-out items (columns, buttons, gallery images, social links, flex children, media & text halves). */
  items: Box[];
  media: MediaMeasure[];
  /** Button blocks: the link that looks like a button. */
  link: {
    color: string;
    background: string;
    borderWidth: number;
    borderColor: string;
    paddingLeft: number;
    fontSize: number;
    /** The editor chose the link's text colour (a `has-*-color` class or an inline colour on it). */
    colourChosen?: boolean;
  } | null;
  /** Cover blocks: the overlay. */
  overlay: { background: string; opacity: number } | null;
}

export interface PageMeasure {
  url: string;
  viewport: { width: number; height: number };
  /** The body's content column: the box of the first plain paragraph (or the body). */
  content: Box;
  /** The font size of the first plain paragraph, in px: font-size ratios are relative to it. */
  paragraphFontSize: number;
  blocks: BlockMeasure[];
}

/** Core block names that may appear as `wp-block-{name}` classes (6.1), longest first is not needed: classes are whole words. */
export const MEASURED_BLOCKS: readonly string[] = [
  'audio', 'button', 'buttons', 'code', 'column', 'columns', 'cover', 'embed', 'file', 'gallery', 'group', 'image', 'media-text',
  'preformatted', 'pullquote', 'quote', 'separator', 'social-link', 'social-links', 'spacer', 'table', 'verse', 'video', 'heading',
];

/** Measures the blocks inside the first element matching one of `rootSelectors`. */
export async function measurePage(page: Page, rootSelectors: readonly string[]): Promise<PageMeasure> {
  return page.evaluate(
    ({ selectors, known }) => {
      function boxOf(el: Element) {
        const r = el.getBoundingClientRect();
        return { x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height };
      }
      function px(value: string) {
        const n = parseFloat(value);
        return Number.isFinite(n) ? n : 0;
      }
      // The site's consent placeholder for an embed (`.site-embed`, src/lib/embeds/providers.ts) is
      // the site's own interface, not the editor's content: its words and its paragraphs are not
      // the block's (the placeholder's box still counts as the embed's media, below).
      const CONSENT_UI = '.site-embed';
      function words(el: Element) {
        let text = (el as HTMLElement).innerText || '';
        for (const ui of Array.from(el.querySelectorAll(CONSENT_UI))) {
          const own = (ui as HTMLElement).innerText;
          if (own) text = text.replace(own, ' ');
        }
        return text
          .replace(/[\u2018\u2019\u201c\u201d]/g, "'")
          .split(/[^\p{L}\p{N}%.,:'@/-]+/u)
          .map((w) => w.replace(/^[.,:'-]+|[.,:'-]+$/g, ''))
          .filter((w) => w.length > 0);
      }
      let root: Element | null = null;
      for (const s of selectors) {
        root = document.querySelector(s);
        if (root) break;
      }
      if (!root) throw new Error(`no body element matches ${selectors.join(', ')} on ${location.href}`);
      const knownSet = new Set(known);
      function nameOf(el: Element): string | null {
        if (el.closest(CONSENT_UI)) return null;
        for (const c of Array.from(el.classList)) {
          const m = /^wp-block-([a-z0-9-]+)$/.exec(c);
          if (m && knownSet.has(m[1])) return m[1];
        }
        const tag = el.tagName.toLowerCase();
        if (tag === 'p') {
          // The paragraph WordPress's pullquote, quote citation or a cover's caption writes is the block's own text, still a paragraph block in 6.1 (pullquote text is not).
          if (el.closest('.wp-block-pullquote')) return null;
          return 'paragraph';
        }
        if (/^h[1-6]$/.test(tag)) return 'heading';
        if (tag === 'ul' || tag === 'ol') {
          if (el.classList.contains('wp-block-social-links') || el.closest('.wp-block-social-links')) return null;
          return 'list';
        }
        if (tag === 'details') return 'details';
        return null;
      }
      const body = root;
      // Inside a block of the body (ancestors up to the body only: the theme's own wrappers have wp-block classes too).
      function insideBlock(el: Element) {
        for (let a = el.parentElement; a && a !== body; a = a.parentElement) if (/(^|\s)wp-block-/.test(a.className)) return true;
        return false;
      }
      const first = Array.from(root.querySelectorAll('p')).find((p) => !/has-[a-z0-9-]+-font-size|has-text-align/.test(p.className) && !insideBlock(p) && p.getBoundingClientRect().width > 0);
      const contentBox = first ? boxOf(first) : boxOf(root);
      const paragraphFontSize = first ? px(getComputedStyle(first).fontSize) : 16;
      const counts: Record<string, number> = {};
      const blocks = [];
      for (const el of Array.from(root.querySelectorAll('*'))) {
        const name = nameOf(el);
        if (!name) continue;
        const cs = getComputedStyle(el);
        const box = boxOf(el);
        const index = counts[name] ?? 0;
        counts[name] = index + 1;
        let itemEls: Element[] = [];
        if (name === 'columns') itemEls = Array.from(el.children).filter((c) => c.classList.contains('wp-block-column'));
        else if (name === 'buttons') itemEls = Array.from(el.querySelectorAll(':scope > .wp-block-button'));
        else if (name === 'gallery') itemEls = Array.from(el.querySelectorAll(':scope > figure, :scope > .wp-block-image'));
        else if (name === 'social-links') itemEls = Array.from(el.querySelectorAll(':scope > li'));
        else if (name === 'media-text') itemEls = Array.from(el.children).filter((c) => /wp-block-media-text__(media|content)/.test(c.className));
        else if (name === 'group' && (cs.display === 'flex' || cs.display === 'grid')) itemEls = Array.from(el.children);
        const media = [];
        // The sanitizer's consent placeholder is `.site-embed[data-embed]` (src/lib/embeds/providers.ts); once its iframe is in, the iframe counts instead.
        for (const m of Array.from(el.querySelectorAll('img, video, audio, iframe, [data-embed], .site-embed, [data-embed-placeholder], .embed-placeholder, [class*="embed-consent"]'))) {
          const mb = m.getBoundingClientRect();
          const tag = m.tagName.toLowerCase();
          if (tag !== 'iframe' && tag !== 'img' && tag !== 'video' && tag !== 'audio' && (m.querySelector('iframe') || m.parentElement?.closest('[data-embed], .site-embed'))) continue;
          const kind = tag === 'img' || tag === 'video' || tag === 'audio' || tag === 'iframe' ? tag : 'placeholder';
          const img = m as HTMLImageElement;
          const loaded = tag === 'video' || tag === 'audio' ? (m as HTMLMediaElement).readyState >= 1 : null;
          media.push({ kind, width: mb.width, height: mb.height, naturalRatio: tag === 'img' && img.naturalWidth > 0 ? img.naturalWidth / img.naturalHeight : null, loaded });
        }
        let link = null;
        if (name === 'button') {
          const a = el.querySelector('.wp-block-button__link, a');
          if (a) {
            const ls = getComputedStyle(a);
            const colourChosen =
              Array.from(a.classList).some((c) => /^has-(?!link-)(?:text-|(?!(?:[a-z0-9-]*-)?(?:background|border)-color$)[a-z0-9-]+-)color$/.test(c)) ||
              /(^|;)\s*color\s*:/.test(a.getAttribute('style') ?? '');
            link = { color: ls.color, background: ls.backgroundColor, borderWidth: px(ls.borderTopWidth), borderColor: ls.borderTopColor, paddingLeft: px(ls.paddingLeft), fontSize: px(ls.fontSize), colourChosen };
          }
        }
        let overlay = null;
        if (name === 'cover') {
          const span = el.querySelector('.wp-block-cover__background, .wp-block-cover__gradient-background');
          if (span) {
            const os = getComputedStyle(span);
            overlay = { background: os.backgroundColor, opacity: px(os.opacity) };
          }
        }
        blocks.push({
          name,
          index,
          classes: Array.from(el.classList),
          inlineStyle: el.getAttribute('style') ?? '',
          box,
          visible: box.width > 0 && box.height > 0 && cs.visibility !== 'hidden' && cs.display !== 'none',
          words: words(el),
          color: cs.color,
          background: cs.backgroundColor,
          fontSize: px(cs.fontSize),
          textAlign: cs.textAlign,
          float: cs.float,
          paddingLeft: px(cs.paddingLeft),
          fontStyle: cs.fontStyle,
          borders: { top: px(cs.borderTopWidth), right: px(cs.borderRightWidth), bottom: px(cs.borderBottomWidth), left: px(cs.borderLeftWidth) },
          items: itemEls.filter((c) => c.getBoundingClientRect().width > 0).map(boxOf),
          media,
          link,
          overlay,
        });
      }
      return { url: location.href, viewport: { width: window.innerWidth, height: window.innerHeight }, content: contentBox, paragraphFontSize, blocks };
    },
    { selectors: [...rootSelectors], known: [...MEASURED_BLOCKS] },
  ) as Promise<PageMeasure>;
}
