import type { NextApiRequest, NextApiResponse } from 'next';
import { sendCachedDocument } from '../../../src/lib/site/documentCache';
import { feedCache } from '../../../src/lib/site/feeds';
import { FEED_TYPES } from '../../../src/lib/shared/site/seo';

/** `/feeds/{feed}.xml` (reached through proxy.ts): the RSS feed of blogs, news or press releases. */
export default async function feed(req: NextApiRequest, res: NextApiResponse): Promise<void> {
  const param = req.query.feed;
  const name = (typeof param === 'string' ? param : '').replace(/\.xml$/, '');
  const cache = feedCache(name);
  if (!cache) {
    res.status(404).json({ error: `No such feed; the feeds are ${FEED_TYPES.map((t) => `/feeds/${t.feed}.xml`).join(', ')}` });
    return;
  }
  await sendCachedDocument(req, res, cache, 'application/rss+xml; charset=utf-8', `${name} feed`);
}
