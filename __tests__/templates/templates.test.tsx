import { render, screen, within } from '@testing-library/react';
import { ArticleTemplate, articleKind } from '@/components/templates/ArticleTemplate';
import { CaseStudyTemplate } from '@/components/templates/CaseStudyTemplate';
import { EventTemplate } from '@/components/templates/EventTemplate';
import { FramePageTemplate } from '@/components/templates/FramePageTemplate';
import { ListingTemplate } from '@/components/templates/ListingTemplate';
import { PartnerInterviewTemplate } from '@/components/templates/PartnerInterviewTemplate';
import { WhitePaperTemplate } from '@/components/templates/WhitePaperTemplate';
import { clearFrameTypeCache, getFramePage } from '@/lib/wordpress/frames';
import { getItemBySlug } from '@/lib/wordpress/content';
import type { ContentItem, ContentTypeName, FramePage } from '@/lib/shared/types';
import { listingProps } from '@/lib/site/listing';
import { contentType } from '@/lib/shared/wordpress/contentTypes';
import type { ReactNode } from 'react';
import { fakeWordPress } from '../setup/msw';

// next/head renders nothing outside Next; here it renders its tags in place so the test can read them.
jest.mock('next/head', () => ({ __esModule: true, default: ({ children }: { children: ReactNode }) => <>{children}</> }));

/** The JSON-LD objects the page renders. */
function jsonLd(container: HTMLElement): Record<string, unknown>[] {
  return [...container.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? 'null'));
}

/** One item from the fake WordPress (the seed content), as the detail route loads it. */
async function item(type: ContentTypeName, slug: string): Promise<ContentItem> {
  const found = await getItemBySlug(type, slug);
  if (!found) throw new Error(`no ${type} ${slug} in the seed`);
  return found;
}

const h1s = () => screen.getAllByRole('heading', { level: 1 });

/** The item's title is the page's only h1. */
function expectTitleIsTheOnlyH1(title: string) {
  expect(h1s()).toHaveLength(1);
  expect(h1s()[0]).toHaveTextContent(title);
}

