/**
 * Audio in CMS bodies loads nothing until it nears the screen (issue 19).
 *
 * Without a `preload` attribute Chromium fetches an `<audio>`'s metadata at load, and for a short
 * file the whole file: on the block-rich article a 32 kB WAV, downloaded beside the hero image and
 * the page's scripts for a player far below the first screen. So the sanitizer serves audio with
 * `preload="none"` and keeps the editor's own value (`''` when WordPress wrote none) in
 * `data-preload` (`deferAudioPreload`, server). In the browser, `startDeferredPreload` gives each
 * player its own value back once it comes within one screen of the viewport: the player then
 * loads its metadata (its duration shows) before the visitor reaches it. A visitor who plays it
 * earlier (a keyboard user tabbing to it) gets it loaded by the play itself.
 *
 * Left as WordPress wrote them: audio that autoplays (it loads at once anyway) or whose editor
 * chose "None"; and video, whose box takes its size from the metadata (a player restored near the
 * screen could change height there; WordPress's video block writes no width or height).
 */

/** Holds an audio element's own `preload` (`''`: it had none) while it is served with `preload="none"`. */
export const DEFERRED_PRELOAD = 'data-preload';

/** How far ahead of the viewport a player gets its own `preload` back (IntersectionObserver's rootMargin): one screen below and above. */
export const PRELOAD_AHEAD = '100% 0px';

type Attributes = Array<[string, string]>;

/**
 * Server: the finished attributes of an `<audio>` (`attributes`, changed in place), with the
 * deferral when it applies. `ownFromBefore` is a `data-preload` the element already had: this
 * sanitizer's output sanitized again keeps the editor's value, not "none".
 */
export function deferAudioPreload(attributes: Attributes, ownFromBefore: string | null): void {
  if (attributes.some(([name]) => name === 'autoplay')) return;
  const index = attributes.findIndex(([name]) => name === 'preload');
  const own = ownFromBefore ?? (index >= 0 ? attributes[index][1] : '');
  if (own.trim().toLowerCase() === 'none') return;
  if (index >= 0) attributes[index] = ['preload', 'none'];
  else attributes.push(['preload', 'none']);
  attributes.push([DEFERRED_PRELOAD, own]);
}

/** True when sanitized CMS HTML holds a deferred player. */
export function hasDeferredPreload(html: string): boolean {
  return html.includes(`${DEFERRED_PRELOAD}=`);
}

/** Gives a deferred player its own `preload` back; the browser then loads what that value asks for. */
function restore(media: Element): void {
  const own = media.getAttribute(DEFERRED_PRELOAD);
  if (own === null) return;
  media.removeAttribute(DEFERRED_PRELOAD);
  if (own === '') media.removeAttribute('preload');
  else media.setAttribute('preload', own);
}

/**
 * Browser: watches the deferred players under `root` and restores each one as it comes within
 * `PRELOAD_AHEAD` of the viewport (at once where IntersectionObserver is missing). Returns the stop.
 */
export function startDeferredPreload(root: ParentNode): () => void {
  const players = root.querySelectorAll(`audio[${DEFERRED_PRELOAD}]`);
  if (players.length === 0) return () => undefined;
  if (typeof IntersectionObserver === 'undefined') {
    players.forEach(restore);
    return () => undefined;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        restore(entry.target);
      }
    },
    { rootMargin: PRELOAD_AHEAD },
  );
  players.forEach((player) => observer.observe(player));
  return () => observer.disconnect();
}
