import type { PostRestBase } from './postTypes';
import { autoExcerpt, blocks, h2, makePost, p, ul, type SeedPost } from './seed/build';
import { nextId } from './ids';
import type { WordPressStore } from './store';

/**
 * Deterministic bulk content for scale tests: `count` items per content type, the same on every
 * run. Generated items are dated before the seed content (from 2024-12-31 backwards), so the seed
 * still fills the first page of every listing; their ids start at 100000.
 */

const FIRST_GENERATED_ID = 100_000;
const HOURS_BETWEEN_ITEMS = 7;

const TOPICS = ['contactless checkout', 'campus dining', 'stadium concessions', 'hotel folios', 'terminal fleets', 'loyalty rewards', 'card routing', 'donation prompts', 'sales reporting', 'pay-by-bank'];
const ANGLES = ['field notes on', 'a closer look at', 'lessons from', 'five questions about', 'the economics of', 'what operators say about', 'a checklist for'];
const PLACES = ['Denver, CO', 'Orlando, FL', 'Chicago, IL', 'Online', 'Austin, TX', 'Seattle, WA'];
const PEOPLE: readonly (readonly [string, string, string])[] = [
  ['Alex Moreno', 'Head of Partnerships', 'Brightline Software'],
  ['Jordan Kim', 'Founder', 'Lakeside Merchant Group'],
  ['Sam Patel', 'VP Engineering', 'Orchard POS'],
];

/** The generated types, in the order items are created, with each type's custom fields. */
const TYPES: readonly { restBase: PostRestBase; label: string; acf: (i: number, ctx: Context) => Record<string, unknown> }[] = [
  { restBase: 'posts', label: 'Blog', acf: () => ({}) },
  { restBase: 'news', label: 'News', acf: () => ({}) },
  { restBase: 'press-releases', label: 'Press release', acf: () => ({}) },
  {
    restBase: 'whitepapers',
    label: 'White paper',
    acf: (i, ctx) => ({ summary: `Research note ${i + 1} on ${pick(TOPICS, i)}.`, download_url: ctx.downloadUrl }),
  },
  {
    restBase: 'case-studies',
    label: 'Case study',
    acf: (i) => ({ client: `Client ${i + 1}`, summary: `How one operator improved ${pick(TOPICS, i)}.`, cta_label: 'Talk to us', cta_url: '/contact-us' }),
  },
  { restBase: 'insights', label: 'Insight', acf: (i) => ({ topic: pick(TOPICS, i), reading_time: `${2 + (i % 6)} min` }) },
  {
    restBase: 'events',
    label: 'Event',
    acf: (i, ctx) => ({
      start_date: ctx.date,
      end_date: ctx.date.replace(/T\d\d/, 'T23'),
      location: pick(PLACES, i),
      registration_url: `https://events.example.com/generated-${i + 1}`,
    }),
  },
  {
    restBase: 'virtual',
    label: 'Partner interview',
    acf: (i) => {
      const [name, role, company] = pick(PEOPLE, i);
      return { partner_name: name, partner_role: role, company };
    },
  },
  { restBase: 'fp_page', label: 'Page', acf: (_i, ctx) => ({ section: 'pages', frames: ctx.frames }) },
];

interface Context {
  date: string;
  downloadUrl: string;
  frames: number[];
}

function pick<T>(list: readonly T[], i: number): T {
  return list[i % list.length];
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

const NUMBER = '{{n}}';

/** Rendered content and excerpt per label and topic, built once (texturizing 18,000 bodies is slow); the item number is filled in. */
function bodyTemplates(): (label: string, i: number) => { content: string; excerpt: string } {
  const cache = new Map<string, { content: string; excerpt: string }>();
  return (label, i) => {
    const topic = pick(TOPICS, i);
    const key = `${label}|${topic}`;
    let template = cache.get(key);
    if (!template) {
      const content = blocks(
        p(`This ${label.toLowerCase()} is generated item ${NUMBER}. It looks at ${topic} from an operator's point of view.`),
        h2('Key points'),
        ul([`Why ${topic} matters`, `What it costs`, `Where to start`]),
        p(`Related: <a href="/pages/secure-switching">secure switching</a> and <a href="/resources/blogs">the blog</a>.`),
      );
      template = { content, excerpt: autoExcerpt(content) };
      cache.set(key, template);
    }
    const n = String(i + 1);
    return { content: template.content.replace(NUMBER, n), excerpt: template.excerpt.replace(NUMBER, n) };
  };
}

/** `count` items per content type, numbered deterministically. Reuses the store's media and frames. */
export function generateItems(store: WordPressStore, count: number): SeedPost[] {
  const images = store.media.filter((m) => m.media_type === 'image').map((m) => m.id);
  const pdf = store.media.find((m) => m.mime_type === 'application/pdf');
  const frameIds = store.collections.frame.map((f) => f.id);
  const start = Date.UTC(2024, 11, 31, 12, 0, 0);
  let id = Math.max(FIRST_GENERATED_ID, nextId(store));
  const out: SeedPost[] = [];
  const body = bodyTemplates();

  for (const type of TYPES) {
    const prefix = type.restBase === 'fp_page' ? 'generated-page' : `generated-${type.restBase}`;
    for (let i = 0; i < count; i++) {
      const n = String(i + 1).padStart(4, '0');
      const date = isoDate(start - i * HOURS_BETWEEN_ITEMS * 3_600_000);
      const frames = frameIds.length ? [pick(frameIds, i), pick(frameIds, i + 7)] : [];
      const ctx: Context = { date, downloadUrl: pdf?.source_url ?? '', frames };
      const isPage = type.restBase === 'fp_page';
      const { content, excerpt } = isPage ? { content: '', excerpt: `<p>Generated page ${n}.</p>\n` } : body(type.label, i);
      out.push(
        makePost(type.restBase, {
          id: id++,
          slug: `${prefix}-${n}`,
          title: `${type.label} ${n}: ${pick(ANGLES, i)} ${pick(TOPICS, i * 3 + 1)}`,
          date,
          content,
          excerptHtml: excerpt,
          featuredMedia: isPage || images.length === 0 ? 0 : pick(images, i),
          acf: type.acf(i, ctx),
        }),
      );
    }
  }
  return out;
}