beforeEach(() => {
  clearFrameTypeCache();
  // These rules are the templates' own head (titles, JSON-LD): a WordPress without the companion
  // plugin's `seo` field. The SEO plugin's values are tested in __tests__/seo/seoHead.test.tsx.
  fakeWordPress().site!.companion = false;
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('detail templates (spec §2 detail routes): title as the only h1, date, featured image, body, type fields', () => {
  test.each([
    ['news', 'corvane-opens-regional-office-in-denver', 'Corvane opens a regional office in Denver'],
    ['blog', 'what-payment-orchestration-means-for-multi-site-merchants', 'What payment orchestration means for multi-site merchants'],
    ['pressRelease', 'corvane-launches-decisionpoint-network', 'Corvane Launches DecisionPoint Network to Cut False Declines'],
    ['insight', 'contactless-share-passes-80-percent', 'Contactless share passes 80% at the counter'],
  ] as const)('ArticleTemplate renders a %s: h1, <time dateTime>, eager featured image, sanitized body, breadcrumbs', async (type, slug, title) => {
    const news = await item(type, slug);
    const { container } = render(<ArticleTemplate item={news} />);
    expectTitleIsTheOnlyH1(title);
    expect(container.querySelector('header time')).toHaveAttribute('dateTime', news.date.slice(0, 16));
    const hero = container.querySelector('img[fetchpriority="high"]');
    expect(hero).toHaveAttribute('src', news.featuredImage?.url);
    expect(hero).toHaveAttribute('width', String(news.featuredImage?.width));
    expect(hero).toHaveAttribute('loading', 'eager');
    expect(container.querySelector('.prose')?.textContent?.length).toBeGreaterThan(40);
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/', contentType(type).listingPath]);
    expect(document.querySelector('link[rel="canonical"]')).toHaveAttribute('href', `https://www.example.com${news.path}`);
    expect(document.querySelector('title')).toHaveTextContent(`${title} | Corvane Payments`);
    const types = jsonLd(container).map((d) => d['@type']);
    expect(types).toEqual([articleKind(type), 'BreadcrumbList']);
  });

  test('an insight shows its topic and reading time', async () => {
    render(<ArticleTemplate item={await item('insight', 'contactless-share-passes-80-percent')} />);
    expect(screen.getByText('Payments data')).toBeInTheDocument();
    expect(screen.getByText('3 min read')).toBeInTheDocument();
  });

  test('JSON-LD kinds: NewsArticle for news and press releases, BlogPosting for blog posts', () => {
    expect(articleKind('news')).toBe('NewsArticle');
    expect(articleKind('pressRelease')).toBe('NewsArticle');
    expect(articleKind('blog')).toBe('BlogPosting');
    expect(articleKind('whitePaper')).toBe('Article');
  });

  test('EventTemplate shows the date range, the place and a registration link', async () => {
    const event = await item('event', 'corvane-payments-summit-2026');
    const { container } = render(<EventTemplate item={event} />);
    expectTitleIsTheOnlyH1('Corvane Payments Summit 2026');
    const times = [...container.querySelectorAll('time')].map((t) => t.getAttribute('dateTime'));
    expect(times).toContain('2026-05-12T09:00');
    expect(times).toContain('2026-05-13T17:00');
    const details = screen.getByRole('complementary', { name: 'Event details' });
    expect(within(details).getByText('Denver, CO')).toBeInTheDocument();
    expect(within(details).getByText(/May 12, 2026, 9:00 AM/)).toBeInTheDocument();
    const register = screen.getAllByRole('link', { name: /^Register/ });
    expect(register[0]).toHaveAttribute('href', 'https://events.example.com/corvane-summit-2026');
    expect(jsonLd(container)[0]).toMatchObject({ '@type': 'Event', name: 'Corvane Payments Summit 2026', startDate: '2026-05-12T09:00:00' });
  });

  test('EventTemplate tolerates an event without dates, place or registration', async () => {
    const event = await item('event', 'corvane-payments-summit-2026');
    render(<EventTemplate item={{ ...event, fields: {}, featuredImage: null }} />);
    expectTitleIsTheOnlyH1('Corvane Payments Summit 2026');
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(screen.queryByRole('link', { name: /Register/ })).toBeNull();
  });

  test('WhitePaperTemplate shows the summary and a download button', async () => {
    const paper = await item('whitePaper', 'the-payment-orchestration-playbook');
    render(<WhitePaperTemplate item={paper} />);
    expectTitleIsTheOnlyH1('The Payment Orchestration Playbook');
    expect(screen.getByText(/A practical guide to routing card payments/)).toBeInTheDocument();
    const downloads = screen.getAllByRole('link', { name: 'Download the white paper (PDF)' });
    expect(downloads[0].getAttribute('href')).toMatch(/orchestration-playbook\.pdf$/);
  });

  test('CaseStudyTemplate shows the client, the summary and the call to action', async () => {
    const study = await item('caseStudy', 'pinecrest-arena-halftime-rush');
    render(<CaseStudyTemplate item={study} />);
    expectTitleIsTheOnlyH1('Pinecrest Arena cuts halftime lines by a third');
    const aside = screen.getByRole('complementary', { name: 'About the client' });
    expect(within(aside).getByText('Pinecrest Arena')).toBeInTheDocument();
    expect(screen.getAllByText(/\$180,000 raised for local causes/).length).toBeGreaterThan(0);
    expect(within(aside).getByRole('link', { name: 'Plan your venue upgrade' })).toHaveAttribute('href', '/contact-us');
  });

  test('PartnerInterviewTemplate shows the partner name, role and company', async () => {
    const interview = await item('partnerInterview', 'tablewise-integrated-payments');
    render(<PartnerInterviewTemplate item={interview} />);
    expectTitleIsTheOnlyH1('Building integrated payments into restaurant software');
    const aside = screen.getByRole('complementary', { name: 'About the partner' });
    expect(within(aside).getByText('Priya Natarajan')).toBeInTheDocument();
    expect(within(aside).getByText('Chief Product Officer')).toBeInTheDocument();
    expect(within(aside).getByText('Tablewise POS')).toBeInTheDocument();
  });

  test('a template never renders a javascript: URL from a custom field', async () => {
    const study = await item('caseStudy', 'pinecrest-arena-halftime-rush');
    render(<CaseStudyTemplate item={{ ...study, fields: { ...study.fields, cta_url: 'javascript:alert(1)' } }} />);
    expect(screen.queryByRole('link', { name: 'Plan your venue upgrade' })).toBeNull();
  });
});

describe('ListingTemplate', () => {
  test('renders the type label as the h1, one card per item (h2 title links) and no pagination for one page', async () => {
    const props = await listingProps('news', 1);
    render(<ListingTemplate listing={props!.listing} />);
    expectTitleIsTheOnlyH1('News');
    const cards = screen.getAllByRole('heading', { level: 2 });
    expect(cards.map((h) => h.textContent)).toEqual(props!.listing.items.map((i) => i.title));
    expect(screen.queryByRole('navigation', { name: 'News pages' })).toBeNull();
  });
});

describe('FramePageTemplate', () => {
  async function page(slug: string): Promise<FramePage> {
    const found = await getFramePage(slug);
    if (!found) throw new Error(`no page ${slug}`);
    return found;
  }

  test('a page that opens with a hero: the hero heading is the only h1', async () => {
    render(<FramePageTemplate page={await page('secure-switching')} />);
    expectTitleIsTheOnlyH1('Route every transaction on the safest, fastest path');
  });

  test('a page without a hero: the page title is the only h1, above the frames', async () => {
    render(<FramePageTemplate page={await page('about-us-career')} />);
    expectTitleIsTheOnlyH1('Careers');
    expect(screen.getByRole('heading', { level: 2, name: 'Work on payments people use every day' })).toBeInTheDocument();
  });

  test('the hostile community board renders sanitized: no script, no inline handler, no javascript: link', async () => {
    const { container } = render(<FramePageTemplate page={await page('community')} />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onclick], [onerror]')).toBeNull();
    for (const a of container.querySelectorAll('a')) expect(a.getAttribute('href') ?? '').not.toMatch(/^javascript:/i);
    expect((window as unknown as { __communityXss?: boolean }).__communityXss).toBeUndefined();
  });
});
