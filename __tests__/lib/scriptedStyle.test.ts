/**
 * Issue 19: style set from script on <main> and the footer goes into a rule of a constructed
 * stylesheet, not their style attributes (src/lib/browser/scriptedStyle.ts). Real Chromium checks the
 * effect (e2e/alerts.e2e.ts: the top bar's arrival restyles the bar and what it moves); here,
 * where each value goes.
 */
import { scriptedStyle } from '@/lib/browser/scriptedStyle';

/** A stand-in for Chromium's constructed stylesheets, which jsdom lacks. */
class FakeSheet {
  cssRules: { selectorText: string; style: CSSStyleDeclaration }[] = [];
  replaceSync(text: string) {
    const selectorText = text.replace(/\s*\{\s*\}\s*$/, '');
    this.cssRules = [{ selectorText, style: document.createElement('div').style }];
  }
}

interface FakeDocument {
  defaultView: { CSSStyleSheet: typeof FakeSheet };
  adoptedStyleSheets: FakeSheet[];
}

const fakeDocument = (): FakeDocument => ({ defaultView: { CSSStyleSheet: FakeSheet }, adoptedStyleSheets: [] });
const asDocument = (doc: FakeDocument) => doc as unknown as Document;

describe('scriptedStyle', () => {
  test('with constructed stylesheets: the value is a rule for the selector, adopted by the document; no element’s style attribute changes', () => {
    const doc = fakeDocument();
    const main = document.createElement('main');
    const style = scriptedStyle(asDocument(doc), '#main, #main ~ footer', () => [main]);
    expect(doc.adoptedStyleSheets).toHaveLength(1);
    const [rule] = doc.adoptedStyleSheets[0].cssRules;
    expect(rule.selectorText).toBe('#main, #main ~ footer');

    style.setProperty('--site-notice-offset', '61px');
    expect(rule.style.getPropertyValue('--site-notice-offset')).toBe('61px');
    expect(main.hasAttribute('style')).toBe(false);

    style.dispose();
    expect(doc.adoptedStyleSheets).toEqual([]);
  });

  test('keeps the sheets others adopted', () => {
    const doc = fakeDocument();
    const theirs = new FakeSheet();
    doc.adoptedStyleSheets = [theirs];
    const style = scriptedStyle(asDocument(doc), 'body', () => []);
    expect(doc.adoptedStyleSheets).toHaveLength(2);
    style.dispose();
    expect(doc.adoptedStyleSheets).toEqual([theirs]);
  });

  test('without them (jsdom, Safari before 16.4): the value is set inline on the fallback elements, and taken off again', () => {
    const main = document.createElement('main');
    const footer = document.createElement('footer');
    const style = scriptedStyle(document, '#main, #main ~ footer', () => [main, footer]);
    style.setProperty('--site-notice-offset', '61px');
    expect([main, footer].map((el) => el.style.getPropertyValue('--site-notice-offset'))).toEqual(['61px', '61px']);
    style.dispose();
    expect([main, footer].map((el) => el.style.getPropertyValue('--site-notice-offset'))).toEqual(['', '']);
  });
});
