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

const config: Config = {
  displayName: 'e2e',
  cacheDirectory: '<rootDir>/.cache/jest-e2e',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/e2e/**/*.e2e.ts'],
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
