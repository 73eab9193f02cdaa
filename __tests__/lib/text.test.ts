import { decodeHTML } from 'entities';
import { decodeEntities } from '@/lib/shared/entities';
import { excerpt, EXCERPT_WORDS, htmlToText } from '@/lib/shared/excerpt';

describe('spec §5 strict parsing of character references is not enabled', () => {
  it('decodes numeric, named and semicolon-less references', () => {
    expect(decodeEntities('Payments&#8217; future &amp; more&nbspnow &#038; &#8211; then')).toBe(
      'Payments\u2019 future & more\u00a0now & \u2013 then',
    );
  });

  it('leaves text that only looks like a reference as it is', () => {
    expect(decodeEntities('AT&T &bogus; 5 & 6')).toBe('AT&T &bogus; 5 & 6');
  });

  // The browser decodes with its own parser, the server with `entities`: server HTML and hydration
  // must read the same text, so both must agree on every kind of reference.
  it.each([
    'Payments&#8217; future &amp; more&nbspnow &#038; &#8211; then',
    'AT&T &bogus; 5 & 6 &amp',
    '&notit; &notin; &copy2026 &COPY; &#x1F4B3; &#X2014; &#0; &#xD800; &#128; &#x110000;',
    '&lt;b&gt;bold&lt;/b&gt; &quot;q&quot; &apos;a&apos; &lt;/textarea&gt;',
    '&amp;amp; && &; &#; &#x; &#12a;',
  ])('the browser decodes %j as the server does', (text) => {
    expect(typeof window).toBe('object');
    expect(decodeEntities(text)).toBe(decodeHTML(text));
  });
});

describe('spec §5 text excerpts default to 100 words', () => {
  it('strips tags and script text, decodes references and collapses white space (a no-break space too)', () => {
    expect(htmlToText('<p>Fast&nbsp;<strong>checkout</strong></p><script>alert(1)</script>\n<p>for all&hellip;</p>')).toBe(
      'Fast checkout for all\u2026',
    );
  });

  it('cuts at 100 words by default and marks the cut', () => {
    const html = `<p>${Array.from({ length: 150 }, (_, i) => `w${i}`).join(' ')}</p>`;
    const text = excerpt(html);
    expect(EXCERPT_WORDS).toBe(100);
    expect(text.split(' ')).toHaveLength(100);
    expect(text.endsWith('w99…')).toBe(true);
  });

  it('keeps a short text whole and takes another word count', () => {
    expect(excerpt('<p>one two three</p>')).toBe('one two three');
    expect(excerpt('<p>one two three</p>', 2)).toBe('one two…');
  });
});
