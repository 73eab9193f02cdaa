import { startTransition } from 'react';
import ReactDOMClient from 'react-dom/client';
import { wrapHydrateRoot, type HydrateRoot, type HydrateRootHolder } from '../internals/reactHydrateRoot';

/**
 * Issue 19: the Pages Router's hydration as a transition, as Next's App Router hydrates
 * (`React.startTransition(() => hydrateRoot(...))` in its app-index).
 *
 * Next's Pages Router calls `hydrateRoot` outside any transition, so React hydrates the whole page
 * at the default priority: render and commit in one task that cannot yield. Called inside
 * `startTransition`, the same hydration gets a transition lane, which React renders in slices of
 * about 5 ms, yielding to the browser between them; what it renders and commits is unchanged. A
 * tap on the page before hydration has finished makes React finish it at once (as before).
 *
 * Next reads `hydrateRoot` from the `react-dom/client` module object at the moment it hydrates,
 * after this module (imported by pages/_app.tsx) has run; so replacing it there is enough. Once.
 * That reliance on React's and Next's internals is fenced in src/lib/internals/reactHydrateRoot.ts.
 */
export function hydrateInTransition(client: HydrateRootHolder = ReactDOMClient): void {
  wrapHydrateRoot(
    (original): HydrateRoot =>
      (container, children, options) => {
        let root: ReturnType<HydrateRoot> | undefined;
        startTransition(() => {
          root = original(container, children, options);
        });
        return root!;
      },
    client,
  );
}

if (typeof window !== 'undefined') hydrateInTransition();
