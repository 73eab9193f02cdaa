/** @jest-environment node */
import path from 'node:path';
import { PHASE_PRODUCTION_BUILD } from 'next/constants';
import type { NextConfig } from 'next';
import { config } from '../../proxy';
import { BROWSER_MATCHERS_DEFINE } from '../../src/lib/internals/nextDefineProxyMatchers';
import { PAGE_TAGGING_MATCHER, withoutPageTagging } from '../../src/lib/site/browserProxyMatchers';
import { isolatedDefault } from '../helpers/isolatedModules';

/**
 * Issue 19: the browser build gets the proxy's matchers without the one that only tags pages, so
 * no page makes Next's mount-time `router.replace` (e2e/mount-route.e2e.ts shows it in Chromium).
 */

// As Next serialises them for its DefinePlugin (define-env.js): JSON of { regexp, originalSource }.
const serialized = (sources: string[]) => JSON.stringify(sources.map((originalSource) => ({ regexp: `^${originalSource}$`, originalSource })));
const sources = (json: string) => (JSON.parse(json) as { originalSource: string }[]).map((m) => m.originalSource);

describe('issue 19: the proxy matcher that only tags pages stays on the server', () => {
  test('proxy.ts matches pages with exactly the matcher the browser build leaves out', () => {
    expect(config.matcher).toContain(PAGE_TAGGING_MATCHER);
  });

  test('every other matcher of proxy.ts (crawler documents, redirects, trailing slashes) reaches the browser, in order', () => {
    const all = config.matcher;
    expect(sources(withoutPageTagging(serialized(all)))).toEqual(all.filter((m) => m !== PAGE_TAGGING_MATCHER));
    expect(sources(withoutPageTagging(serialized(all)))).toEqual(expect.arrayContaining(['/news', '/sitemap.xml', '/((?!_next/).+/)']));
  });

  test('a list without the page matcher is an error that says where to look, not a quiet no-op', () => {
    expect(() => withoutPageTagging(serialized(['/news']))).toThrow(/has no matcher .*proxy\.ts.*browserProxyMatchers\.ts/);
  });
});

describe('issue 19: next.config.ts narrows the browser build’s define, not the server’s', () => {
  type Webpack = NonNullable<NextConfig['webpack']>;
  let webpackHook: Webpack;
  beforeAll(() => {
    const configForPhase = isolatedDefault<(phase: string) => NextConfig>(path.join(__dirname, '../../next.config'));
    webpackHook = configForPhase(PHASE_PRODUCTION_BUILD).webpack as Webpack;
  });

  const build = (isServer: boolean, plugins: unknown[]) =>
    webpackHook({ plugins } as never, { isServer, webpack: { Compilation: { PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE: 0 }, sources: {} } } as never) as { plugins: unknown[] };
  const definePlugin = () => ({ definitions: { 'process.env.OTHER': '"x"', [BROWSER_MATCHERS_DEFINE]: serialized(['/news', PAGE_TAGGING_MATCHER]) } });

  test('the browser build: its define keeps /news and loses the page matcher', () => {
    const define = definePlugin();
    build(false, [{}, define]);
    expect(sources(define.definitions[BROWSER_MATCHERS_DEFINE])).toEqual(['/news']);
    expect(define.definitions['process.env.OTHER']).toBe('"x"');
  });

  test('the server build is left as Next made it (its matchers tag the pages)', () => {
    const define = definePlugin();
    build(true, [define]);
    expect(sources(define.definitions[BROWSER_MATCHERS_DEFINE])).toEqual(['/news', PAGE_TAGGING_MATCHER]);
  });

  test('a browser build without the define fails, naming it', () => {
    expect(() => build(false, [{ definitions: { 'process.env.OTHER': '"x"' } }])).toThrow(BROWSER_MATCHERS_DEFINE);
  });
});
