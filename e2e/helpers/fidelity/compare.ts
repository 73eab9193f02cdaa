import type { BlockMeasure, Box, PageMeasure } from './measure';

/**
 * The fidelity test's comparison (docs/blocks-fidelity.md): each block as WordPress's own theme
 * shows it against the same block as the site shows it, on what a reader sees. Pure functions
 * over two ./measure.ts measurements, unit-tested in __tests__/fidelity/compare.test.ts.
 */

export type CheckName = 'text' | 'layout' | 'colour' | 'button' | 'font-size' | 'alignment' | 'height' | 'media' | 'set-off';

export interface CheckResult {
  post: string;
  width: number;
  block: string;
  index: number;
  check: CheckName;
  passed: boolean;
  /** What WordPress showed and what the site showed, when they differ. */
  detail: string;
  /** The block's classes on WordPress's page (known differences may depend on them). */
  classes: string[];
}

/** How far two colours may be apart per channel (0–255) and still be the same colour (anti-aliasing, rounding). */
const COLOUR_TOLERANCE = 12;
/** Relative tolerance of font-size ratios, cover heights and media aspect ratios. */
const RATIO_TOLERANCE = 0.1;

type Rgba = [number, number, number, number];

export function parseColour(value: string): Rgba | null {
  const m = /^rgba?\(([^)]+)\)$/.exec(value.trim());
  if (!m) return null;
  const parts = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
  if (parts.length < 3 || parts.some((n) => !Number.isFinite(n))) return null;
  return [parts[0], parts[1], parts[2], parts.length > 3 ? parts[3] : 1];
}

export function sameColour(a: string, b: string): boolean {
  const x = parseColour(a);
  const y = parseColour(b);
  if (!x || !y) return a === b;
  if (x[3] === 0 && y[3] === 0) return true;
  return Math.abs(x[3] - y[3]) <= 0.05 && [0, 1, 2].every((i) => Math.abs(x[i] - y[i]) <= COLOUR_TOLERANCE);
}

const transparent = (colour: string): boolean => (parseColour(colour)?.[3] ?? 1) === 0;

/** Rows of laid-out items: a new row starts when an item starts below the previous one's top half. `[3]` side by side, `[1, 1, 1]` stacked. */
export function rowsOf(items: readonly Box[]): number[] {
  const rows: number[] = [];
  let previous: Box | null = null;
  for (const item of items) {
    if (previous === null || item.y >= previous.y + previous.height / 2) rows.push(1);
    else rows[rows.length - 1] += 1;
    previous = item;
  }
  return rows;
}

export type Placement = 'full' | 'wide' | 'left' | 'right' | 'center' | 'content';

/** Where a block sits: across the viewport, wider than the content column, at one side of it, centred in it, or filling it. */
export function placementOf(block: BlockMeasure, page: PageMeasure): Placement {
  const { box } = block;
  const c = page.content;
  if (box.width >= page.viewport.width - 20) return 'full';
  if (box.width > c.width + 24) return 'wide';
  if (box.width < c.width * 0.9) {
    if (block.float === 'left' || Math.abs(box.x - c.x) < 4) return 'left';
    if (block.float === 'right' || Math.abs(box.x + box.width - (c.x + c.width)) < 4) return 'right';
    if (Math.abs(box.x + box.width / 2 - (c.x + c.width / 2)) < 6) return 'center';
  }
  return 'content';
}

const ALIGN_CLASS = /^align(left|right|center|wide|full)$/;
// Social links' `has-icon-color` / `has-icon-background-color` colour the icons (each social link's own inline colours), not the list.
const COLOUR_CLASS = /^has-(?!icon-)([a-z0-9-]+-)?(color|background-color|text-color|background)$/;
const FONT_SIZE_CLASS = /^has-[a-z0-9-]+-font-size$/;
/** A text colour the editor chose: `has-text-color`, a palette `has-{slug}-color` (not a background, border, link or icon colour). */
const TEXT_COLOUR_CLASS = /^has-(?!icon-|link-)(?:text-|(?!(?:[a-z0-9-]*-)?(?:background|border)-color$)[a-z0-9-]+-)color$/;
/** A background the editor chose: `has-background`, a palette or gradient background. */
const BACKGROUND_CLASS = /^has-(?:background|[a-z0-9-]+-background-color|[a-z0-9-]+-gradient-background)$/;

