import { readFileSync } from 'node:fs';

/**
 * The floor's one page: the built home page's DOM (the inner HTML of its `<div id="__next">`,
 * scripts removed; the bench writes it to BENCH_FLOOR_HTML before `next build`) inside one
 * element, hydrated by React and Next and nothing else: no CSS, no other script. What Lighthouse
 * measures here is the framework's own cost for that DOM.
 */
export default function Floor({ html }) {
  return <div dangerouslySetInnerHTML={{ __html: html }} />;
}

export function getStaticProps() {
  const file = process.env.BENCH_FLOOR_HTML;
  if (!file) throw new Error('BENCH_FLOOR_HTML (the home page DOM the bench extracted) is not set');
  return { props: { html: readFileSync(file, 'utf8') } };
}
