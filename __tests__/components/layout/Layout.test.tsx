import { act, render, screen, within } from '@testing-library/react';
import type { AppProps } from 'next/app';
import type { ComponentType, ReactElement } from 'react';
import { http, HttpResponse } from 'msw';
import App from '../../../pages/_app';
import { server } from '../../setup/msw';
import { Layout } from '@/components/layout/Layout';
import { FOOTER, type LayoutData } from '@/lib/site/layout';
import { SITE_NAME } from '@/lib/shared/site/brand';
import { EXPECTED_FALLBACK, MENU } from './fixtures';

const mockRouter = { asPath: '/' };
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));

const LAYOUT: LayoutData = { menu: MENU, footer: FOOTER.map((section) => ({ ...section, links: [...section.links] })) };

function Page(props: Record<string, unknown>) {
  return <p data-testid="page-props">{JSON.stringify(props)}</p>;
}

// The alerts and the analytics are lazy chunks (afterPaint) that mount after the
// first render: each render lets them settle inside act() so their state updates are accounted for.
// _app schedules the page-view ping; it is answered here (its rules are tested in consent/app.test.tsx).
beforeEach(() => {
  server.use(http.post('*/api/ping', () => new HttpResponse(null, { status: 204 })));
});

async function renderSettled(ui: ReactElement) {
  const result = render(ui);
  await act(async () => {
    await Promise.all([import('@/components/alerts/SiteAlerts'), import('@/components/analytics/SiteAnalytics')]);
  });
  return result;
}

function renderApp(pageProps: Record<string, unknown>) {
  const props = { Component: Page as ComponentType, pageProps, router: {} } as unknown as AppProps;
  return renderSettled(<App {...props} />);
}


const mainNav = () => screen.getAllByRole('navigation', { name: 'Main' })[0] as HTMLElement;

describe('application shell (spec §2: one page entry wraps every page)', () => {
  beforeEach(() => {
    mockRouter.asPath = '/';
  });

  test('spec §2 application shell: _app wraps the page in the layout and strips `layout` from its props', async () => {
    await renderApp({ layout: LAYOUT, title: 'Hello' });
    expect(JSON.parse(screen.getByTestId('page-props').textContent ?? '')).toEqual({ title: 'Hello' });
    expect(screen.getByRole('main')).toContainElement(screen.getByTestId('page-props'));
    expect(within(mainNav()).getByRole('button', { name: 'Solutions' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  test('spec §2 fixed fallback navigation: a page without layout data gets the fallback navigation and the static footer', async () => {
    await renderApp({});
    const links = within(mainNav()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(EXPECTED_FALLBACK.map(([label, href]) => [label, href]));
    const footer = within(screen.getByRole('navigation', { name: 'Footer' }));
    for (const section of FOOTER) {
      const list = footer.getByRole('list', { name: section.title });
      expect(within(list).getAllByRole('link')).toHaveLength(section.links.length);
    }
  });

  test('malformed layout data never crashes the shell', async () => {
    await renderApp({ layout: { menu: 'not a list', footer: null } });
    expect(within(mainNav()).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact-us');
    expect(screen.getByRole('navigation', { name: 'Footer' })).toBeInTheDocument();
  });

  test('skip link: the first link is "Skip to content" and targets the focusable <main id="main">', async () => {
    await renderSettled(<Layout data={LAYOUT}>page</Layout>);
    const links = screen.getAllByRole('link');
    expect(links[0]).toHaveAccessibleName('Skip to content');
    expect(links[0]).toHaveAttribute('href', '#main');
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', 'main');
    expect(main).toHaveAttribute('tabindex', '-1');
  });

  test('header: the logo links home with the site name', async () => {
    await renderSettled(<Layout data={LAYOUT}>page</Layout>);
    const banner = within(screen.getByRole('banner'));
    expect(banner.getByRole('link', { name: `${SITE_NAME} home` })).toHaveAttribute('href', '/');
  });

  test('footer: the sections as columns of links, and a copyright line with the year and the company name', async () => {
    mockRouter.asPath = '/contact-us';
    await renderSettled(<Layout data={LAYOUT}>page</Layout>);
    const footer = within(screen.getByRole('contentinfo'));
    for (const section of LAYOUT.footer) {
      expect(footer.getByRole('heading', { name: section.title, level: 2 })).toBeInTheDocument();
      const list = footer.getByRole('list', { name: section.title });
      section.links.forEach((link, index) => {
        expect(within(list).getAllByRole('link')[index]).toHaveAttribute('href', link.href);
      });
    }
    expect(footer.getByText(`© ${new Date().getFullYear()} ${SITE_NAME}. All rights reserved.`)).toBeInTheDocument();
    expect(footer.getByRole('link', { name: 'Contact us' })).toHaveAttribute('aria-current', 'page');
  });

  test('footer: the cookie settings slot renders what it is given, and nothing when absent', async () => {
    const { rerender } = await renderSettled(<Layout data={LAYOUT}>page</Layout>);
    expect(screen.queryByRole('button', { name: 'Cookie settings' })).not.toBeInTheDocument();
    rerender(
      <Layout data={LAYOUT} cookieSettings={<button type="button">Cookie settings</button>}>
        page
      </Layout>,
    );
    expect(within(screen.getByRole('contentinfo')).getByRole('button', { name: 'Cookie settings' })).toBeInTheDocument();
  });
});
