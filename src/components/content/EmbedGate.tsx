import { useEffect, type RefObject } from 'react';

/** The gate's module: loaded on demand, only for HTML that holds embed placeholders (none of it is in the First Load JS). */
export const loadEmbedGate = () => import('@/lib/embeds/gate');

/**
 * True when sanitized CMS HTML holds an embed placeholder (`embedPlaceholderHtml`'s
 * `data-embed-src`): the same set of bodies as a non-empty `styles.embeds`, and frame rich text too.
 */
export function hasEmbeds(html: string): boolean {
  return html.includes('data-embed-src=');
}

/**
 * Turns the consent placeholders inside `ref` into iframes once the visitor consents
 * (src/lib/embeds/gate.ts, docs/blocks.md "Embeds"). For HTML without placeholders it loads
 * nothing. A new `html` (client-side navigation) gets the gate afresh.
 */
export function useEmbedGate(ref: RefObject<HTMLElement | null>, html: string): void {
  useEmbedGateOn(ref, hasEmbeds(html), html);
}

/**
 * The gate on the placeholders found under `ref` while `active`; started afresh when `key`
 * changes. Also for markup React did not render (StaticHtml's kept markup, issue 19).
 */
export function useEmbedGateOn(ref: RefObject<HTMLElement | null>, active: boolean, key: unknown): void {
  useEffect(() => {
    const root = ref.current;
    if (!active || !root?.querySelector('[data-embed-src]')) return;
    let cancelled = false;
    let stop: (() => void) | null = null;
    // Loaded on a task of its own, not inside the effects React runs after hydration: adding the
    // chunk's script and stylesheet elements took about 4 ms there, in a task already near 10 ms
    // (issue 19; afterPaint and the consent manager do the same).
    const timer = setTimeout(() => {
      void loadEmbedGate().then(({ startEmbedGate }) => {
        if (!cancelled) stop = startEmbedGate(root);
      });
    }, 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      stop?.();
    };
  }, [ref, active, key]);
}
