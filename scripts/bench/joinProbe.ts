/**
 * A diagnostic beside the bench (issue 35, docs/reliability.md §2 "A publish's regeneration runs
 * its own reads"): does a publish show at once when a visitor's regeneration of its page is in
 * flight? Against a running site (`npm run demo` with REVALIDATE_SECONDS=1 and a
 * REVALIDATE_SECRET, so pages go stale within a second) and its content server, it changes a news
 * title through the content server's test-only API, sends the webhook, waits until the worker is
 * done, and reads the page once: does it show the new title?
 *
 *   PORT=3300 LOCAL_WORDPRESS_PORT=3301 REVALIDATE_SECONDS=1 REVALIDATE_SECRET=… npm run demo
 *   REVALIDATE_SECRET=… npx tsx scripts/bench/joinProbe.ts [site, default http://127.0.0.1:3300] [content server, default http://127.0.0.1:3301]
 *
 * Three phases: (A) 8 publishes with no visitors; (B) 30 publishes 0.3–1 s apart while 6 visitors
 * ask for the home page, the news listing and the article in a loop; (C) 30 publishes, each made
 * 5 ms after a request for the stale article started its regeneration.
 */
import { jobsDone } from '../../e2e/helpers/site';

const SITE = process.argv[2] ?? 'http://127.0.0.1:3300';
const CONTENT = process.argv[3] ?? 'http://127.0.0.1:3301';
const SECRET = process.env.REVALIDATE_SECRET ?? '';

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  if (!SECRET) throw new Error('set REVALIDATE_SECRET to the site\'s');
  const [item] = (await (await fetch(`${CONTENT}/wp-json/custom-api/v1/news-id`)).json()) as { id: number; slug: string }[];
  const article = `/about-us/news/${item.slug}`;
  let published = 0;

  /** One publish; whether the page showed it at once. `afterVisitor`: a visitor's regeneration started 5 ms before. */
  async function publish(afterVisitor: boolean): Promise<boolean> {
    if (afterVisitor) {
      await delay(1_100); // the article is stale again
      void fetch(`${SITE}${article}`).then((response) => response.arrayBuffer(), () => undefined);
      await delay(5);
    }
    const title = `Probe title ${Date.now()}-${++published}`;
    const patched = await fetch(`${CONTENT}/__fake/news/${item.id}`, { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ title }) });
    if (!patched.ok) throw new Error(`PATCH: ${patched.status}`);
    const payload = { v: 2, id: `probe-${Date.now()}-${published}`, event: 'update', items: [{ rest_base: 'news', slug: item.slug }] };
    const answer = await fetch(`${SITE}/api/revalidate`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'x-revalidate-secret': SECRET }, body: JSON.stringify(payload) });
    if (answer.status !== 202) throw new Error(`webhook: ${answer.status} ${await answer.text()}`);
    await jobsDone(SITE);
    return (await (await fetch(`${SITE}${article}`)).text()).includes(title);
  }

  const report = (phase: string, shown: boolean[]) => console.log(`${phase}: shown at once ${shown.filter(Boolean).length} of ${shown.length}`);
  const quiet: boolean[] = [];
  for (let i = 0; i < 8; i++) quiet.push(await publish(false));
  report('A, no visitors', quiet);

  let visiting = true;
  const pages = ['/', '/about-us/news', article];
  const visitors = Array.from({ length: 6 }, async () => {
    while (visiting) await fetch(`${SITE}${pages[Math.floor(Math.random() * pages.length)]}`).then((response) => response.arrayBuffer(), () => undefined);
  });
  const busy: boolean[] = [];
  for (let i = 0; i < 30; i++) {
    await delay(300 + Math.random() * 700);
    busy.push(await publish(false));
  }
  visiting = false;
  await Promise.all(visitors);
  report('B, 6 visitors', busy);

  const raced: boolean[] = [];
  for (let i = 0; i < 30; i++) raced.push(await publish(true));
  report("C, a visitor's regeneration 5 ms before", raced);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
