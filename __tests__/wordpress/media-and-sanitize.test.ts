/** @jest-environment node */
import { createMediaRewriter, rewriteDeep } from '@/lib/wordpress/media';
import { sanitizeCmsHtml } from '@/lib/html/sanitize';

describe('spec §5 media URLs from the content system development hosts are rewritten to the media storage host', () => {
  const rewrite = createMediaRewriter({
    cmsDevHosts: ['dev-cms.example.test', 'localhost:8080'],
    mediaHost: 'https://media.example.com/site',
  });

  it('rewrites a bare URL, keeping its path', () => {
    expect(rewrite('https://dev-cms.example.test/wp-content/uploads/2026/01/a.png')).toBe(
      'https://media.example.com/site/wp-content/uploads/2026/01/a.png',
    );
    expect(rewrite('http://localhost:8080/wp-content/uploads/b.jpg')).toBe('https://media.example.com/site/wp-content/uploads/b.jpg');
  });

  it('rewrites every media URL inside HTML, srcset included', () => {
    const html =
      '<img src="https://dev-cms.example.test/wp-content/uploads/a.png" srcset="//dev-cms.example.test/wp-content/uploads/a-300.png 300w, https://dev-cms.example.test/wp-content/uploads/a-600.png 600w">';
    expect(rewrite(html)).toBe(
      '<img src="https://media.example.com/site/wp-content/uploads/a.png" srcset="https://media.example.com/site/wp-content/uploads/a-300.png 300w, https://media.example.com/site/wp-content/uploads/a-600.png 600w">',
    );
  });

  it('leaves other hosts, non-media paths and look-alike hosts alone', () => {
    for (const url of [
      'https://cdn.example.org/wp-content/uploads/a.png',
      'https://dev-cms.example.test/pages/secure-switching',
      'https://dev-cms.example.test.evil.com/wp-content/uploads/a.png',
    ]) {
      expect(rewrite(url)).toBe(url);
    }
  });

  it('rewrites strings deep inside frame props', () => {
    expect(rewriteDeep({ a: ['https://dev-cms.example.test/wp-content/uploads/x.png'], b: { c: 3 } }, rewrite)).toEqual({
      a: ['https://media.example.com/site/wp-content/uploads/x.png'],
      b: { c: 3 },
    });
  });

  it('does nothing without a media host or a WordPress URL', () => {
    const none = createMediaRewriter({ cmsDevHosts: ['dev-cms.example.test'], mediaHost: null });
    expect(none('https://dev-cms.example.test/wp-content/uploads/a.png')).toBe('https://dev-cms.example.test/wp-content/uploads/a.png');
  });

  it('issue 9 §3: without a media host, WordPress serves its media: development-host media go to WordPress', () => {
    const toWordPress = createMediaRewriter({ cmsDevHosts: ['dev-cms.example.test'], mediaHost: null, wordpressUrl: 'https://cms.example.com' });
    expect(toWordPress('https://dev-cms.example.test/wp-content/uploads/a.png')).toBe('https://cms.example.com/wp-content/uploads/a.png');
    // Media already on WordPress's origin stay where they are.
    expect(toWordPress('https://cms.example.com/wp-content/uploads/b.png')).toBe('https://cms.example.com/wp-content/uploads/b.png');
  });

  it('issue 9 §3: root-relative media paths become absolute on the media host, or on WordPress without one', () => {
    const withHost = createMediaRewriter({ cmsDevHosts: [], mediaHost: 'https://media.example.com/site', wordpressUrl: 'https://cms.example.com' });
    expect(withHost('/wp-content/uploads/a.png')).toBe('https://media.example.com/site/wp-content/uploads/a.png');
    const toWordPress = createMediaRewriter({ cmsDevHosts: [], mediaHost: null, wordpressUrl: 'https://cms.example.com/' });
    expect(toWordPress('<img src="/wp-content/uploads/a.png" srcset="/wp-content/uploads/a-1.png 1x,/wp-content/uploads/a-2.png 2x"><a href=\'/wp-content/uploads/g.pdf\'>g</a>')).toBe(
      '<img src="https://cms.example.com/wp-content/uploads/a.png" srcset="https://cms.example.com/wp-content/uploads/a-1.png 1x,https://cms.example.com/wp-content/uploads/a-2.png 2x"><a href=\'https://cms.example.com/wp-content/uploads/g.pdf\'>g</a>',
    );
    // Text that merely mentions the path, and site paths, are not media URLs.
    expect(toWordPress('<p>Files live in /wp-content/uploads/ on the server.</p>')).toBe('<p>Files live in /wp-content/uploads/ on the server.</p>');
    expect(toWordPress('/pages/wp-content/x')).toBe('/pages/wp-content/x');
  });
});

describe('CMS HTML is sanitized with an allow-list before it reaches a page', () => {
  it.each([
    ['<p>a</p><script>alert(1)</script>', '<p>a</p>'],
    ['<p onclick="steal()">a</p>', '<p>a</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<iframe srcdoc="<script>alert(1)</script>"></iframe><p>b</p>', '<p>b</p>'],
    ['<object data="x.swf"></object><embed src="x"><p>c</p>', '<p>c</p>'],
    ['<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example"><p>d</p>', '<p>d</p>'],
    ['<form action="https://evil.example"><input name="card"></form><p>e</p>', '<p>e</p>'],
    // Issue 17: the style attribute never leaves; its checked declarations become a generated class.
    ['<style>body{display:none}</style><p style="color:red">f</p>', '<p class="wps-f1ff77e5dd">f</p>'],
    ['<img src="data:image/svg+xml;base64,AAAA" alt="x">', '<img alt="x" loading="lazy" decoding="async" />'],
  ])('removes %s', (dirty, clean) => {
    expect(sanitizeCmsHtml(dirty).html).toBe(clean);
  });

  it('keeps the content an editor writes, demotes h1, protects new windows and makes images lazy', () => {
    expect(
      sanitizeCmsHtml('<h1>T</h1><p><strong>b</strong> <a href="https://example.org" target="_blank">x</a></p><ul><li>i</li></ul><img src="https://m.example.com/a.png" alt="A" width="10" height="5">').html,
    ).toBe(
      '<h2>T</h2><p><strong>b</strong> <a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a></p><ul><li>i</li></ul><img src="https://m.example.com/a.png" alt="A" width="10" height="5" loading="lazy" decoding="async" />',
    );
  });
});
