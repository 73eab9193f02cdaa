/** @jest-environment node */
import { decodeEntities } from '@/lib/shared/entities';

// On the server (no `window`) the `entities` package decodes; __tests__/lib/text.test.ts covers the
// browser's path and checks that both agree.
describe('spec §5 strict parsing of character references is not enabled (server)', () => {
  it('decodes numeric, named and semicolon-less references', () => {
    expect(typeof window).toBe('undefined');
    expect(decodeEntities('Payments&#8217; future &amp; more&nbspnow &#038; &#8211; then')).toBe('Payments\u2019 future & more\u00a0now & \u2013 then');
  });

  it('leaves text that only looks like a reference as it is', () => {
    expect(decodeEntities('AT&T &bogus; 5 & 6')).toBe('AT&T &bogus; 5 & 6');
  });
});
