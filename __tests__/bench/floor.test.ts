/** @jest-environment node */
import { floorDom } from '../../scripts/bench/floor';

const page = (body: string) =>
  `<!DOCTYPE html><html lang="en"><head><link rel="stylesheet" href="/_next/static/css/a.css"><script src="/_next/static/chunks/main.js" defer></script></head><body>${body}</body></html>`;

describe("issue 19: the floor serves the built home page's DOM, without its scripts", () => {
  it('takes the inner HTML of <div id="__next"> exactly as built (nested divs, attributes, entities)', () => {
    const html = page('<div id="__next"><div class="a"><div><p title="x &amp; y">Hi &amp; bye</p></div></div><img src="http://wp.test/a.jpg" srcset="http://wp.test/a-768.jpg 768w" alt=""></div><script id="__NEXT_DATA__" type="application/json">{}</script>');
    expect(floorDom(html)).toBe('<div class="a"><div><p title="x &amp; y">Hi &amp; bye</p></div></div><img src="http://wp.test/a.jpg" srcset="http://wp.test/a-768.jpg 768w" alt="">');
  });

  it('strips every <script> inside it (inline, JSON, files), keeping what stands around them', () => {
    const html = page('<div id="__next"><main>a<script>window.x=1</script>b<script type="application/ld+json">{"@type":"Organization"}</script><div>c<script src="/x.js"></script></div></main></div>');
    expect(floorDom(html)).toBe('<main>ab<div>c</div></main>');
  });

  it('leaves out what is outside it: the head\'s stylesheets and scripts, the page data', () => {
    const dom = floorDom(page('<div id="__next"><h1>Home</h1></div><script id="__NEXT_DATA__" type="application/json">{"props":{}}</script>'));
    expect(dom).toBe('<h1>Home</h1>');
  });

  it('refuses a page without <div id="__next">', () => {
    expect(() => floorDom(page('<div id="app"></div>'))).toThrow(/__next/);
  });
});