/**
 * Which colours the editor chose for a block: its text colour, its background, or both. What the
 * editor left alone is inherited (the text colour) or none (the background): the page's own
 * typography, the site's on the site, the theme's on WordPress (issue 17: the site's typography
 * stays ours), so only the chosen ones are compared.
 */
export function chosenColours(b: Pick<BlockMeasure, 'classes' | 'inlineStyle'>): { text: boolean; background: boolean } {
  return {
    text: b.classes.some((c) => TEXT_COLOUR_CLASS.test(c)) || /(^|;)\s*color\s*:/.test(b.inlineStyle),
    background: b.classes.some((c) => BACKGROUND_CLASS.test(c)) || /(^|;)\s*background(-color|-image)?\s*:/.test(b.inlineStyle),
  };
}
const TEXT_ALIGN_CLASS = /^has-text-align-(left|center|right)$/;

const normaliseAlign = (value: string): string => (value === 'start' ? 'left' : value === 'end' ? 'right' : value === '-webkit-center' ? 'center' : value);

const close = (a: number, b: number, tolerance = RATIO_TOLERANCE): boolean => (a === 0 && b === 0) || Math.abs(a - b) <= tolerance * Math.max(Math.abs(a), Math.abs(b));

/** The checks that apply to a block, decided by how WordPress shows it. */
export function applicableChecks(w: BlockMeasure): CheckName[] {
  const checks: CheckName[] = [];
  if (w.words.length > 0) checks.push('text');
  if (w.items.length >= 2) checks.push('layout');
  if (w.classes.some((c) => COLOUR_CLASS.test(c)) || /(^|;)\s*(color|background-color|background)\s*:/.test(w.inlineStyle)) checks.push('colour');
  if (w.name === 'button' && w.link) checks.push('button');
  if (w.name === 'heading' || w.classes.some((c) => FONT_SIZE_CLASS.test(c)) || /font-size\s*:/.test(w.inlineStyle)) checks.push('font-size');
  if (w.classes.some((c) => ALIGN_CLASS.test(c) || TEXT_ALIGN_CLASS.test(c))) checks.push('alignment');
  if (w.name === 'spacer' || w.name === 'cover') checks.push('height');
  if (w.media.some((m) => m.width > 0 && m.height > 0)) checks.push('media');
  if (w.name === 'quote' || w.name === 'pullquote') checks.push('set-off');
  return checks;
}

/** Set off from the body text: a background, a border, an indent or italics. */
const setOff = (b: BlockMeasure): boolean =>
  !transparent(b.background) || Object.values(b.borders).some((width) => width > 0) || b.paddingLeft >= 8 || b.fontStyle === 'italic';

