/**
 * @jest-environment-options {"url": "https://www.corvane.example/pages/card-services"}
 */
import { clearAnalyticsCookies, cookieDomains, cookieNames, isAnalyticsCookie } from '@/lib/consent/cookies';

function set(cookie: string) {
  document.cookie = cookie;
}

function names(): string[] {
  return cookieNames(document.cookie).sort();
}

describe('analytics cookie clearing (spec §4: when analytics is declined, _ga* and _gid are cleared)', () => {
  afterEach(() => {
    for (const name of cookieNames(document.cookie)) {
      set(`${name}=; Path=/; Max-Age=0`);
      set(`${name}=; Path=/; Domain=.corvane.example; Max-Age=0`);
      set(`${name}=; Path=/; Domain=.www.corvane.example; Max-Age=0`);
    }
  });

  test('spec §4 analytics cookie names: those starting with _ga, and _gid', () => {
    expect(['_ga', '_ga_ABC123', '_gid', '_gat', 'cc_cookie', 'gid', 'x_ga', '_gidx'].filter(isAnalyticsCookie)).toEqual([
      '_ga',
      '_ga_ABC123',
      '_gid',
      '_gat',
    ]);
  });

  test('spec §4 parent domains: the host and each parent with two labels or more; none for localhost and IPs', () => {
    expect(cookieDomains('www.corvane.example')).toEqual(['www.corvane.example', 'corvane.example']);
    expect(cookieDomains('a.b.corvane.example')).toEqual(['a.b.corvane.example', 'b.corvane.example', 'corvane.example']);
    expect(cookieDomains('localhost')).toEqual([]);
    expect(cookieDomains('127.0.0.1')).toEqual([]);
  });

  test('spec §4 clears _ga, _ga_XXXX and _gid set host-only, on the current domain and on the parent domain, and nothing else', () => {
    set('_ga=GA1.1.1; Path=/');
    set('_ga_ABC123=GS1.1; Path=/; Domain=.corvane.example');
    set('_gid=GA1.1.2; Path=/; Domain=.www.corvane.example');
    set('cc_cookie=%7B%7D; Path=/');
    set('other=1; Path=/; Domain=.corvane.example');
    expect(names()).toEqual(['_ga', '_ga_ABC123', '_gid', 'cc_cookie', 'other']);

    expect(clearAnalyticsCookies().sort()).toEqual(['_ga', '_ga_ABC123', '_gid']);
    expect(names()).toEqual(['cc_cookie', 'other']);
  });

  test('spec §4 clearing with no analytics cookie is a no-op and never throws', () => {
    expect(clearAnalyticsCookies()).toEqual([]);
    const broken = {
      get cookie(): string {
        throw new Error('blocked');
      },
    } as unknown as Document;
    expect(clearAnalyticsCookies(broken, 'www.corvane.example')).toEqual([]);
  });
});
