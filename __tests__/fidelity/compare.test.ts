/** @jest-environment node */
import {
  chosenColours,
  compareMeasures,
  figures,
  isKnown,
  markdownReport,
  placementOf,
  rowsOf,
  sameColour,
  type KnownDifference,
} from '../../e2e/helpers/fidelity/compare';
import type { BlockMeasure, PageMeasure } from '../../e2e/helpers/fidelity/measure';

/** Issue 17, the fidelity test's comparison of a block as WordPress shows it with the same block on the site. */

const box = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });

function block(name: string, overrides: Partial<BlockMeasure> = {}): BlockMeasure {
  return {
    name,
    index: 0,
    classes: [],
    inlineStyle: '',
    box: box(100, 0, 650, 40),
    visible: true,
    words: ['Hello', 'world'],
    color: 'rgb(0, 0, 0)',
    background: 'rgba(0, 0, 0, 0)',
    fontSize: 18,
    textAlign: 'start',
    float: 'none',
    paddingLeft: 0,
    fontStyle: 'normal',
    borders: { top: 0, right: 0, bottom: 0, left: 0 },
    items: [],
    media: [],
    link: null,
    overlay: null,
    ...overrides,
  };
}

function page(blocks: BlockMeasure[], overrides: Partial<PageMeasure> = {}): PageMeasure {
  return { url: 'http://x/', viewport: { width: 1280, height: 900 }, content: box(315, 0, 650, 40), paragraphFontSize: 18, blocks, ...overrides };
}

