/**
 * Issue 19: the HTML document's `__NEXT_DATA__` leaves out what its markup already holds (the CMS
 * body and the block stylesheet); everything else, and the page's JSON, stay whole.
 */
import { documentData, IN_MARKUP, leanPageProps } from '@/lib/shared/site/documentData';

const item = { id: 7, title: 'A post', html: '<p>The body</p>', styles: { blocks: [] } };
const data = { page: '/resources/blogs/[slug]', buildId: 'b1', isFallback: false, props: { pageProps: { item, blockCss: '.wp-body p{margin:0}', layout: { menu: [] } }, __N_SSG: true } };

describe('issue 19: the document\'s page data without the copies its markup holds', () => {
  it('replaces the body and the block stylesheet with IN_MARKUP, and keeps every other value', () => {
    const lean = documentData(data);
    expect(lean.props.pageProps).toEqual({ item: { ...item, html: IN_MARKUP }, blockCss: IN_MARKUP, layout: { menu: [] } });
    expect(lean.props.__N_SSG).toBe(true);
    expect(lean.page).toBe(data.page);
    expect(lean.buildId).toBe('b1');
  });

  it('does not change what it is given (the same props write the page\'s JSON)', () => {
    const before = JSON.stringify(data);
    documentData(data);
    expect(JSON.stringify(data)).toBe(before);
  });

  it('leaves empty values as they are: a body-less item still reads as body-less', () => {
    const pageProps = { item: { ...item, html: '  ' }, blockCss: '' };
    expect(leanPageProps(pageProps)).toBe(pageProps);
  });

  it('leans each value on its own', () => {
    expect(leanPageProps({ item, blockCss: '' })).toEqual({ item: { ...item, html: IN_MARKUP }, blockCss: '' });
    expect(leanPageProps({ blockCss: 'p{}' })).toEqual({ blockCss: IN_MARKUP });
  });

  it('passes through data without page props (the error pages) and values of other shapes', () => {
    const bare = { page: '/_error', props: {} };
    expect(documentData(bare)).toBe(bare);
    expect(leanPageProps(null)).toBeNull();
    const odd = { item: 'not an item', blockCss: 42 };
    expect(leanPageProps(odd)).toBe(odd);
  });

  it('is an HTML comment, so a body that were ever rendered from it shows nothing', () => {
    expect(IN_MARKUP).toMatch(/^<!--[^]*-->$/);
  });
});
