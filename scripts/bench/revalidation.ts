/**
 * Revalidation latency: an editor changes an item's title in WordPress (the content server's admin
 * API), WordPress calls the site's webhook, and the bench polls the page until the new title is in
 * its HTML. Measured from the webhook call to the first fresh HTML: the webhook answers 202 before
 * the work (issue 35), so its answer says nothing about when the page is new.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RevalidationTarget {
  wordpressUrl: string;
  siteUrl: string;
  secret: string;
  /** The REST base of the item's type at the content server (`posts`), as the webhook's items name it too. */
  restBase: string;
  /** The item's site path, e.g. `/resources/blogs/{slug}`. */
  path: string;
}

async function itemId(target: RevalidationTarget, slug: string): Promise<number> {
  const response = await fetch(`${target.wordpressUrl}/wp-json/wp/v2/${target.restBase}?slug=${encodeURIComponent(slug)}&_fields=id`);
  const items = (await response.json()) as { id: number }[];
  if (!response.ok || !items[0]) throw new Error(`No ${target.restBase} item with slug ${slug} at the content server`);
  return items[0].id;
}

/** One measurement in milliseconds. `title` must be plain text (letters, digits, spaces): it is looked for as is in the HTML. */
export async function measureRevalidation(target: RevalidationTarget, title: string, timeoutMs = 120_000): Promise<number> {
  const slug = target.path.split('/').pop() ?? '';
  const id = await itemId(target, slug);
  const patch = await fetch(`${target.wordpressUrl}/__fake/${target.restBase}/${id}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ title }),
  });
  if (!patch.ok) throw new Error(`The content server refused the title change: ${patch.status}`);

  const start = performance.now();
  const webhook = await fetch(`${target.siteUrl}/api/revalidate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-revalidate-secret': target.secret },
    body: JSON.stringify({ v: 2, id: `bench-${Date.now()}`, event: 'update', items: [{ rest_base: target.restBase, slug }], scope: 'items', redirects: false }),
  });
  const answer = await webhook.text();
  if (webhook.status !== 202) throw new Error(`The webhook answered ${webhook.status}: ${answer.slice(0, 300)}`);
  while (performance.now() - start < timeoutMs) {
    const page = await fetch(`${target.siteUrl}${target.path}`);
    if ((await page.text()).includes(title)) return performance.now() - start;
    await sleep(20);
  }
  throw new Error(`${target.path} did not show the new title within ${timeoutMs} ms of the webhook call`);
}
