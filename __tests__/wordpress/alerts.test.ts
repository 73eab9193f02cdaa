import { http, HttpResponse } from 'msw';
import { alertsFetcher, alertsKey, alertsUrl, getAlerts } from '@/lib/shared/wordpress/alerts';
import { fetchJson } from '@/lib/shared/wordpress/http';
import { fakeWordPress, server, WORDPRESS_BASE, recordWordPressRequests } from '../setup/msw';

const ALERT_URL = `${WORDPRESS_BASE}/wp-json/wp/v2/alert`;

let recorder: ReturnType<typeof recordWordPressRequests>;
let error: jest.SpyInstance;
const alertRequests = () => recorder.urls.filter((u) => u.pathname === '/wp-json/wp/v2/alert');

beforeEach(() => {
  recorder = recordWordPressRequests();
  error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  recorder.stop();
  error.mockRestore();
  jest.useRealTimers();
});

interface RawAlert {
  id: number;
  title: { rendered: string };
  content: { rendered: string };
  acf: Record<string, string>;
}

const alert = (id: number, type: string, enable: string, extra: Partial<RawAlert> & { acf?: Record<string, string> } = {}): RawAlert => ({
  id,
  title: { rendered: `Alert ${id}` },
  content: { rendered: `<p>Text ${id}</p>` },
  ...extra,
  acf: { alert_type: type, enable, ...extra.acf },
});

/** Answers alert reads per requested alert_type with the list the test gives (a number: that error status). */
function answerAlerts(byType: Record<string, unknown>) {
  server.use(
    http.get(ALERT_URL, ({ request }) => {
      const type = new URL(request.url).searchParams.get('meta_query[0][value]') ?? '';
      const body = byType[type];
      if (typeof body === 'number') return new HttpResponse('<html>error</html>', { status: body });
      return HttpResponse.json(body ?? []);
    }),
  );
}

describe('alertsUrl', () => {
  it('spec §7 alerts: GET alert with per_page=100, a meta_query AND of key/value pairs compared with LIKE, _fields and t', () => {
    const url = new URL(alertsUrl(WORDPRESS_BASE, [{ key: 'alert_type', value: 'Top bar' }, { key: 'enable', value: '1' }], ['id', 'title', 'content', 'acf']));
    expect(`${url.origin}${url.pathname}`).toBe(`${WORDPRESS_BASE}/wp-json/wp/v2/alert`);
    const params = [...url.searchParams.entries()];
    expect(params.slice(0, -1)).toEqual([
      ['per_page', '100'],
      ['meta_query[relation]', 'AND'],
      ['meta_query[0][key]', 'alert_type'],
      ['meta_query[0][value]', 'Top bar'],
      ['meta_query[0][compare]', 'LIKE'],
      ['meta_query[1][key]', 'enable'],
      ['meta_query[1][value]', '1'],
      ['meta_query[1][compare]', 'LIKE'],
      ['_fields', 'id,title,content,acf'],
    ]);
    expect(params[params.length - 1][0]).toBe('t');
    // Brackets and spaces are percent-encoded as a form would send them; PHP decodes them into nested arrays.
    expect(url.search).toContain('meta_query%5B0%5D%5Bvalue%5D=Top+bar');
  });

  it('spec §7 alerts: without filters or fields, neither meta_query nor _fields is sent', () => {
    const url = new URL(alertsUrl(`${WORDPRESS_BASE}/`, []));
    expect([...url.searchParams.keys()]).toEqual(['per_page', 't']);
    expect(url.pathname).toBe('/wp-json/wp/v2/alert');
  });
});

