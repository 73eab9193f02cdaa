/**
 * Style set from script on elements with large subtrees (<main>, the footer, <body>), as a rule of
 * a stylesheet of its own instead of an inline style (issue 19).
 *
 * Why: an inline style is the element's `style` attribute, and WordPress's block CSS has selectors
 * on that attribute followed by `> *` (the table block's `table[style*=border-…] > *`). Chromium
 * cannot tell which descendants such a selector may reach, so while one is on the page any change
 * of any element's `style` attribute restyles that element's whole subtree. On the block-rich
 * article, setting the top bar's offset on <main> restyled 337 elements (about 4 ms here, several
 * times that on a phone); the same value in a rule restyles the 4 elements the selector matches.
 *
 * The rule lives in a constructed stylesheet adopted by the document (no `<style>` element, nothing
 * for the CSP to allow). Where constructed stylesheets are missing (Safari before 16.4, jsdom), the
 * values are set inline on `fallback()`'s elements instead: the same result, at the old cost.
 */
export interface ScriptedStyle {
  setProperty(name: string, value: string): void;
  /** Takes the rule away (or the inline values set through it). */
  dispose(): void;
}

export function scriptedStyle(doc: Document, selector: string, fallback: () => Iterable<HTMLElement>): ScriptedStyle {
  const Sheet = doc.defaultView?.CSSStyleSheet;
  if (Sheet && 'adoptedStyleSheets' in doc && typeof Sheet.prototype.replaceSync === 'function') {
    const sheet = new Sheet();
    sheet.replaceSync(`${selector} {}`);
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
    const { style } = sheet.cssRules[0] as CSSStyleRule;
    return {
      setProperty: (name, value) => style.setProperty(name, value),
      dispose: () => {
        doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
      },
    };
  }
  const set = new Set<string>();
  return {
    setProperty: (name, value) => {
      set.add(name);
      for (const element of fallback()) element.style.setProperty(name, value);
    },
    dispose: () => {
      for (const element of fallback()) for (const name of set) element.style.removeProperty(name);
      set.clear();
    },
  };
}
