/**
 * The class of the element that wraps a CMS body (DetailLayout's body, a frame's rich text): the
 * scope of WordPress's block CSS (docs/blocks.md, "Block CSS"). A module of its own, without
 * dependencies, because components import it: the CSS scoper (css-tree) stays on the server.
 */
export const BODY_CLASS = 'wp-body';
