/** @jest-environment node */
/**
 * Issue 36: caches register themselves for invalidation (src/lib/cache/processCaches.ts), so a
 * new per-process cache cannot be left off a hand-kept list and stay stale on the other
 * instances. Every per-process slot of src/ (`processShared('name', …)`) and every module-level
 * cache (`new Map()`, `new Set()`, `createLru`, `createTtlCache`, `createDocumentCache` at a
 * module's top level) is found in the source; each must be registered, or listed below with why
 * no invalidation clears it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { clearRegisteredCaches, processCaches } from '@/lib/cache/processCaches';
import { clearProcessCaches } from '@/lib/site/invalidation';

const ROOT = path.join(__dirname, '../..');
const SOURCE_DIRS = ['src', 'pages'];

/** processShared slots that are not caches of WordPress content, and why an invalidation leaves them. */
const NOT_INVALIDATED: Record<string, string> = {
  'process-caches': 'the registry itself',
  'bounded-caches': 'the LRU registry (names every bounded cache; holds no content of its own)',
  'purge-queue': 'the purge queue: work, not a copy of content',
  'search-site-index': 'the search index: refreshed item by item by the same message (refreshSearchIndex in invalidation.ts)',
  redirects: 'the redirect table: reloaded from Redis by the same message (`redirects: true`)',
  'site-seo-last-good': 'the last complete identity, served while WordPress fails (never cleared on purpose)',
  'build-frame-cache': 'frames shared by one `next build` process (not used at run time)',
  'regenerate-preview-mode-id': "the build's preview-mode id, not content",
  'regenerate-on-demand-runs': 'which pages the worker’s regenerations ran, and when (src/lib/site/regenerate.ts), not content',
  'invalidation-origin': 'this process’s id',
  wordpressUrgentReads: 'the urgent-read context of the worker’s reads (src/lib/wordpress/recovery.ts), not content',
  wordpressRecovery: 'the attempts pending on WordPress and whether it is failing, not content',
  'invalidation-broadcast': 'the broadcast’s outage log state',
  'invalidation-ack-waiters': 'acks awaited by the webhook',
  'invalidation-subscribers': 'the pub/sub subscriber',
  'site-jobs-worker': 'the job worker',
  'catch-up': 'the catch-up state (the last-heard time)',
};

/** Module-level caches outside processShared (`file#variable`), and why no invalidation clears them. */
const MODULE_LEVEL_NOT_INVALIDATED: Record<string, string> = {
  'src/components/frames/registry.ts#warnedTypes': 'unknown frame types already warned about (a log, not content)',
  'src/components/static/StaticHtml.tsx#reloaded': 'browser: addresses whose data was loaded again once',
  'src/components/alerts/dismissal.ts#inMemory': 'browser: alerts the visitor dismissed',
  'src/lib/consent/store.ts#listeners': 'browser: consent listeners',
  'src/lib/consent/store.ts#embedListeners': 'browser: consent listeners',
  'src/lib/search/words.ts#stems': 'word stems: a pure function’s memo, the same for any content',
  'src/lib/cache/sharedIsrCache.mjs#buildIds': 'the ISR handler’s build id per distDir, not content',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [relative] : [];
  });
}

