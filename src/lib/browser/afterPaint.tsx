import { startTransition, useEffect, useState, type ComponentType } from 'react';

/**
 * A component whose code is loaded in the browser after the page has rendered: nothing on the
 * server, during hydration or until its chunk arrives; then the component itself. Like next/dynamic
 * with `ssr: false`, without its loader runtime (issue 5: that runtime cost about 1.5 kB gzip of every
 * page's First Load JS, against a 130 kB budget). For parts of the page that only exist in
 * the browser (alerts, analytics). A chunk that fails to load is logged and renders nothing.
 */
export function afterPaint<P extends object>(load: () => Promise<ComponentType<P>>, name: string): ComponentType<P> {
  // Once loaded, later mounts (a client-side navigation) render it at once.
  let loaded: ComponentType<P> | null = null;

  function AfterPaint(props: P) {
    const [Component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    useEffect(() => {
      if (Component) return;
      let mounted = true;
      // Started on a task of its own, not inside the effects React runs after hydration: each
      // part's chunk request (script and stylesheet elements) is then a short task, not part of
      // one long one (issue 19).
      const timer = setTimeout(() => {
        load().then(
          (component) => {
            loaded = component;
            // A transition: React renders it in short tasks that yield to the browser (issue 19:
            // rendered at once, each of these parts was a long task after load).
            if (mounted) startTransition(() => setComponent(() => component));
          },
          (error: unknown) => console.error(`[site] ${name} could not be loaded.`, error),
        );
      }, 0);
      return () => {
        mounted = false;
        clearTimeout(timer);
      };
    }, [Component]);
    return Component ? <Component {...props} /> : null;
  }
  AfterPaint.displayName = `AfterPaint(${name})`;
  return AfterPaint;
}
