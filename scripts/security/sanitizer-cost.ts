/**
 * The sanitizer's cost per article body (issue 12 §2): every CMS body of the seed content (the
 * bodies the site renders: posts, news, press releases, white papers, case studies, events,
 * partner interviews, pages), each sanitized many times; prints the mean time per body, the
 * median of several rounds so that one slow round (a shared machine) does not count.
 *
 * Not a unit test (timings have no place in one); run it by hand and compare:
 *   npx tsx scripts/security/sanitizer-cost.ts [rounds]
 */
import { performance } from 'node:perf_hooks';
import { createSeedStore } from '../../__mocks__/wordpress/store';
import { sanitizeCmsHtml } from '../../src/lib/wordpress/sanitize';

const ARTICLE_BASES = ['posts', 'news', 'press-releases', 'whitepapers', 'case-studies', 'insights', 'events', 'virtual'];

function bodies(): string[] {
  const store = createSeedStore();
  const found: string[] = [];
  for (const base of ARTICLE_BASES) {
    for (const post of (store.collections as Record<string, Array<{ content?: { rendered?: string } }>>)[base] ?? []) {
      const html = post.content?.rendered ?? '';
      if (html) found.push(html);
    }
  }
  return found;
}

/** Mean µs per body over `repeat` passes, the median of `rounds` rounds (and the fastest and slowest). */
function measure(all: string[], rounds: number, repeat: number): { median: number; fastest: number; slowest: number } {
  // Warm up the JIT first: the site sanitizes in a long-running server.
  for (let i = 0; i < 5; i += 1) for (const html of all) sanitizeCmsHtml(html);
  const perBodyUs: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const start = performance.now();
    for (let i = 0; i < repeat; i += 1) for (const html of all) sanitizeCmsHtml(html);
    perBodyUs.push(((performance.now() - start) * 1000) / (repeat * all.length));
  }
  perBodyUs.sort((a, b) => a - b);
  return { median: perBodyUs[Math.floor(perBodyUs.length / 2)], fastest: perBodyUs[0], slowest: perBodyUs[perBodyUs.length - 1] };
}

function line(label: string, result: { median: number; fastest: number; slowest: number }, rounds: number): string {
  return `${label}: ${result.median.toFixed(1)} µs per body (median of ${rounds} rounds; fastest ${result.fastest.toFixed(1)}, slowest ${result.slowest.toFixed(1)})`;
}

function main(): void {
  const rounds = Number(process.argv[2] ?? 7);
  const all = bodies();
  const totalChars = all.reduce((sum, html) => sum + html.length, 0);
  console.log(line(`${all.length} seed article bodies, ${Math.round(totalChars / all.length)} characters on average`, measure(all, rounds, 50), rounds));
  // A long article as editors write them (the seed's bodies are short): every seed body joined.
  const long = all.join('\n');
  console.log(line(`one long article of ${(long.length / 1024).toFixed(1)} kB`, measure([long], rounds, 20), rounds));
}

main();