const SLOT = /processShared(?:<[^>]*>)?\(\s*'([^']+)'/g;
const MODULE_LEVEL_CACHE = /^(?:export )?(?:const|let) (\w+)(?::[^=]+)? = (?:new (?:Map|Set|WeakMap|WeakSet)(?:<[^\n(]*>)?\(\)|createLru\b|createTtlCache\b|createDocumentCache\b)/gm;

/** What the source of one file declares: its processShared slots and its module-level caches. */
function cachesDeclaredIn(source: string): { slots: string[]; moduleLevel: string[] } {
  return {
    slots: [...source.matchAll(SLOT)].map((m) => m[1]),
    moduleLevel: [...source.matchAll(MODULE_LEVEL_CACHE)].map((m) => m[1]),
  };
}

const files = SOURCE_DIRS.flatMap(sourceFiles).filter((file) => !file.endsWith(path.join('lib', 'processShared.ts')));
const declared = files.map((file) => ({ file: file.split(path.sep).join('/'), ...cachesDeclaredIn(readFileSync(path.join(ROOT, file), 'utf8')) }));

describe('issue 36: every per-process cache registers itself for invalidation', () => {
  beforeAll(() => {
    // Load every module that declares a slot, as the server's bundles would (registration is at load).
    for (const { file } of declared.filter((d) => d.slots.length > 0)) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require(path.join(ROOT, file));
    }
  });

  test('the scan finds the slots and the module-level caches it should', () => {
    expect(cachesDeclaredIn("const cache = processShared('a-cache', () =>\n  createTtlCache(1, { name: 'x', maxEntries: 1 }));\nexport const s = processShared<S>('b', () => ({}));")).toEqual({ slots: ['a-cache', 'b'], moduleLevel: [] });
    expect(cachesDeclaredIn('const seen = new Map<string, number>();\nconst TABLE = new Map([[1, 2]]);\nfunction f() {\n  const local = new Map();\n}\nlet lru = createLru("x", 3);')).toEqual({ slots: [], moduleLevel: ['seen', 'lru'] });
    expect(declared.flatMap((d) => d.slots)).toEqual(expect.arrayContaining(['menu-cache', 'feed-caches', 'sitemap-cache']));
  });

  test('each processShared slot is a registered cache or says why it is not invalidated', () => {
    const unaccounted = declared.flatMap(({ file, slots }) =>
      slots.filter((slot) => !processCaches().has(slot) && !Object.hasOwn(NOT_INVALIDATED, slot)).map((slot) => `${file}: processShared('${slot}')`),
    );
    expect(unaccounted).toEqual([]);
  });

  test('each module-level cache is listed with why no invalidation clears it (a cache of content belongs in processShared, registered)', () => {
    const unaccounted = declared.flatMap(({ file, moduleLevel }) => moduleLevel.map((name) => `${file}#${name}`)).filter((key) => !Object.hasOwn(MODULE_LEVEL_NOT_INVALIDATED, key));
    expect(unaccounted).toEqual([]);
  });

  test('nothing is both registered and listed as not invalidated; every listed entry still exists', () => {
    const slots = new Set(declared.flatMap((d) => d.slots));
    const moduleLevel = new Set(declared.flatMap(({ file, moduleLevel: names }) => names.map((name) => `${file}#${name}`)));
    expect(Object.keys(NOT_INVALIDATED).filter((slot) => processCaches().has(slot) || !slots.has(slot))).toEqual([]);
    expect(Object.keys(MODULE_LEVEL_NOT_INVALIDATED).filter((key) => !moduleLevel.has(key))).toEqual([]);
  });

  test('the scopes clear the same caches as the list issue 36 replaced', () => {
    const registered = [...processCaches().values()];
    const clearedBy = (scope: 'menu' | 'content') => registered.filter((c) => c.scopes.includes(scope)).map((c) => c.name).sort();
    expect(clearedBy('menu')).toEqual(['block-css', 'feed-caches', 'menu-cache', 'post-types-cache', 'site-seo-cache']);
    expect(clearedBy('content')).toEqual(['feed-caches', 'frame-image-cache', 'frame-type-cache', 'sitemap-cache']);
  });

  test('an invalidation reaches each registered clear, once, for its scopes only', () => {
    const spies = [...processCaches().values()].map((cache) => [cache.name, jest.spyOn(cache, 'clear').mockImplementation(() => undefined)] as const);
    try {
      clearProcessCaches({ menu: false, content: false });
      expect(spies.filter(([, spy]) => spy.mock.calls.length > 0)).toEqual([]);
      clearProcessCaches({ menu: true, content: true });
      for (const [name, spy] of spies) expect([name, spy.mock.calls.length]).toEqual([name, 1]);
      expect(clearRegisteredCaches({ menu: false, content: true }).sort()).toEqual(['feed-caches', 'frame-image-cache', 'frame-type-cache', 'sitemap-cache']);
    } finally {
      spies.forEach(([, spy]) => spy.mockRestore());
    }
  });
});
