import { useEffect, type RefObject } from 'react';
import { startDeferredPreload } from '@/lib/media/deferredPreload';

/**
 * Gives the deferred audio players under `ref` their own `preload` back as they near the screen
 * (src/lib/media/deferredPreload.ts), while `active`; started afresh when `key` changes. For
 * RichHtml's markup and for markup React did not render (StaticHtml's kept markup), as the embed
 * gate is.
 */
export function useDeferredPreloadOn(ref: RefObject<HTMLElement | null>, active: boolean, key: unknown): void {
  useEffect(() => {
    const root = ref.current;
    if (!active || !root) return undefined;
    return startDeferredPreload(root);
  }, [ref, active, key]);
}
