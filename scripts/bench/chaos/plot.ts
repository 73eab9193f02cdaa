import { isFault, type Window } from './schedule';
import type { Bucket } from './stats';
import type { ResourceSample } from './verdict';

/**
 * The chaos bench's picture (hand-written SVG, no dependency): three panels over the run's time —
 * RSS of each instance, p99 latency per 5-s bucket, visitor errors per 5-s bucket — with the fault
 * windows shaded and named across all three. Pure: data in, SVG text out.
 */

export interface PlotData {
  /** Length of the run, ms. */
  endMs: number;
  windows: readonly Window[];
  buckets: readonly Bucket[];
  samples: readonly ResourceSample[];
  title: string;
}

const WIDTH = 1000;
const LEFT = 90; // room for "10000 count"
const RIGHT = 20;
const PANEL = 150;
const GAP = 40;
const TOP = 60;
const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd'];

/** Escapes text for SVG. */
export const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** A "nice" upper bound for an axis (1, 2 or 5 × a power of ten, at least `max`). */
export function niceCeiling(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

interface Panel {
  title: string;
  unit: string;
  top: number;
  max: number;
}

export function renderSvg(data: PlotData): string {
  const plotWidth = WIDTH - LEFT - RIGHT;
  const height = TOP + 3 * PANEL + 2 * GAP + 40;
  const x = (ms: number) => LEFT + (Math.min(Math.max(ms, 0), data.endMs) / Math.max(data.endMs, 1)) * plotWidth;
  const instances = [...new Set(data.samples.map((s) => s.instance))].sort();
  const rssMax = niceCeiling(Math.max(0, ...data.samples.map((s) => (s.rssKb ?? 0) / 1024)));
  const p99Max = niceCeiling(Math.max(0, ...data.buckets.map((b) => b.p99 ?? 0)));
  const errMax = niceCeiling(Math.max(0, ...data.buckets.map((b) => b.errors)));
  const panels: Panel[] = [
    { title: 'RSS per instance', unit: 'MB', top: TOP, max: rssMax },
    { title: 'p99 latency through Varnish, per 5 s', unit: 'ms', top: TOP + PANEL + GAP, max: p99Max },
    { title: 'visitor errors (5xx, timeouts, refused), per 5 s', unit: 'count', top: TOP + 2 * (PANEL + GAP), max: errMax },
  ];
  const y = (panel: Panel, value: number) => panel.top + PANEL - (Math.min(value, panel.max) / panel.max) * PANEL;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" font-size="11">`);
  out.push(`<rect x="0" y="0" width="${WIDTH}" height="${height}" fill="#ffffff"/>`);
  out.push(`<text x="${LEFT}" y="20" font-size="14" font-weight="bold">${escapeXml(data.title)}</text>`);

  // Fault windows: shaded across the three panels, named above the first.
  const faults = data.windows.filter((w) => isFault(w.kind));
  faults.forEach((w, i) => {
    const x0 = x(w.start);
    const width = Math.max(1, x(w.end) - x0);
    const fill = w.kind === 'varnish-restart' ? '#fdd0a2' : '#fee0d2';
    for (const panel of panels) out.push(`<rect x="${fmt(x0)}" y="${panel.top}" width="${fmt(width)}" height="${PANEL}" fill="${fill}"/>`);
    out.push(`<text x="${fmt(x0 + 2)}" y="${TOP - 6 - (i % 2) * 12}" fill="#a50f15">${escapeXml(w.name)}</text>`);
  });

  for (const panel of panels) {
    out.push(`<rect x="${LEFT}" y="${panel.top}" width="${plotWidth}" height="${PANEL}" fill="none" stroke="#888"/>`);
    out.push(`<text x="${LEFT + 4}" y="${panel.top + 13}" font-weight="bold">${escapeXml(panel.title)}</text>`);
    for (const fraction of [0, 0.5, 1]) {
      const value = panel.max * fraction;
      const yy = y(panel, value);
      out.push(`<text x="${LEFT - 6}" y="${fmt(yy + 4)}" text-anchor="end">${fmt(value)} ${panel.unit}</text>`);
      if (fraction > 0) out.push(`<line x1="${LEFT}" y1="${fmt(yy)}" x2="${LEFT + plotWidth}" y2="${fmt(yy)}" stroke="#ddd"/>`);
    }
  }

  // RSS: one line per instance (a gap where it had no process).
  instances.forEach((instance, i) => {
    const color = COLORS[i % COLORS.length];
    const segments: string[][] = [[]];
    for (const s of data.samples.filter((sample) => sample.instance === instance)) {
      if (s.rssKb === null) {
        if (segments[segments.length - 1].length) segments.push([]);
        continue;
      }
      segments[segments.length - 1].push(`${fmt(x(s.at))},${fmt(y(panels[0], s.rssKb / 1024))}`);
    }
    for (const points of segments.filter((seg) => seg.length)) out.push(`<polyline points="${points.join(' ')}" fill="none" stroke="${color}" stroke-width="1.5"/>`);
    out.push(`<text x="${LEFT + plotWidth - 80}" y="${panels[0].top + 14 + i * 13}" fill="${color}">instance ${escapeXml(instance)}</text>`);
  });

  // p99 per bucket: a line over the buckets that had answers.
  const p99Points = data.buckets.filter((b) => b.p99 !== null).map((b) => `${fmt(x(b.at + 2500))},${fmt(y(panels[1], b.p99 as number))}`);
  if (p99Points.length) out.push(`<polyline points="${p99Points.join(' ')}" fill="none" stroke="#1f77b4" stroke-width="1.5"/>`);

  // Errors per bucket: bars.
  for (const b of data.buckets.filter((bucket) => bucket.errors > 0)) {
    const x0 = x(b.at);
    const top = y(panels[2], b.errors);
    out.push(`<rect x="${fmt(x0)}" y="${fmt(top)}" width="${fmt(Math.max(1, x(b.at + 5000) - x0 - 1))}" height="${fmt(panels[2].top + PANEL - top)}" fill="#d62728"/>`);
  }

  // Time axis under the last panel.
  const axisY = panels[2].top + PANEL;
  const stepS = niceCeiling(data.endMs / 1000 / 10);
  for (let s = 0; s * 1000 <= data.endMs; s += stepS) {
    out.push(`<line x1="${fmt(x(s * 1000))}" y1="${axisY}" x2="${fmt(x(s * 1000))}" y2="${axisY + 4}" stroke="#888"/>`);
    out.push(`<text x="${fmt(x(s * 1000))}" y="${axisY + 16}" text-anchor="middle">${s} s</text>`);
  }
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
