/** @jest-environment node */
/**
 * Issue 33: the Redirection plugin's PCRE patterns as JavaScript RegExps (src/lib/redirects/pcre.ts):
 * what is translated keeps its meaning, what JavaScript cannot run is refused with a reason, and
 * the exponential shapes are refused before they can stall the proxy.
 */
import { MAX_PATTERN_LENGTH, translatePcre } from '@/lib/redirects/pcre';

const regex = (pattern: string, ignoreCase = false): RegExp => {
  const result = translatePcre(pattern, ignoreCase);
  if ('problem' in result) throw new Error(result.problem);
  return result.regex;
};
const problem = (pattern: string): string => {
  const result = translatePcre(pattern, false);
  return 'problem' in result ? result.problem : `translated to ${result.source}`;
};

describe('translated with the same meaning', () => {
  test.each([
    ['^/blog/(\\d+)/?$', '/blog/12/', true],
    ['^/blog/(\\d+)/?$', '/blog/x', false],
    ['^/a/(?P<slug>[a-z-]+)$', '/a/b-c', true],
    ['^/a/(?\'slug\'[a-z]+)$', '/a/b', true],
    ['^/(?P<w>[a-z]+)/(?P=w)$', '/x/x', true],
    ['^/(?P<w>[a-z]+)/(?P=w)$', '/x/y', false],
    ['^/([a-z]+)/\\g{1}$', '/x/x', true],
    ['^/([a-z]+)/\\g1$', '/x/y', false],
    ['^/(?<w>[a-z]+)/\\k{w}$', '/q/q', true],
    ['\\A/start\\z', '/start', true],
    ['\\A/start\\z', '/start/more', false],
    ['^/end\\Z', '/end', true],
    ['^/\\Q(a+b)\\E$', '/(a+b)', true],
    ['^/\\Q(a+b)\\E$', '/aab', false],
    ['^/[[:alpha:]]+$', '/Abc', true],
    ['^/[[:digit:]]+$', '/12a', false],
    ['^/[]x]$', '/]', true],
    ['^/a(?#comment)b$', '/ab', true],
    ['^/a\\h?b$', '/a b', true],
    ['^/\\x{41}$', '/A', true],
    ['^/a\\-b\\@c$', '/a-b@c', true],
    ['^/a{2}$', '/aa', true],
    ['^/x{$', '/x{', true],
    ['^/path/with/slashes$', '/path/with/slashes', true],
    ['^/(?:a|b)+?c$', '/abac', true],
    ['(?<=/pre)/fix$', '/pre/fix', true],
  ])('%s on %s → %s', (pattern, subject, expected) => {
    expect(regex(pattern).test(subject)).toBe(expected);
  });

  test('a leading (?i) is the i flag; ignore_case is too', () => {
    expect(regex('(?i)^/About$').test('/about')).toBe(true);
    expect(regex('^/About$', true).test('/ABOUT')).toBe(true);
    expect(regex('^/About$').test('/about')).toBe(false);
  });
});

describe('refused, with the reason', () => {
  test.each([
    ['^/a++$', /possessive/],
    ['^/(?>a)$', /atomic/],
    ['^/(a)(?1)$', /recursion/],
    ['^/(?R)?$', /recursion/],
    ['^/(?&n)$', /recursion/],
    ['^/(?(1)a|b)$', /conditional/],
    ['^/(?|a|b)$', /branch reset/],
    ['^/a(?i)b$', /inline options/],
    ['(?x)^/a b$', /\(\?x\)/],
    ['(?U)^/a+$', /\(\?U\)/],
    ['(*UTF8)^/a$', /verbs/],
    ['^/\\Ga$', /\\G/],
    ['^/a\\Kb$', /\\K/],
    ['^/\\p{L}+$', /\\p/],
    ['^/\\R$', /\\R/],
    ['^/(a+)+$', /exponential/],
    ['^/(.*)*$', /exponential/],
    ['^/((ab)*c)+$', /exponential/],
    ['^/(a{1,})+$', /exponential/],
    ['^/(a', /unclosed/],
    ['^/a)', /unmatched/],
    ['^/[a', /unclosed/],
    ['^/[[:^alpha:]]$', /POSIX/],
    ['^/\\', /backslash/],
    [`^/${'a'.repeat(MAX_PATTERN_LENGTH)}`, /longer than/],
  ])('%s', (pattern, reason) => {
    expect(problem(pattern)).toMatch(reason);
  });

  test('bounded repetition of a repeated group is allowed (not exponential)', () => {
    expect(regex('^/(a+){2}$').test('/aaa')).toBe(true);
    expect(regex('^/(ab)+$').test('/abab')).toBe(true);
  });
});
