import { TEST_PAGES, isTestPage, pathOnly } from '@/lib/shared/testPages';

describe('test pages (spec §2 "Test pages": no analytics or speed measurement)', () => {
  test('spec §2 the two test pages', () => {
    expect(TEST_PAGES).toEqual(['/pages/get-in-touch-media-relations-salesforce-test-page', '/pages/page-test-2']);
  });

  test.each([
    '/pages/get-in-touch-media-relations-salesforce-test-page',
    '/pages/page-test-2',
    '/pages/page-test-2/',
    '/pages/page-test-2?utm_source=x',
    '/pages/page-test-2#top',
    '/PAGES/Page-Test-2',
    '/pages/page%2Dtest%2D2',
    'https://www.corvane.example/pages/page-test-2?x=1',
  ])('spec §2 %s is a test page', (path) => {
    expect(isTestPage(path)).toBe(true);
  });

  test.each(['/', '/pages/page-test-3', '/pages/page-test', '/pages/card-services', '/about-us/pages/page-test-2', '/pages/%E0%A4%A'])(
    'spec §2 %s is not a test page',
    (path) => {
      expect(isTestPage(path)).toBe(false);
    },
  );

  test('pathOnly drops query, fragment and trailing slash', () => {
    expect(pathOnly('/about-us/news/?page=2#x')).toBe('/about-us/news');
    expect(pathOnly('/?q=1')).toBe('/');
    expect(pathOnly('')).toBe('/');
    expect(pathOnly('https://x.example/a/b?c')).toBe('/a/b');
  });
});