describe('issue 17 fidelity comparison', () => {
  test('side by side or stacked: rows of the laid-out items', () => {
    expect(rowsOf([box(0, 0, 300, 100), box(320, 0, 300, 100)])).toEqual([2]);
    expect(rowsOf([box(0, 0, 300, 100), box(0, 120, 300, 100)])).toEqual([1, 1]);
    // Vertically centred columns of different heights are still one row.
    expect(rowsOf([box(0, 0, 300, 200), box(320, 60, 300, 80)])).toEqual([2]);
    expect(rowsOf([box(0, 0, 100, 100), box(110, 0, 100, 100), box(220, 0, 100, 100), box(0, 110, 100, 100)])).toEqual([3, 1]);
  });

  test('colours are the same within a small tolerance; two transparent colours are the same', () => {
    expect(sameColour('rgb(52, 92, 0)', 'rgb(52, 92, 0)')).toBe(true);
    expect(sameColour('rgb(52, 92, 0)', 'rgb(60, 96, 4)')).toBe(true);
    expect(sameColour('rgb(52, 92, 0)', 'rgb(157, 255, 32)')).toBe(false);
    expect(sameColour('rgba(0, 0, 0, 0)', 'rgba(255, 255, 255, 0)')).toBe(true);
    expect(sameColour('rgba(0, 0, 0, 0)', 'rgb(255, 255, 255)')).toBe(false);
  });

  test('placement: full, wide, floated left/right, centred, or the content column', () => {
    const p = page([]);
    expect(placementOf(block('image', { box: box(0, 0, 1280, 300) }), p)).toBe('full');
    expect(placementOf(block('image', { box: box(40, 0, 1200, 300) }), p)).toBe('wide');
    expect(placementOf(block('image', { box: box(315, 0, 300, 200), float: 'left' }), p)).toBe('left');
    expect(placementOf(block('image', { box: box(665, 0, 300, 200), float: 'right' }), p)).toBe('right');
    expect(placementOf(block('image', { box: box(490, 0, 300, 200) }), p)).toBe('center');
    expect(placementOf(block('image', { box: box(315, 0, 650, 200) }), p)).toBe('content');
  });

  test('a block missing on the site fails every check that applies to it', () => {
    const wp = page([block('columns', { items: [box(0, 0, 300, 100), box(320, 0, 300, 100)] })]);
    const results = compareMeasures('post', 1280, wp, page([]));
    expect(results.map((r) => [r.check, r.passed, r.detail])).toEqual([
      ['text', false, 'missing on the site'],
      ['layout', false, 'missing on the site'],
    ]);
  });

  test('columns stacked on the site where WordPress puts them side by side fail the layout check', () => {
    const wp = page([block('columns', { items: [box(0, 0, 300, 100), box(320, 0, 300, 100)] })]);
    const site = page([block('columns', { items: [box(0, 0, 650, 100), box(0, 110, 650, 100)] })]);
    const layout = compareMeasures('post', 1280, wp, site).find((r) => r.check === 'layout');
    expect(layout).toMatchObject({ passed: false, detail: 'WordPress [2], site [1,1]' });
  });

  test('a palette colour lost on the site fails the colour check; kept, it passes', () => {
    const coloured = { classes: ['has-secondary-background-color', 'has-background'], background: 'rgb(52, 92, 0)' };
    const wp = page([block('paragraph', coloured)]);
    expect(compareMeasures('post', 1280, wp, page([block('paragraph')])).find((r) => r.check === 'colour')?.passed).toBe(false);
    expect(compareMeasures('post', 1280, wp, page([block('paragraph', coloured)])).find((r) => r.check === 'colour')?.passed).toBe(true);
  });

  test('font sizes compare as ratios to each page’s paragraph size', () => {
    const wp = page([block('paragraph', { classes: ['has-large-font-size'], fontSize: 28 })], { paragraphFontSize: 18 });
    const scaled = page([block('paragraph', { classes: ['has-large-font-size'], fontSize: 25 })], { paragraphFontSize: 16 });
    const flat = page([block('paragraph', { classes: ['has-large-font-size'], fontSize: 16 })], { paragraphFontSize: 16 });
    expect(compareMeasures('p', 1280, wp, scaled).find((r) => r.check === 'font-size')?.passed).toBe(true);
    expect(compareMeasures('p', 1280, wp, flat).find((r) => r.check === 'font-size')?.passed).toBe(false);
  });

  test('spacers keep their height to 2 px; covers to 10%', () => {
    const wp = page([block('spacer', { words: [], box: box(315, 0, 650, 120) }), block('cover', { box: box(0, 0, 1280, 420) })]);
    const site = page([block('spacer', { words: [], box: box(315, 0, 650, 0) }), block('cover', { box: box(0, 0, 1280, 400) })]);
    const heights = compareMeasures('p', 1280, wp, site).filter((r) => r.check === 'height');
    expect(heights.map((r) => [r.block, r.passed])).toEqual([
      ['spacer', false],
      ['cover', true],
    ]);
  });

  test('media: an embed’s iframe and the site’s consent placeholder count alike; a lost video fails', () => {
    const wp = page([block('embed', { media: [{ kind: 'iframe', width: 650, height: 366, naturalRatio: null }] }), block('video', { media: [{ kind: 'video', width: 650, height: 366, naturalRatio: null }] })]);
    const site = page([block('embed', { media: [{ kind: 'placeholder', width: 650, height: 366, naturalRatio: null }] }), block('video', { media: [] })]);
    expect(compareMeasures('p', 1280, wp, site).filter((r) => r.check === 'media').map((r) => [r.block, r.passed])).toEqual([
      ['embed', true],
      ['video', false],
    ]);
  });

  test('known differences excuse only their block, check and widths; the figures count them apart', () => {
    const known: KnownDifference[] = [{ block: 'heading', check: 'font-size', widths: [390], reason: 'ours' }];
    const wp = page([block('heading', { fontSize: 36 })]);
    const site = page([block('heading', { fontSize: 20 })]);
    const at390 = compareMeasures('p', 390, wp, site).find((r) => r.check === 'font-size')!;
    const at1280 = compareMeasures('p', 1280, wp, site).find((r) => r.check === 'font-size')!;
    expect(isKnown(at390, known)?.reason).toBe('ours');
    expect(isKnown(at1280, known)).toBeUndefined();
    expect(figures([at390, at1280], known)).toEqual([
      { block: 'heading', width: 1280, passed: 0, total: 1, known: 0 },
      { block: 'heading', width: 390, passed: 0, total: 1, known: 1 },
    ]);
    expect(markdownReport([at390, at1280], known, [1280, 390])).toContain('| heading | 0/1 | 0/1 (1 known) |');
  });

  test('quotes are set off by a border, a background, an indent or italics, whichever each side uses', () => {
    const wp = page([block('quote', { paddingLeft: 24 })]);
    expect(compareMeasures('p', 1280, wp, page([block('quote', { borders: { top: 0, right: 0, bottom: 0, left: 4 } })])).find((r) => r.check === 'set-off')?.passed).toBe(true);
    expect(compareMeasures('p', 1280, wp, page([block('quote')])).find((r) => r.check === 'set-off')?.passed).toBe(false);
  });

  test('a known difference with unlessClass never excuses a block that has the class (an editor-chosen size)', () => {
    const known: KnownDifference[] = [{ block: 'heading', check: 'font-size', unlessClass: /^has-[a-z0-9-]+-font-size$/, reason: 'scale' }];
    const site = page([block('heading', { fontSize: 20 })]);
    const plain = compareMeasures('p', 1280, page([block('heading', { fontSize: 36 })]), site)[1];
    const chosen = compareMeasures('p', 1280, page([block('heading', { fontSize: 36, classes: ['has-x-large-font-size'] })]), site)[1];
    expect([plain.check, plain.passed, isKnown(plain, known)?.reason]).toEqual(['font-size', false, 'scale']);
    expect([chosen.check, chosen.passed, isKnown(chosen, known)]).toEqual(['font-size', false, undefined]);
  });

  test('social links’ icon colour classes do not make the list itself a coloured block', () => {
    const wp = page([block('social-links', { classes: ['wp-block-social-links', 'has-icon-color', 'has-icon-background-color'] })]);
    expect(compareMeasures('p', 1280, wp, wp).map((r) => r.check)).not.toContain('colour');
  });

  test('colours: only the colours the editor chose are compared; an unchosen text colour is the page’s own (the site’s typography)', () => {
    expect(chosenColours({ classes: ['has-tertiary-background-color', 'has-background', 'has-link-color', 'has-border-color', 'has-x-border-color'], inlineStyle: '' })).toEqual({ text: false, background: true });
    expect(chosenColours({ classes: ['has-contrast-color', 'has-text-color'], inlineStyle: '' })).toEqual({ text: true, background: false });
    expect(chosenColours({ classes: [], inlineStyle: 'color:#fff;background-color:#1d3557' })).toEqual({ text: true, background: true });
    const panel = { classes: ['has-tertiary-background-color', 'has-background'] };
    const wp = page([block('group', { ...panel, color: 'rgb(0, 0, 0)', background: 'rgb(246, 246, 246)' })]);
    const inherited = page([block('group', { ...panel, color: 'rgb(20, 33, 61)', background: 'rgb(246, 246, 246)' })]);
    const lostBackground = page([block('group', { ...panel, color: 'rgb(0, 0, 0)', background: 'rgba(0, 0, 0, 0)' })]);
    const colour = (site: PageMeasure) => compareMeasures('p', 1280, wp, site).find((r) => r.check === 'colour')!.passed;
    expect([colour(inherited), colour(lostBackground)]).toEqual([true, false]);
    // A chosen text colour is still compared.
    const white = page([block('paragraph', { classes: ['has-base-color', 'has-text-color'], color: 'rgb(255, 255, 255)' })]);
    expect(compareMeasures('p', 1280, white, page([block('paragraph', { classes: ['has-base-color', 'has-text-color'], color: 'rgb(20, 33, 61)' })])).find((r) => r.check === 'colour')!.passed).toBe(false);
  });

  test('buttons: an unfilled (outline) link that takes its block’s colour (no colour chosen) must take the site’s; a chosen link colour is compared as is', () => {
    const link = (color: string, colourChosen: boolean, background = 'rgba(0, 0, 0, 0)') => ({ color, background, borderWidth: 2, borderColor: color, paddingLeft: 20, fontSize: 17, colourChosen });
    const outline = page([block('button', { color: 'rgb(0, 0, 0)', link: link('rgb(0, 0, 0)', false) })]);
    const check = (wp: PageMeasure, site: PageMeasure) => compareMeasures('p', 1280, wp, site).find((r) => r.check === 'button')!.passed;
    expect(check(outline, page([block('button', { color: 'rgb(20, 33, 61)', link: link('rgb(20, 33, 61)', false) })]))).toBe(true);
    // The site's link not taking the surrounding colour fails.
    expect(check(outline, page([block('button', { color: 'rgb(20, 33, 61)', link: link('rgb(255, 0, 0)', false) })]))).toBe(false);
    // Chosen black on a black-text page is compared as black, whatever the site's text colour.
    const chosen = page([block('button', { color: 'rgb(0, 0, 0)', link: link('rgb(0, 0, 0)', true, 'rgb(52, 94, 0)') })]);
    expect(check(chosen, page([block('button', { color: 'rgb(20, 33, 61)', link: link('rgb(20, 33, 61)', false, 'rgb(52, 94, 0)') })]))).toBe(false);
    expect(check(chosen, page([block('button', { color: 'rgb(20, 33, 61)', link: link('rgb(0, 0, 0)', false, 'rgb(52, 94, 0)') })]))).toBe(true);
    // A filled button with the theme's colours (black on lime, like the page's black text): compared as is, never as inherited.
    const themed = page([block('button', { color: 'rgb(0, 0, 0)', link: link('rgb(0, 0, 0)', false, 'rgb(157, 255, 32)') })]);
    expect(check(themed, page([block('button', { color: 'rgb(20, 33, 61)', link: link('rgb(0, 0, 0)', false, 'rgb(157, 255, 32)') })]))).toBe(true);
    expect(check(themed, page([block('button', { color: 'rgb(20, 33, 61)', link: link('rgb(20, 33, 61)', false, 'rgb(157, 255, 32)') })]))).toBe(false);
  });

  test('a cover’s image is its background: its box follows the column and the cover’s height, so only its presence is compared; other images keep their shape', () => {
    const img = (width: number, height: number) => ({ kind: 'img' as const, width, height, naturalRatio: 1.6 });
    const wp = page([block('cover', { media: [img(650, 360)] }), block('image', { media: [img(650, 406)] })]);
    const site = page([block('cover', { media: [img(800, 360)] }), block('image', { media: [img(800, 360)] })]);
    expect(compareMeasures('p', 1280, wp, site).filter((r) => r.check === 'media').map((r) => [r.block, r.passed])).toEqual([
      ['cover', true],
      ['image', false],
    ]);
    expect(compareMeasures('p', 1280, wp, page([block('cover'), block('image', { media: [img(800, 500)] })])).find((r) => r.check === 'media')!.passed).toBe(false);
  });

  test('a known difference with onlyClass excuses only blocks with the class (a pullquote aligned left or right on phones)', () => {
    const known: KnownDifference[] = [{ block: 'pullquote', check: 'alignment', widths: [390], onlyClass: /^align(left|right)$/, reason: 'not floated' }];
    const result = (classes: string[]) => ({ post: 'p', width: 390, block: 'pullquote', index: 0, check: 'alignment' as const, passed: false, detail: '', classes });
    expect(isKnown(result(['alignleft']), known)?.reason).toBe('not floated');
    expect(isKnown(result(['alignwide']), known)).toBeUndefined();
  });

  test('media: a video or audio file that loads on WordPress must load on the site (a blocked file is a box that cannot play)', () => {
    const video = (loaded: boolean) => ({ kind: 'video' as const, width: 650, height: 366, naturalRatio: null, loaded });
    const wp = page([block('video', { media: [video(true)] })]);
    const media = (site: PageMeasure) => compareMeasures('p', 1280, wp, site).find((r) => r.check === 'media')!;
    expect(media(page([block('video', { media: [video(true)] })])).passed).toBe(true);
    const blocked = media(page([block('video', { media: [video(false)] })]));
    expect([blocked.passed, blocked.detail]).toEqual([false, 'WordPress ["video 650×366"], site ["video 650×366 (not loaded)"]']);
  });
});