describe('getAlerts', () => {
  it('spec §7 alerts: one request per type, filtered by alert_type and enable 1, asking only for id, title, content and acf', async () => {
    answerAlerts({ 'Top bar': [alert(1, 'Top bar', '1')], Popup: [alert(2, 'Popup', '1')] });
    const result = await getAlerts(WORDPRESS_BASE);
    expect(result.topBar?.id).toBe(1);
    expect(result.popup?.id).toBe(2);
    const requests = alertRequests();
    expect(requests).toHaveLength(2);
    const filters = requests.map((u) => [
      u.searchParams.get('meta_query[relation]'),
      u.searchParams.get('meta_query[0][key]'),
      u.searchParams.get('meta_query[0][value]'),
      u.searchParams.get('meta_query[1][key]'),
      u.searchParams.get('meta_query[1][value]'),
      u.searchParams.get('_fields'),
    ]);
    expect(filters.sort()).toEqual([
      ['AND', 'alert_type', 'Popup', 'enable', '1', 'id,title,content,acf'],
      ['AND', 'alert_type', 'Top bar', 'enable', '1', 'id,title,content,acf'],
    ]);
  });

  it("spec §5 only alerts with enable equal to '1' are shown (LIKE '1' also matches '10' and '11')", async () => {
    answerAlerts({
      'Top bar': [alert(1, 'Top bar', '10'), alert(2, 'Top bar', '11'), alert(3, 'Top bar', '1')],
      Popup: [alert(4, 'Popup', '10'), alert(5, 'Popup', '')],
    });
    const result = await getAlerts(WORDPRESS_BASE);
    expect(result.topBar?.id).toBe(3);
    expect(result.popup).toBeNull();
  });

  it('spec §5 only the first matching alert of each type is used', async () => {
    answerAlerts({
      'Top bar': [alert(7, 'Top bar', '1'), alert(8, 'Top bar', '1')],
      Popup: [alert(9, 'Popup old', '1'), alert(10, 'Popup', '1'), alert(11, 'Popup', '1')],
    });
    const result = await getAlerts(WORDPRESS_BASE);
    expect(result.topBar?.id).toBe(7);
    // 'Popup old' matches LIKE 'Popup' but is not the Popup type.
    expect(result.popup?.id).toBe(10);
  });

  it('spec §8 alert failure: a type whose read fails after the retries shows no alert; the other still shows; nothing throws', async () => {
    jest.useFakeTimers();
    answerAlerts({ 'Top bar': 500, Popup: [alert(2, 'Popup', '1')] });
    const pending = getAlerts(WORDPRESS_BASE);
    await jest.advanceTimersByTimeAsync(2 * 3000);
    const result = await pending;
    expect(result.topBar).toBeNull();
    expect(result.popup?.id).toBe(2);
    expect(alertRequests().filter((u) => u.searchParams.get('meta_query[0][value]') === 'Top bar')).toHaveLength(3);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('[alerts] the Top bar alert could not be read'));
  });

  it('spec §8 alert failure: an answer that is not a list, or a base that is not a URL, shows no alert', async () => {
    answerAlerts({ 'Top bar': { code: 'rest_no_route' }, Popup: [alert(2, 'Popup', '1')] });
    expect(await getAlerts(WORDPRESS_BASE)).toMatchObject({ topBar: null, popup: { id: 2 } });
    expect(await getAlerts('')).toEqual({ topBar: null, popup: null });
  });

  it('spec §3 alert: plain text (tags stripped, references decoded) and a link on the site becomes a site path', async () => {
    answerAlerts({
      'Top bar': [
        alert(1, 'Top bar', '1', {
          title: { rendered: 'Fees &amp; <b>rates</b>' },
          content: { rendered: '<p>New&nbsp;rates from <strong>May&#8217;s</strong> statement.</p><script>x()</script>' },
          acf: { link_url: 'http://wordpress.test/pages/card-services/', link_label: 'Read &amp; learn' },
        }),
      ],
      Popup: [alert(2, 'Popup', '1', { acf: { link_url: 'https://partner.example.org/offer' } })],
    });
    const { topBar, popup } = await getAlerts(WORDPRESS_BASE);
    expect(topBar).toEqual({
      id: 1,
      type: 'Top bar',
      title: 'Fees & rates',
      text: 'New rates from May\u2019s statement.',
      link: { url: '/pages/card-services', label: 'Read & learn' },
    });
    // An external link stays; without a label, the title is the link's text.
    expect(popup?.link).toEqual({ url: 'https://partner.example.org/offer', label: 'Alert 2' });
  });

  it('spec §3 alert: a link with an unsafe or missing URL is dropped', async () => {
    answerAlerts({
      'Top bar': [alert(1, 'Top bar', '1', { acf: { link_url: 'javascript:alert(1)', link_label: 'Click' } })],
      Popup: [alert(2, 'Popup', '1', { acf: { link_url: '', link_label: 'Click' } })],
    });
    const { topBar, popup } = await getAlerts(WORDPRESS_BASE);
    expect(topBar?.link).toBeNull();
    expect(popup?.link).toBeNull();
  });

  it('SWR: alertsFetcher(alertsKey(base)) reads the alerts of that base', async () => {
    answerAlerts({ 'Top bar': [alert(1, 'Top bar', '1')] });
    expect(alertsKey(WORDPRESS_BASE)).toEqual(['wordpress-alerts', WORDPRESS_BASE]);
    expect(await alertsFetcher(alertsKey(WORDPRESS_BASE))).toMatchObject({ topBar: { id: 1 }, popup: null });
  });
});

