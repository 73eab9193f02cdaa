/**
 * The two test pages that get no analytics and no speed measurement (spec §2 "Test pages",
 * §4 "Analytics and speed components").
 */
export const TEST_PAGES: readonly string[] = [
  '/pages/get-in-touch-media-relations-salesforce-test-page',
  '/pages/page-test-2',
];

/** The path part of a site path or URL: no query, no fragment, no trailing slash (except `/`). */
export function pathOnly(pathOrUrl: string): string {
  let path = pathOrUrl;
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      // not a URL after all: treat it as a path
    }
  }
  path = path.split(/[?#]/, 1)[0] ?? '';
  if (path.length > 1) path = path.replace(/\/+$/, '');
  return path || '/';
}

/**
 * True for the two test pages, whatever the query, fragment, trailing slash, letter case or
 * percent-encoding of the address (`/pages/page-test-2/?utm=x#top` is a test page).
 */
export function isTestPage(pathOrUrl: string): boolean {
  let path = pathOnly(pathOrUrl);
  try {
    path = decodeURIComponent(path);
  } catch {
    // malformed percent-encoding: compare as is
  }
  return TEST_PAGES.includes(path.toLowerCase());
}
