/** @jest-environment node */
/**
 * Issue 36: the site hydrates in a transition by replacing `hydrateRoot` on `react-dom/client`'s
 * export object (src/lib/internals/reactHydrateRoot.ts). This fails when Next's Pages Router stops
 * reading it from that object at hydration time, or React's export stops being replaceable.
 */
import { readFileSync } from 'node:fs';
import { wrapHydrateRoot, type HydrateRoot, type HydrateRootHolder } from '@/lib/internals/reactHydrateRoot';

describe('issue 36: Next hydrates through react-dom/client’s export object', () => {
  test('next/dist/client/index.js calls hydrateRoot on the module object when it hydrates (not a copy taken at import)', () => {
    const source = readFileSync(require.resolve('next/dist/client/index.js'), 'utf8');
    const binding = /const (\w+) = [^;\n]*require\("react-dom\/client"\)\)?;/.exec(source)?.[1];
    expect(binding).toBeDefined();
    expect(source).toContain(`${binding}.default.hydrateRoot(`);
    // No other reading of it (say a destructured copy) that a replacement would miss.
    expect(source.match(/hydrateRoot/g)?.length).toBe(1);
  });

  test('react-dom/client is CommonJS (its default import is module.exports) with a replaceable hydrateRoot', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const client = require('react-dom/client') as HydrateRootHolder & { __esModule?: boolean };
    expect(client.__esModule).toBeFalsy();
    const descriptor = Object.getOwnPropertyDescriptor(client, 'hydrateRoot');
    expect(typeof descriptor?.value).toBe('function');
    expect(descriptor?.writable).toBe(true);
  });

  test('wrapHydrateRoot replaces it once; what Next then calls is the wrapper', () => {
    const original = jest.fn() as unknown as HydrateRoot;
    const holder: HydrateRootHolder = { hydrateRoot: original };
    const wrap = jest.fn((inner: HydrateRoot) => ((...args: Parameters<HydrateRoot>) => inner(...args)) as HydrateRoot);
    wrapHydrateRoot(wrap, holder);
    wrapHydrateRoot(wrap, holder);
    expect(wrap).toHaveBeenCalledTimes(1);
    expect(holder.hydrateRoot).not.toBe(original);
  });
});
