/**
 * The bench's "tap → result drawn" (scripts/bench/interaction.ts, `shown`): each target's selector
 * read against the page's markup in jsdom (the rest of the bench's tests run in node).
 */
import { interactionTargets } from '../../scripts/bench/interaction';

describe('issue 19 interaction: when the tap\'s result counts as drawn', () => {
  const page = (html: string) => {
    document.body.innerHTML = html;
    return (selector: string) => document.querySelector(selector) !== null;
  };
  const banner = '<div id="cc-main"><div class="cm" role="dialog" aria-modal="true"></div></div>';

  it('the Menu: only its drawer, shown (not the consent banner, also a modal dialog)', () => {
    const [menu] = interactionTargets('http://127.0.0.1:3000');
    expect(page(`<header><div role="dialog" aria-modal="true" hidden></div></header>${banner}`)(menu.shown)).toBe(false);
    expect(page(`<header><div role="dialog" aria-modal="true"></div></header>${banner}`)(menu.shown)).toBe(true);
  });

  it('the preferences: the dialog built and shown, not the dimming before it', () => {
    const [, preferences] = interactionTargets('http://127.0.0.1:3000');
    document.documentElement.className = 'cc--opening';
    expect(page(banner)(preferences.shown)).toBe(false);
    document.documentElement.className = 'show--preferences';
    expect(page(`<div id="cc-main"><div class="pm-wrapper"><div class="pm" role="dialog"></div></div></div>`)(preferences.shown)).toBe(true);
    document.documentElement.className = '';
  });
});
