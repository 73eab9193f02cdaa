import { act, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { SiteAnalytics } from '@/components/analytics/SiteAnalytics';
import { dropDisallowedEvent, isAnalyticsEnvironment } from '@/components/analytics/analyticsGate';
import { setAnalyticsConsent } from '@/lib/consent/store';

const mockRouter = { pathname: '/[section]/[slug]', asPath: '/pages/card-services', isReady: true };
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));

// Under jest NODE_ENV is 'test', so the libraries inject their debug scripts (not fetched: jsdom
// loads no external resources).
const analyticsScript = () => document.head.querySelector('script[src*="va.vercel-scripts.com/v1/script.debug.js"]');
const speedScript = () => document.head.querySelector('script[src*="speed-insights"]');
const pageviews = () => (window.vaq ?? []).filter(([name]) => name === 'pageview').map(([, props]) => props);

describe('analytics and speed components (spec §4 "Analytics and speed components", §7 third-party services)', () => {
  beforeEach(() => {
    process.env.NEXT_PUBLIC_VERCEL_ENV = 'production';
    setAnalyticsConsent(true);
    Object.assign(mockRouter, { pathname: '/[section]/[slug]', asPath: '/pages/card-services', isReady: true });
    document.head.innerHTML = '';
    delete window.va;
    delete window.vaq;
    delete window.si;
    delete window.siq;
  });

  afterAll(() => {
    delete process.env.NEXT_PUBLIC_VERCEL_ENV;
    setAnalyticsConsent(false);
  });

  test('spec §4 render only in the browser: nothing on the server', () => {
    expect(renderToString(<SiteAnalytics />)).toBe('');
    expect(analyticsScript()).toBeNull();
  });

  test('spec §7 in the browser, when allowed: both scripts load and a page view with route and path is sent', () => {
    mockRouter.asPath = '/pages/card-services?utm_source=mail#pricing';
    render(<SiteAnalytics />);
    expect(analyticsScript()).not.toBeNull();
    expect(speedScript()).not.toBeNull();
    expect(speedScript()).toHaveAttribute('data-route', '/[section]/[slug]');
    expect(pageviews()).toEqual([{ route: '/[section]/[slug]', path: '/pages/card-services' }]);
  });

  test.each(['/pages/get-in-touch-media-relations-salesforce-test-page', '/pages/page-test-2', '/pages/page-test-2?x=1'])(
    'spec §2 test pages: nothing renders on %s',
    (asPath) => {
      mockRouter.asPath = asPath;
      render(<SiteAnalytics />);
      expect(analyticsScript()).toBeNull();
      expect(speedScript()).toBeNull();
      expect(pageviews()).toEqual([]);
    },
  );

  test('spec §2 test pages: after a client-side navigation into a test page no page view is sent and events are dropped', () => {
    const { rerender } = render(<SiteAnalytics />);
    expect(pageviews()).toHaveLength(1);
    mockRouter.asPath = '/pages/page-test-2';
    rerender(<SiteAnalytics />);
    mockRouter.asPath = '/about-us/news';
    mockRouter.pathname = '/about-us/news';
    rerender(<SiteAnalytics />);
    expect(pageviews()).toEqual([
      { route: '/[section]/[slug]', path: '/pages/card-services' },
      { route: '/about-us/news', path: '/about-us/news' },
    ]);
    // The scripts stay loaded once injected: their beforeSend drops test-page events.
    expect(window.vaq?.some(([name, fn]) => name === 'beforeSend' && fn === dropDisallowedEvent)).toBe(true);
    expect(window.siq?.some(([name, fn]) => name === 'beforeSend' && fn === dropDisallowedEvent)).toBe(true);
    expect(dropDisallowedEvent({ type: 'pageview', url: 'https://www.corvane.example/pages/page-test-2' })).toBeNull();
    const event = { type: 'vital' as const, url: 'https://www.corvane.example/pages/card-services' };
    expect(dropDisallowedEvent(event)).toBe(event);
  });

  test('spec §4 follows consent: nothing before analytics consent; loads when consent is given; events dropped after withdrawal', () => {
    setAnalyticsConsent(false);
    render(<SiteAnalytics />);
    expect(analyticsScript()).toBeNull();
    act(() => setAnalyticsConsent(true));
    expect(analyticsScript()).not.toBeNull();
    act(() => setAnalyticsConsent(false));
    expect(dropDisallowedEvent({ type: 'pageview', url: 'https://www.corvane.example/' })).toBeNull();
  });

  test('spec §7 off Vercel (NEXT_PUBLIC_VERCEL_ENV unset or development) nothing loads', () => {
    for (const value of [undefined, '', 'development']) {
      if (value === undefined) delete process.env.NEXT_PUBLIC_VERCEL_ENV;
      else process.env.NEXT_PUBLIC_VERCEL_ENV = value;
      const { unmount } = render(<SiteAnalytics />);
      expect(analyticsScript()).toBeNull();
      unmount();
    }
    expect(isAnalyticsEnvironment('production')).toBe(true);
    expect(isAnalyticsEnvironment('preview')).toBe(true);
    expect(isAnalyticsEnvironment('development')).toBe(false);
    expect(isAnalyticsEnvironment(undefined)).toBe(false);
  });

  test('spec §4 nothing before the router is ready (no wrong path from a pre-rendered route pattern)', () => {
    Object.assign(mockRouter, { asPath: '/pages/[slug]', isReady: false });
    render(<SiteAnalytics />);
    expect(analyticsScript()).toBeNull();
  });

  test('spec §8 analytics script fails to load: a console message only, nothing throws', () => {
    const log = jest.spyOn(console, 'log').mockImplementation(() => {});
    render(<SiteAnalytics />);
    expect(() => {
      analyticsScript()?.dispatchEvent(new Event('error'));
      speedScript()?.dispatchEvent(new Event('error'));
    }).not.toThrow();
    expect(log).toHaveBeenCalledWith(expect.stringContaining('[Vercel Web Analytics] Failed to load script'));
    expect(log).toHaveBeenCalledWith(expect.stringContaining('[Vercel Speed Insights] Failed to load script'));
    log.mockRestore();
  });
});
