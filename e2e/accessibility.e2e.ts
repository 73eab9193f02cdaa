/**
 * Rule: no serious or critical accessibility violation (axe-core, every rule it runs by default:
 * WCAG 2.x A/AA and best practices) on one page of each template, at 1280 px: home, an fp_page, a
 * news article, a blog post, an event, a white paper, a case study, a press release, a partner
 * interview, a listing page and the 404 page.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ContentTypeName } from '../src/lib/shared/types';
import { DESKTOP, launchBrowser, openPage } from './helpers/browser';
import { firstItem, gotoHydrated } from './helpers/site';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await openPage(browser, DESKTOP));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

function describeViolation(v: Result): string {
  const targets = v.nodes.slice(0, 5).map((n) => `      ${n.target.join(' ')}${n.failureSummary ? `: ${n.failureSummary.split('\n').slice(1).join(' ').trim()}` : ''}`);
  const more = v.nodes.length > 5 ? [`      … and ${v.nodes.length - 5} more`] : [];
  return [`${v.impact} ${v.id}: ${v.help} (${v.nodes.length} element${v.nodes.length === 1 ? '' : 's'})`, ...targets, ...more].join('\n');
}

const item = (name: ContentTypeName) => async () => (await firstItem(name)).path;
const fixed = (path: string) => async () => path;

const PAGES: [string, () => Promise<string>, number][] = [
  ['home', fixed('/'), 200],
  ['an fp_page', fixed('/pages/secure-switching'), 200],
  ['a news article', item('news'), 200],
  ['a blog post', item('blog'), 200],
  ['an event', item('event'), 200],
  ['a white paper', item('whitePaper'), 200],
  ['a case study', item('caseStudy'), 200],
  ['a press release', item('pressRelease'), 200],
  ['a partner interview', item('partnerInterview'), 200],
  ['a listing page', fixed('/about-us/news'), 200],
  ['the 404 page', fixed('/pages/no-such-page-e2e'), 404],
];

describe('no serious or critical accessibility violation (axe) at 1280 px', () => {
  test.each(PAGES)('%s', async (_name, pathOf, status) => {
    const path = await pathOf();
    expect({ path, status: await gotoHydrated(page, path) }).toEqual({ path, status });
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map(describeViolation);
    expect({ path, violations: serious }).toEqual({ path, violations: [] });
  });
});
