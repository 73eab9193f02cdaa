import Router from 'next/router';
import { useEffect, useId, useRef, useState, type ElementType, type HTMLAttributes, type MouseEvent, type ReactNode, type TouchEvent } from 'react';
import { useDeferredPreloadOn } from '@/components/content/DeferredPreload';
import { useEmbedGateOn } from '@/components/content/EmbedGate';
import { navigateOnClient } from '@/components/content/RichHtml';
import { prefetchSiteLinkUnder } from '@/components/content/SiteLink';

/**
 * Server HTML that the browser keeps as it is, without hydrating it (issue 19: hydrating the
 * page's static parts was most of React's work at load, and none of it changed what a visitor
 * sees or can do).
 *
 * - On the server it renders its children into its element, marked `data-static` with a `useId`
 *   (the same on the server and in the hydrating browser).
 * - While the page hydrates, it finds that element in the document and renders it with an empty
 *   `dangerouslySetInnerHTML`. React adopts the element (its attributes and event handlers work)
 *   and leaves the markup inside untouched: none of the components inside run, so none of them
 *   may need to (no state, no effects, no React event handlers of their own). The markup is not
 *   read (serialising a long article's body cost milliseconds): should React render the page
 *   afresh instead (it does after a hydration error), its `useId` gives other ids, no server
 *   element matches, and the children are rendered.
 * - Links inside are plain links; the element's own `onClick` (navigateOnClient) hands site links
 *   to the router, as next/link would. Kept markup's site links are prefetched when a pointer or
 *   finger comes to them by the element's own `onMouseOver`/`onTouchStart` (prefetchSiteLinkUnder):
 *   the SiteLinks inside do not hydrate, so their own handlers never attach (issue 36). Embed
 *   placeholders inside get their consent gate from here, and deferred audio players their
 *   preload (RichHtml's own hooks do not run in kept markup).
 * - The markup is kept while `contentKey` is the one it was hydrated with (compared with
 *   Object.is). Another key (new page props, another path) renders the children, into another
 *   element (another React key), so the server's nodes are replaced, never added to. An instance
 *   that mounts later (a client-side navigation) finds no server element and renders at once.
 * - `complete={false}` says the props in hand do not hold all the children show: on a first load
 *   the page data leaves out what the markup holds (src/lib/shared/site/documentData.ts; the left-out
 *   body renders as nothing). Kept markup needs nothing more. Should the children have to be
 *   rendered all the same, they are, with the element `aria-busy`, and the router loads the page's
 *   data again, whole (its `/_next/data` JSON), which renders the rest.
 */
export type StaticHtmlProps = HTMLAttributes<HTMLElement> & {
  /** The element; `div` by default. */
  as?: ElementType;
  /** What the children show: the server's markup is kept while this stays the same. */
  contentKey: unknown;
  /**
   * A media query: the markup is kept only while it matches (checked when the page hydrates, then
   * on every change). For a part the page hides at some widths: the desktop menu on a phone.
   */
  keepWhile?: string;
  /** Whether these props hold all the children show (true by default); see above. */
  complete?: boolean;
  children?: ReactNode;
};

interface Kept {
  contentKey: unknown;
}

const KEPT_HTML = { __html: '' };

const matches = (query: string) => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;

/** Addresses whose data was loaded again for an incomplete StaticHtml: once each, never a loop. */
const reloaded = new Set<string>();

/**
 * Loads the current page's data again: Next fetches its JSON, whole unlike the document's, when
 * the page is "replaced" by itself. Next takes an address that differs from the current one only in
 * its fragment for a jump within the page and loads nothing, so an address with a fragment is
 * replaced twice: without the fragment (the jump), then by itself (the load). The fragment is lost
 * from the address bar, on this rare path only.
 */
async function reloadPageData(): Promise<void> {
  const [path = '/', fragment] = Router.asPath.split('#');
  if (reloaded.has(path)) return;
  reloaded.add(path);
  if (fragment !== undefined) await Router.replace(path, undefined, { scroll: false });
  await Router.replace(path, undefined, { scroll: false });
}

/** Whether the server rendered the StaticHtml with this id into the document. */
function inServerMarkup(id: string): boolean {
  if (typeof document === 'undefined') return false;
  for (const element of document.querySelectorAll('[data-static]')) {
    if (element.getAttribute('data-static') === id) return true;
  }
  return false;
}

export function StaticHtml({ as: Tag = 'div', contentKey, keepWhile, complete = true, children, ...attributes }: StaticHtmlProps) {
  const id = useId();
  const [kept] = useState<Kept | null>(() => {
    if (keepWhile !== undefined && !matches(keepWhile)) return null;
    return inServerMarkup(id) ? { contentKey } : null;
  });
  const [released, setReleased] = useState(false);
  const keep = kept !== null && !released && Object.is(kept.contentKey, contentKey);
  const ref = useRef<HTMLElement>(null);
  // RichHtml's own hooks do not run in kept markup: the embed placeholders and the deferred audio
  // players get theirs from here.
  useEmbedGateOn(ref, keep, keep);
  useDeferredPreloadOn(ref, keep, keep);
  useEffect(() => {
    if (!keep || keepWhile === undefined) return undefined;
    const query = window.matchMedia(keepWhile);
    const onChange = () => {
      if (!query.matches) setReleased(true);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [keep, keepWhile]);
  const incomplete = !keep && !complete;
  useEffect(() => {
    if (incomplete) void reloadPageData();
  }, [incomplete]);
  if (keep) {
    const { onMouseOver, onTouchStart } = attributes;
    return (
      <Tag
        key="kept"
        ref={ref}
        data-static={id}
        {...attributes}
        onMouseOver={(event: MouseEvent<HTMLElement>) => {
          onMouseOver?.(event);
          prefetchSiteLinkUnder(event);
        }}
        onTouchStart={(event: TouchEvent<HTMLElement>) => {
          onTouchStart?.(event);
          prefetchSiteLinkUnder(event);
        }}
        dangerouslySetInnerHTML={KEPT_HTML}
        suppressHydrationWarning
      />
    );
  }
  return (
    <Tag key="rendered" data-static={id} {...attributes} aria-busy={incomplete || undefined}>
      {children}
    </Tag>
  );
}

/**
 * A template's content below its `<Seo>` (which must stay rendered: next/head rewrites the head
 * from the components it sees). A `display: contents` box, so the layout is the template's own;
 * site links inside navigate on the client.
 */
export function StaticBody({ contentKey, complete, children }: { contentKey: unknown; complete?: boolean; children: ReactNode }) {
  return (
    <StaticHtml className="static-body" contentKey={contentKey} complete={complete} onClick={navigateOnClient}>
      {children}
    </StaticHtml>
  );
}
