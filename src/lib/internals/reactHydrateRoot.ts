import ReactDOMClient from 'react-dom/client';

/**
 * Framework internal (issue 36, docs/architecture.md "Framework internals relied on"): Next's
 * Pages Router hydrates by calling `hydrateRoot` on `react-dom/client`'s export object at the
 * moment it hydrates (`_client.default.hydrateRoot(…)` in next/dist/client/index.js), after
 * pages/_app's imports have run. Replacing the property on that object is how the site hydrates
 * in a transition (src/lib/browser/hydrateInTransition.ts). Neither React nor Next promises either half:
 * __tests__/internals/reactHydrateRoot.test.ts fails when Next stops reading it there or React's
 * export stops being replaceable.
 */
export type HydrateRoot = typeof ReactDOMClient.hydrateRoot;

/** What holds the `hydrateRoot` Next calls: `react-dom/client`'s export object. */
export interface HydrateRootHolder {
  hydrateRoot: HydrateRoot;
}

const WRAPPED = Symbol.for('site.hydrateInTransition');

/** Replaces `holder.hydrateRoot` by `wrap(original)`, once (a second call does nothing). */
export function wrapHydrateRoot(wrap: (original: HydrateRoot) => HydrateRoot, holder: HydrateRootHolder = ReactDOMClient): void {
  const original = holder.hydrateRoot as HydrateRoot & { [WRAPPED]?: true };
  if (typeof original !== 'function' || original[WRAPPED]) return;
  const wrapped: HydrateRoot & { [WRAPPED]?: true } = wrap(original);
  wrapped[WRAPPED] = true;
  holder.hydrateRoot = wrapped;
}
