/**
 * The timing half of scripts/security/sanitizer-cost.ts (read that file): plain Node, native ES
 * modules. Arguments: the sanitizer module, the number of rounds; the bodies arrive on stdin as JSON
 * (`{ bodies, blockRich }`).
 */
import { readFileSync } from 'node:fs';
import { register } from 'node:module';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

// The site's modules import each other without extensions (`./inlineStyles`), as TypeScript and
// Next resolve them; Node's own resolver wants the file name: a relative import it cannot find is
// tried again with `.ts`.
const resolveTs = `export async function resolve(specifier, context, next) {
  try { return await next(specifier, context); }
  catch (error) {
    if (error?.code === 'ERR_MODULE_NOT_FOUND' && /^\\.{1,2}\\//.test(specifier)) return next(specifier + '.ts', context);
    throw error;
  }
}`;
register(`data:text/javascript,${encodeURIComponent(resolveTs)}`);

type Sanitize = (html: string) => unknown;

/** Mean µs per body over `repeat` passes: the median of `rounds` rounds, and the fastest and slowest. */
function measure(sanitize: Sanitize, all: string[], rounds: number, repeat: number) {
  // Warm up the JIT first: the site sanitizes in a long-running server.
  for (let i = 0; i < 10; i += 1) for (const html of all) sanitize(html);
  const perBodyUs: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const start = performance.now();
    for (let i = 0; i < repeat; i += 1) for (const html of all) sanitize(html);
    perBodyUs.push(((performance.now() - start) * 1000) / (repeat * all.length));
  }
  perBodyUs.sort((a, b) => a - b);
  return { median: perBodyUs[Math.floor(perBodyUs.length / 2)], fastest: perBodyUs[0], slowest: perBodyUs[perBodyUs.length - 1] };
}

const [modulePath, roundsArg] = process.argv.slice(2);
const rounds = Number(roundsArg);
const { sanitizeCmsHtml } = (await import(pathToFileURL(modulePath).href)) as { sanitizeCmsHtml: Sanitize };
const { bodies: all, blockRich } = JSON.parse(readFileSync(0, 'utf8')) as { bodies: string[]; blockRich: string };
const long = all.join('\n');
const average = Math.round(all.reduce((sum, html) => sum + html.length, 0) / all.length);
for (const [label, set, repeat] of [
  [`${all.length} seed article bodies, ${average} characters on average`, all, 50],
  [`one long article of ${(long.length / 1024).toFixed(1)} kB`, [long], 20],
  [`one block-rich article of ${(blockRich.length / 1024).toFixed(1)} kB (WordPress 6.1 blocks)`, [blockRich], 50],
] as const) {
  const r = measure(sanitizeCmsHtml, [...set], rounds, repeat);
  console.log(`${label}: ${r.median.toFixed(1)} µs per body (median of ${rounds} rounds; fastest ${r.fastest.toFixed(1)}, slowest ${r.slowest.toFixed(1)})`);
}
