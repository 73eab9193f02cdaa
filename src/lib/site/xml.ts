/** XML text and attribute escaping for the sitemap and the feeds. */

// Characters XML 1.0 does not allow at all (C0 controls but tab/LF/CR, lone surrogates, U+FFFE/FFFF).
const NOT_XML_CHAR = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Escapes text for an XML element or a quoted attribute, dropping characters XML cannot carry. */
export function escapeXml(value: string): string {
  return value.replace(NOT_XML_CHAR, '').replace(/[&<>"']/g, (c) => ENTITIES[c]);
}