/** One check of one block: passed, and what differed. */
export function runCheck(check: CheckName, w: BlockMeasure, s: BlockMeasure, wp: PageMeasure, site: PageMeasure): { passed: boolean; detail: string } {
  const result = (passed: boolean, wordpress: unknown, ours: unknown) => ({ passed, detail: passed ? '' : `WordPress ${JSON.stringify(wordpress)}, site ${JSON.stringify(ours)}` });
  switch (check) {
    case 'text':
      // Case is style (text-transform: Twenty Twenty-Three sets h5 and h6 in capitals), not words.
      return result(w.words.join(' ').toLowerCase() === s.words.join(' ').toLowerCase(), w.words.join(' ').slice(0, 120), s.words.join(' ').slice(0, 120));
    case 'layout':
      return result(JSON.stringify(rowsOf(w.items)) === JSON.stringify(rowsOf(s.items)), rowsOf(w.items), rowsOf(s.items));
    case 'colour': {
      const chosen = chosenColours(w);
      const passed = (!chosen.text || sameColour(w.color, s.color)) && (!chosen.background || sameColour(w.background, s.background));
      return result(passed, [w.color, w.background], [s.color, s.background]);
    }
    case 'button': {
      const a = w.link!;
      const b = s.link;
      if (!b) return result(false, a, null);
      const filled = !transparent(a.background);
      // An unfilled link whose colour the editor did not choose and that takes its block's colour
      // (an outline button: `currentColor`, its border too) takes the page's text colour: the
      // site's on the site. A filled one has the theme's button colours, which the site keeps.
      const inherits = !filled && a.colourChosen !== true && sameColour(a.color, w.color);
      const colourOk = inherits ? sameColour(b.color, s.color) : sameColour(a.color, b.color);
      const borderOk = inherits && sameColour(a.borderColor, a.color) ? sameColour(b.borderColor, b.color) : sameColour(a.borderColor, b.borderColor);
      const passed =
        colourOk &&
        (filled ? sameColour(a.background, b.background) : transparent(b.background) || sameColour(a.background, b.background)) &&
        (a.borderWidth > 0) === (b.borderWidth > 0) &&
        (a.borderWidth === 0 || borderOk) &&
        b.paddingLeft > 0;
      return result(passed, a, b);
    }
    case 'font-size': {
      const ours = s.fontSize / site.paragraphFontSize;
      const theirs = w.fontSize / wp.paragraphFontSize;
      return result(close(theirs, ours), Number(theirs.toFixed(2)), Number(ours.toFixed(2)));
    }
    case 'alignment': {
      const alignClass = w.classes.some((c) => ALIGN_CLASS.test(c));
      const textClass = w.classes.some((c) => TEXT_ALIGN_CLASS.test(c));
      const place = [alignClass ? placementOf(w, wp) : null, textClass ? normaliseAlign(w.textAlign) : null];
      const ours = [alignClass ? placementOf(s, site) : null, textClass ? normaliseAlign(s.textAlign) : null];
      return result(JSON.stringify(place) === JSON.stringify(ours), place, ours);
    }
    case 'height':
      return result(w.name === 'spacer' ? Math.abs(w.box.height - s.box.height) <= 2 : close(w.box.height, s.box.height), Math.round(w.box.height), Math.round(s.box.height));
    case 'media': {
      // An embed's iframe and the site's consent placeholder count as the same thing: the embed's box.
      const group = (kind: string) => (kind === 'iframe' || kind === 'placeholder' ? 'embed' : kind);
      const visible = (b: BlockMeasure) => b.media.filter((m) => m.width > 0 && m.height > 0);
      const describe = (b: BlockMeasure) => visible(b).map((m) => `${group(m.kind)} ${Math.round(m.width)}×${Math.round(m.height)}${m.loaded === false ? ' (not loaded)' : ''}`);
      const theirs = visible(w);
      const ours = visible(s);
      const sameKinds = JSON.stringify(theirs.map((m) => group(m.kind))) === JSON.stringify(ours.map((m) => group(m.kind)));
      // A cover's image is its background (object-fit: cover): its box is the cover's, the column's
      // width by the cover's height, which the height and alignment checks hold; other images keep their own shape.
      const sameShapes = sameKinds && (w.name === 'cover' || theirs.every((m, i) => m.kind !== 'img' || close(m.width / m.height, ours[i].width / ours[i].height, 0.15)));
      // A video or audio file WordPress's page loads must load on the site too (a box that cannot play is not the block).
      const plays = sameKinds && theirs.every((m, i) => m.loaded !== true || ours[i].loaded === true);
      return result(sameShapes && plays, describe(w), describe(s));
    }
    case 'set-off':
      return result(setOff(w) === setOff(s) && normaliseAlign(w.textAlign) === normaliseAlign(s.textAlign), [setOff(w), normaliseAlign(w.textAlign)], [setOff(s), normaliseAlign(s.textAlign)]);
  }
}

/** Every check of every block WordPress shows, against the site's block of the same name and order. */
export function compareMeasures(post: string, width: number, wp: PageMeasure, site: PageMeasure): CheckResult[] {
  const results: CheckResult[] = [];
  for (const w of wp.blocks) {
    if (!w.visible) continue;
    const s = site.blocks.find((b) => b.name === w.name && b.index === w.index);
    for (const check of applicableChecks(w)) {
      const base = { post, width, block: w.name, index: w.index, check, classes: w.classes };
      if (!s || !s.visible) {
        results.push({ ...base, passed: false, detail: s ? 'not visible on the site' : 'missing on the site' });
        continue;
      }
      results.push({ ...base, ...runCheck(check, w, s, wp, site) });
    }
  }
  return results;
}

