/** @jest-environment node */
/**
 * Issue 36: next.config.ts narrows the DefinePlugin entry through which Next gives the browser the
 * proxy's matchers (src/lib/internals/nextDefineProxyMatchers.ts). Here Next's own code reads
 * proxy.ts's config as a build does (statically), makes its matchers and the browser build's
 * define from them; this fails when the key, the serialised shape or the page matcher's string
 * (kept equal to proxy.ts's by hand) no longer line up.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BROWSER_MATCHERS_DEFINE, narrowBrowserMatchersDefine } from '@/lib/internals/nextDefineProxyMatchers';
import { PAGE_TAGGING_MATCHER, withoutPageTagging } from '@/lib/site/browserProxyMatchers';

/* eslint-disable @typescript-eslint/no-require-imports */
const { loadBindings } = require('next/dist/build/swc') as { loadBindings(): Promise<unknown> };
const { parseModule } = require('next/dist/build/analysis/parse-module') as { parseModule(file: string, source: string): Promise<unknown> };
const { extractExportedConstValue } = require('next/dist/build/analysis/extract-const-value') as { extractExportedConstValue(module: unknown, name: string): { value: unknown } | null };
const { getMiddlewareMatchers } = require('next/dist/build/analysis/get-page-static-info') as { getMiddlewareMatchers(matchers: unknown, config: object): { originalSource: string }[] };
const { getDefineEnv } = require('next/dist/build/define-env') as { getDefineEnv(options: Record<string, unknown>): Record<string, string> };
const { defaultConfig } = require('next/dist/server/config-shared') as { defaultConfig: Record<string, unknown> };
/* eslint-enable @typescript-eslint/no-require-imports */

const PROXY = path.join(__dirname, '../../proxy.ts');

/** proxy.ts's `config`, read without running the file (what `next build` does: it must be a literal). */
async function proxyConfigAsNextReadsIt(): Promise<{ matcher: string[] }> {
  return extractExportedConstValue(await parseModule(PROXY, readFileSync(PROXY, 'utf8')), 'config')?.value as { matcher: string[] };
}

/** The browser build's define as `next build --webpack` makes it, from proxy.ts read as Next reads it. */
async function browserDefine(): Promise<Record<string, string>> {
  const config = await proxyConfigAsNextReadsIt();
  const middlewareMatchers = getMiddlewareMatchers(config.matcher, defaultConfig);
  return getDefineEnv({
    isTurbopack: false,
    config: defaultConfig,
    dev: false,
    distDir: '.next',
    projectPath: path.join(__dirname, '../..'),
    hasRewrites: false,
    isClient: true,
    isEdgeServer: false,
    isNodeServer: false,
    middlewareMatchers,
    omitNonDeterministic: true,
    rewrites: { beforeFiles: [], afterFiles: [], fallback: [] },
  });
}

describe('issue 36: Next’s define of the proxy matchers for the browser', () => {
  // Next's SWC bindings, which its static reading of proxy.ts parses with (a build loads them first too).
  beforeAll(() => loadBindings(), 60_000);

  test('Next reads proxy.ts’s matcher statically, the page matcher among them', async () => {
    const config = await proxyConfigAsNextReadsIt();
    expect(config.matcher).toContain(PAGE_TAGGING_MATCHER);
  });

  test('the webpack browser build defines BROWSER_MATCHERS_DEFINE as JSON of { originalSource }, and narrowing drops exactly the page matcher', async () => {
    const define = await browserDefine();
    expect(Object.keys(define)).toContain(BROWSER_MATCHERS_DEFINE);
    const serialized = define[BROWSER_MATCHERS_DEFINE];
    const before = (JSON.parse(serialized) as { originalSource: string }[]).map((m) => m.originalSource);
    const after = (JSON.parse(withoutPageTagging(serialized)) as { originalSource: string }[]).map((m) => m.originalSource);
    expect(after).toEqual(before.filter((source) => source !== PAGE_TAGGING_MATCHER));
    expect(after.length).toBe(before.length - 1);
  });

  test('narrowBrowserMatchersDefine rewrites the plugin’s definitions in place (as next.config.ts does on Next’s DefinePlugin)', async () => {
    const plugin = { definitions: await browserDefine() };
    narrowBrowserMatchersDefine([{}, plugin], withoutPageTagging);
    expect(plugin.definitions[BROWSER_MATCHERS_DEFINE]).not.toContain(JSON.stringify(PAGE_TAGGING_MATCHER));
  });

  test('the browser reads the define where page-loader.js asks for the matchers', () => {
    expect(readFileSync(require.resolve('next/dist/client/page-loader.js'), 'utf8')).toContain(BROWSER_MATCHERS_DEFINE);
  });
});
