/**
 * The preview bar (issue 11): "Preview: not published" and an "Exit preview" button, a plain form
 * POST to `/api/preview/exit` that works without JavaScript.
 *
 * Rendered by pages/_document.tsx, which only ever runs on the server, and only when Next says the
 * answer is in preview mode (`__NEXT_DATA__.isPreview`). It is outside the React root, so it is
 * never hydrated: its code is in no browser bundle (the First Load JS of public pages does not
 * change), and it stays on the page across client-side navigations while preview mode lasts.
 * Styles: `.preview-bar` in src/styles/globals.css.
 */
export const PREVIEW_BAR_TEXT = 'Preview: not published';
export const EXIT_PREVIEW_PATH = '/api/preview/exit';

export function PreviewBar() {
  return (
    <aside className="preview-bar" aria-label="Preview">
      <p className="preview-bar__text">
        <strong>{PREVIEW_BAR_TEXT}</strong>
        <span className="preview-bar__note"> Only you see this draft; other pages show what is published.</span>
      </p>
      <form method="post" action={EXIT_PREVIEW_PATH}>
        <button type="submit" className="preview-bar__exit">
          Exit preview
        </button>
      </form>
    </aside>
  );
}
