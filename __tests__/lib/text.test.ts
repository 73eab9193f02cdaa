import { decodeEntities } from '@/lib/entities';
import { excerpt, EXCERPT_WORDS, htmlToText } from '@/lib/excerpt';

describe('spec §5 strict parsing of character references is not enabled', () => {
  it('decodes numeric, named and semicolon-less references', () => {
    expect(decodeEntities('Payments&#8217; future &amp; more&nbspnow &#038; &#8211; then')).toBe(
      'Payments\u2019 future & more\u00a0now & \u2013 then',
    );
  });

  it('leaves text that only looks like a reference as it is', () => {
    expect(decodeEntities('AT&T &bogus; 5 & 6')).toBe('AT&T &bogus; 5 & 6');
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
