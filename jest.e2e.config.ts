import type { Config } from 'jest';
import nextJest from 'next/jest.js';

/**
 * Browser tests (`npm run test:e2e`): real Chromium (Debian's /usr/bin/chromium, driven by
 * playwright-core) against a production build of the site served by `next start`, over the
 * local content server. The global setup builds and starts everything once (e2e/harness); every
 * test file shares that one build. Files run one at a time, in the order of e2e/harness/sequencer.mjs
 * (the stateful ones last). See docs/testing.md "Browser tests".
 */
const createJestConfig = nextJest({ dir: './' });

/**
 * `npm run test:e2e:real` (E2E_WORDPRESS=real): the same browser checks of every template, the
 * menu, search, 404s and frame pages, over a site built on a real WordPress with the plugin and
 * the seed, plus the tests that only make sense there (e2e/real/: the fake held to WordPress).
 * The other files drive the local content server's test-only admin API or stop it.
 */
const REAL_WORDPRESS_FILES = ['templates', 'menu', 'search'].map((name) => `<rootDir>/e2e/${name}.e2e.ts`);
const real = process.env.E2E_WORDPRESS === 'real';

const config: Config = {
  displayName: 'e2e',
  cacheDirectory: '<rootDir>/.cache/jest-e2e',
  // Not the harness's state: a real WordPress's plugins (Redirection ships JavaScript mocks) live under .cache/.
  modulePathIgnorePatterns: ['<rootDir>/.cache/'],
  testEnvironment: 'node',
  testMatch: real ? [...REAL_WORDPRESS_FILES, '<rootDir>/e2e/real/**/*.e2e.ts'] : ['<rootDir>/e2e/**/*.e2e.ts'],
  testPathIgnorePatterns: real ? ['/node_modules/'] : ['/node_modules/', '<rootDir>/e2e/real/'],
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/src/$1' },
  globalSetup: '<rootDir>/e2e/harness/globalSetup.ts',
  globalTeardown: '<rootDir>/e2e/harness/globalTeardown.ts',
  testSequencer: '<rootDir>/e2e/harness/sequencer.mjs',
  // One browser, one site: no parallel files (the script also passes --runInBand).
  maxWorkers: 1,
  // A page that the site regenerates while the content server is down waits for 3 attempts × 3 s.
  testTimeout: 180_000,
  slowTestThreshold: 60,
};

export default createJestConfig(config);
