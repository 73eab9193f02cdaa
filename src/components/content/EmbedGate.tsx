import { useEffect } from 'react';

/** The gate's module: loaded on demand, only by pages whose body has embeds (none of it is in the First Load JS). */
export const loadEmbedGate = () => import('@/lib/embeds/gate');

export interface EmbedGateProps {
  /** The body's embed providers (`ContentItem.styles.embeds`); nothing loads when empty. */
  embeds: readonly string[];
  /** The body's HTML: a new body (client-side navigation) gets the gate afresh. */
  html: string;
}

/**
 * Turns the body's consent placeholders into iframes once the visitor consents (src/lib/embeds/gate.ts,
 * docs/blocks.md "Embeds"). Renders nothing; on a page without embeds it loads nothing either.
 */
export function EmbedGate({ embeds, html }: EmbedGateProps) {
  const hasEmbeds = embeds.length > 0;
  useEffect(() => {
    if (!hasEmbeds) return;
    let cancelled = false;
    let stop: (() => void) | null = null;
    void loadEmbedGate().then(({ startEmbedGate }) => {
      if (!cancelled) stop = startEmbedGate(document);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [hasEmbeds, html]);
  return null;
}
