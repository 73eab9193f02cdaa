import sanitizeHtml from 'sanitize-html';

/**
 * CMS HTML is untrusted: it is cleaned on the server with an allow-list before it reaches a page
 * (RichHtml renders the result as it is). Scripts, event handlers, `javascript:` URLs, iframes,
 * objects, `<base>`, `<meta>`, forms and `<style>` never pass. The result is also finished here:
 * links that open a new window get `noopener noreferrer`, images load lazily (CMS bodies sit below
 * the page's title) and keep the width and height the CMS gave them, so nothing shifts.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup',
    'mark', 'abbr', 'cite', 'q', 'blockquote', 'code', 'pre', 'kbd', 'ul', 'ol', 'li', 'dl', 'dt', 'dd',
    'a', 'img', 'figure', 'figcaption', 'picture', 'source', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th',
    'td', 'caption', 'colgroup', 'col', 'span', 'div', 'section', 'time',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'srcset', 'sizes', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
    source: ['srcset', 'sizes', 'type', 'media'],
    abbr: ['title'],
    time: ['datetime'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    ol: ['start', 'reversed', 'type'],
    '*': ['class', 'id', 'lang', 'dir'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'], source: ['http', 'https'] },
  allowProtocolRelative: false,
  // Headings in CMS bodies start at h2: the page's title is its only h1.
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => {
      // A link that opens a new window must not hand it `window.opener`.
      if (attribs.target === '_blank') {
        const rel = new Set((attribs.rel ?? '').split(/\s+/).filter(Boolean));
        rel.add('noopener');
        rel.add('noreferrer');
        return { tagName, attribs: { ...attribs, rel: [...rel].join(' ') } };
      }
      return { tagName, attribs };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy', decoding: 'async' } }),
  },
  disallowedTagsMode: 'discard',
  // The text of dropped script/style/etc. elements is dropped with them.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'title'],
};

export function sanitizeCmsHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