// ---------------------------------------------------------------------------------------------
// Known differences and the report

export interface KnownDifference {
  block: string;
  check: CheckName;
  /** Only at these widths (both when absent). */
  widths?: readonly number[];
  /** Only on these posts (all when absent). */
  posts?: readonly string[];
  /** Not when WordPress's block has a class matching this (e.g. an editor-chosen font size). */
  unlessClass?: RegExp;
  /** Only when WordPress's block has a class matching this (e.g. `alignleft`). */
  onlyClass?: RegExp;
  reason: string;
}

export function isKnown(result: CheckResult, known: readonly KnownDifference[]): KnownDifference | undefined {
  return known.find(
    (k) =>
      k.block === result.block &&
      k.check === result.check &&
      (!k.widths || k.widths.includes(result.width)) &&
      (!k.posts || k.posts.includes(result.post)) &&
      !(k.unlessClass && result.classes.some((c) => k.unlessClass!.test(c))) &&
      (!k.onlyClass || result.classes.some((c) => k.onlyClass!.test(c))),
  );
}

export interface BlockFigure {
  block: string;
  width: number;
  passed: number;
  total: number;
  /** Failed checks that a known difference covers. */
  known: number;
}

/** Passed/total checks per block and width, sorted by block then width (widest first). */
export function figures(results: readonly CheckResult[], known: readonly KnownDifference[]): BlockFigure[] {
  const map = new Map<string, BlockFigure>();
  for (const r of results) {
    const key = `${r.block}\u0000${r.width}`;
    const figure = map.get(key) ?? { block: r.block, width: r.width, passed: 0, total: 0, known: 0 };
    figure.total += 1;
    if (r.passed) figure.passed += 1;
    else if (isKnown(r, known)) figure.known += 1;
    map.set(key, figure);
  }
  return [...map.values()].sort((a, b) => a.block.localeCompare(b.block) || b.width - a.width);
}

/** Passed/total per check kind and width (the issue's own figures: colours, layouts, font sizes…). */
export function figuresByCheck(results: readonly CheckResult[]): { check: CheckName; width: number; passed: number; total: number }[] {
  const map = new Map<string, { check: CheckName; width: number; passed: number; total: number }>();
  for (const r of results) {
    const key = `${r.check}\u0000${r.width}`;
    const figure = map.get(key) ?? { check: r.check, width: r.width, passed: 0, total: 0 };
    figure.total += 1;
    if (r.passed) figure.passed += 1;
    map.set(key, figure);
  }
  return [...map.values()].sort((a, b) => a.check.localeCompare(b.check) || b.width - a.width);
}

/** The report as a Markdown table: one row per block, passed/total checks at each width, and the known differences. */
export function markdownReport(results: readonly CheckResult[], known: readonly KnownDifference[], widths: readonly number[]): string {
  const rows = figures(results, known);
  const blocks = [...new Set(rows.map((r) => r.block))];
  const cell = (block: string, width: number) => {
    const f = rows.find((r) => r.block === block && r.width === width);
    if (!f) return '–';
    return `${f.passed}/${f.total}${f.known ? ` (${f.known} known)` : ''}`;
  };
  const lines = [`| Block | ${widths.map((w) => `${w} px`).join(' | ')} |`, `|---|${widths.map(() => '---:').join('|')}|`];
  for (const block of blocks) lines.push(`| ${block} | ${widths.map((w) => cell(block, w)).join(' | ')} |`);
  const total = (width: number) => {
    const list = results.filter((r) => r.width === width);
    return `${list.filter((r) => r.passed).length}/${list.length}`;
  };
  lines.push(`| **all** | ${widths.map((w) => `**${total(w)}**`).join(' | ')} |`);
  const byCheck = figuresByCheck(results);
  const checks = [...new Set(byCheck.map((r) => r.check))];
  lines.push('', `| Check | ${widths.map((w) => `${w} px`).join(' | ')} |`, `|---|${widths.map(() => '---:').join('|')}|`);
  for (const check of checks) {
    lines.push(`| ${check} | ${widths.map((w) => {
      const f = byCheck.find((r) => r.check === check && r.width === w);
      return f ? `${f.passed}/${f.total}` : '–';
    }).join(' | ')} |`);
  }
  return `${lines.join('\n')}\n`;
}