describe('browser safety', () => {
  it('architecture: alerts run in the browser, so the module loads without the configuration, server context or sanitizer', () => {
    jest.isolateModules(() => {
      const forbid = (name: string) => () => {
        throw new Error(`alerts.ts must not import ${name}`);
      };
      jest.doMock('../../src/config', forbid('src/config.ts'));
      jest.doMock('../../src/lib/wordpress/serverContext', forbid('serverContext'));
      jest.doMock('../../src/lib/html/sanitize', forbid('the sanitizer'));
      jest.doMock('parse5', forbid('parse5'));
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      expect(() => require('../../src/lib/shared/wordpress/alerts')).not.toThrow();
    });
  });
});

describe('integration: getAlerts over the fake WordPress', () => {
  const storedAlert = (id: number) => fakeWordPress().collections.alert.find((a) => a.id === id)!;

  it('spec §5 alerts: the enabled top bar and popup are shown, not the newer disabled ones', async () => {
    const { topBar, popup } = await getAlerts(WORDPRESS_BASE);
    expect(topBar).toEqual({
      id: 701,
      type: 'Top bar',
      title: 'Summit registration is open',
      text: 'Join us in Denver on May 12-13 for the Corvane Payments Summit 2026.',
      link: { url: '/about-us/events/corvane-payments-summit-2026', label: 'Register now' },
    });
    expect(popup).toMatchObject({ id: 703, type: 'Popup', link: { url: '/pages/decisionpoint-network', label: 'Learn more' } });
  });

  it('spec §7 alerts: WordPress applies the meta query and _fields of alertsUrl (brackets encoded as PHP reads them)', async () => {
    const url = alertsUrl(WORDPRESS_BASE, [{ key: 'alert_type', value: 'Popup' }, { key: 'enable', value: '1' }], ['id', 'acf']);
    const { data } = await fetchJson<Array<Record<string, unknown>>>(url);
    expect(data.map((a) => a.id)).toEqual([703]);
    expect(Object.keys(data[0]).sort()).toEqual(['acf', 'id']);
  });

  it("spec §5 only enable '1': an alert enabled as '10' (which LIKE '1' matches) is not shown, the older enabled one is", async () => {
    const newer = { ...storedAlert(701), id: 799, slug: 'newer', date: '2026-03-01T09:00:00', acf: { ...storedAlert(701).acf, enable: '10' } };
    fakeWordPress().collections.alert.push(newer);
    expect((await getAlerts(WORDPRESS_BASE)).topBar?.id).toBe(701);
  });

  it('spec §5 first of each type: of two enabled alerts, the first WordPress lists (the newest) is shown', async () => {
    const newer = { ...storedAlert(703), id: 798, slug: 'newer-popup', date: '2026-03-01T09:00:00', title: { rendered: 'Newest popup' } };
    fakeWordPress().collections.alert.push(newer);
    expect((await getAlerts(WORDPRESS_BASE)).popup).toMatchObject({ id: 798, title: 'Newest popup' });
  });

  it('spec §5: with every alert disabled, no alert is shown', async () => {
    for (const a of fakeWordPress().collections.alert) a.acf.enable = '0';
    expect(await getAlerts(WORDPRESS_BASE)).toEqual({ topBar: null, popup: null });
  });
});
