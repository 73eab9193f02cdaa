import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

/**
 * Where code runs, by folder (docs/architecture.md, "How the code is laid out"; issue 36).
 * A folder of src/lib/ is one of three kinds:
 */
/** Browser only: needs the browser's globals; never part of an API route or of server code. */
const BROWSER_ONLY = ['src/lib/browser'];
/** Both sides: safe to load on the server and in the browser; imports only its own kind. */
const BOTH_SIDES = ['src/lib/shared', 'src/lib/spec', 'src/lib/consent', 'src/lib/embeds', 'src/lib/media'];
/** Server only: Node, the configuration's secrets, WordPress reads, Redis. Never in the browser's bundles. */
const SERVER_ONLY = [
  'src/config.ts',
  'src/lib/server',
  'src/lib/html',
  'src/lib/wordpress',
  'src/lib/site',
  'src/lib/search',
  'src/lib/api',
  'src/lib/cache',
  'src/lib/redis',
  'src/lib/redirects',
  'src/lib/preview',
  'src/lib/security',
  'src/lib/css',
];
/** The site's own server entry points besides pages/api/. */
const SERVER_ENTRIES = ['pages/api', 'proxy.ts', 'instrumentation.ts', 'next.config.ts'];

const serverOnlyStaysOnTheServer = {
  target: ['src/components', ...BROWSER_ONLY, ...BOTH_SIDES],
  from: SERVER_ONLY,
  message: 'It is server-only code (src/lib/server/, html/, wordpress/, site/, search/, api/, cache/, redis/, redirects/, preview/, security/, css/, src/config.ts): components, browser code and both-sides code must not import it (docs/architecture.md).',
};
const browserOnlyStaysInTheBrowser = {
  target: [...SERVER_ENTRIES, ...SERVER_ONLY],
  from: BROWSER_ONLY,
  message: 'It is browser-only code (src/lib/browser/): API routes and server code must not import it (docs/architecture.md).',
};
const htmlPipelineThroughItsEntry = {
  target: ['src', 'pages', 'proxy.ts', 'instrumentation.ts', 'next.config.ts'],
  from: 'src/lib/html',
  except: ['./index.ts'],
  message: 'Import the CMS HTML pipeline from src/lib/html (its index.ts), not a file inside it (docs/html-pipeline.md).',
};
const zones = (...list) => ['error', { basePath: import.meta.dirname, zones: list }];
const SITE_CODE = ['src/**/*.{ts,tsx,mjs}', 'pages/**/*.{ts,tsx}', 'proxy.ts', 'instrumentation.ts', 'next.config.ts'];
const HTML_PIPELINE = ['src/lib/html/**'];

const importRules = [
  {
    // No import cycles (a module is loaded before what it imports, so a cycle hands one side a
    // half-initialised module). `import type` is not a cycle: it is erased.
    files: SITE_CODE,
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: SITE_CODE,
    ignores: HTML_PIPELINE,
    rules: { 'import/no-restricted-paths': zones(serverOnlyStaysOnTheServer, browserOnlyStaysInTheBrowser, htmlPipelineThroughItsEntry) },
  },
  {
    // Inside the pipeline its files import each other.
    files: HTML_PIPELINE,
    rules: { 'import/no-restricted-paths': zones(serverOnlyStaysOnTheServer, browserOnlyStaysInTheBrowser) },
  },
];

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  ...importRules,
  { ignores: ['.next/**', '.cache/**', 'node_modules/**', 'coverage/**', 'next-env.d.ts', 'public/**'] },
];

export default config;
