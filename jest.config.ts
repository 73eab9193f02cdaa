import type { Config } from 'jest';
import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

// ESM-only packages that must be transformed for Jest (msw's dependencies, the sanitizer's parser parse5).
const esmPackages = [
  'msw',
  '@mswjs',
  '@open-draft',
  '@bundled-es-modules',
  'until-async',
  'rettime',
  'outvariant',
  'strict-event-emitter',
  'headers-polyfill',
  'entities',
  'parse5',
];

const config: Config = {
  cacheDirectory: '<rootDir>/.cache/jest',
  // Not the harness's state: a real WordPress's plugins (Redirection ships JavaScript mocks) live under .cache/.
  modulePathIgnorePatterns: ['<rootDir>/.cache/'],
  testEnvironment: 'jest-fixed-jsdom',
  // redis-server and Varnish, installed (root) or asked for before any test runs.
  globalSetup: '<rootDir>/__tests__/setup/packages.ts',
  setupFiles: ['<rootDir>/__tests__/setup/env.ts'],
  setupFilesAfterEnv: ['<rootDir>/__tests__/setup/msw.ts'],
  testMatch: ['<rootDir>/__tests__/**/*.test.ts?(x)'],
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/src/$1' },
  testEnvironmentOptions: { customExportConditions: [''] },
};

// next/jest puts its own transformIgnorePatterns first; replace them so the ESM packages above are transformed.
const jestConfig = async (): Promise<Config> => {
  const resolved = await createJestConfig(config)();
  return {
    ...resolved,
    transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`, '^.+\\.module\\.(css|sass|scss)$'],
  };
};

export default jestConfig;
