import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

/**
 * No import cycles in the site's code (issue 36): a module is loaded before what it imports, so a
 * cycle hands one side a half-initialised module. `import type` is not a cycle (it is erased).
 */
const noCycles = {
  files: ['src/**/*.{ts,tsx,mjs}', 'pages/**/*.{ts,tsx}', 'instrumentation.ts', 'proxy.ts', 'next.config.ts'],
  rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
};

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  noCycles,
  { ignores: ['.next/**', '.cache/**', 'node_modules/**', 'coverage/**', 'next-env.d.ts', 'public/**'] },
];

export default config;
