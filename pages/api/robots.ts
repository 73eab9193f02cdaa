import type { NextApiRequest, NextApiResponse } from 'next';
import { robotsTxt } from '../../src/lib/site/sitemap';

/** `/robots.txt` (reached through proxy.ts): crawl everything but /api/; where the sitemap is. */
export default function robots(req: NextApiRequest, res: NextApiResponse): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    res.status(405).json({ error: `Method ${req.method ?? ''} is not allowed: use GET` });
    return;
  }
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Cache-Control', 'public, s-maxage=86400, stale-while-revalidate=86400');
  if (req.method === 'HEAD') {
    res.status(200).end();
    return;
  }
  res.status(200).send(robotsTxt());
}
