import type { NextApiRequest, NextApiResponse } from 'next';
import { sendCachedDocument } from '../../src/lib/site/documentCache';
import { sitemapCache } from '../../src/lib/site/sitemap';

/** `/sitemap.xml` (reached through proxy.ts): the sitemap, cached with ISR semantics. */
export default async function sitemap(req: NextApiRequest, res: NextApiResponse): Promise<void> {
  await sendCachedDocument(req, res, sitemapCache(), 'application/xml; charset=utf-8', 'sitemap');
}
