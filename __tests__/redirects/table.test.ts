/** @jest-environment node */
/**
 * Issue 33 §3: the plugin's table is untrusted input (src/lib/redirects/table.ts): every field is
 * checked, a bad rule is dropped with one warning naming it, a bad envelope refuses the table.
 */
import { MAX_RULES, parseRedirectTable, ruleProblem } from '@/lib/redirects/table';
import { rule } from './helpers';

const parse = (body: unknown) => {
  const warnings: string[] = [];
  return { result: parseRedirectTable(body, (m) => warnings.push(m)), warnings };
};

test('a valid table is kept as is (targets trimmed)', () => {
  const rules = [rule(), rule({ source: '^/x/(.*)$', regex: true, target: ' /y/$1 ', query: 'pass', status: 302 }), rule({ status: 410, target: null, origin: 'old_slug' })];
  const { result, warnings } = parse({ version: 'abc123', redirects: rules });
  expect(warnings).toEqual([]);
  expect(result).toEqual({ table: { version: 'abc123', redirects: [rules[0], { ...rules[1], target: '/y/$1' }, rules[2]] } });
});

test.each([
  ['not an object', null, /not a JSON object/],
  ['no version', { redirects: [] }, /version/],
  ['a version with odd characters', { version: 'a b', redirects: [] }, /version/],
  ['no list', { version: 'v' }, /list/],
  ['too many rules', { version: 'v', redirects: Array.from({ length: MAX_RULES + 1 }, () => rule()) }, /more than/],
])('the whole table is refused: %s', (_name, body, reason) => {
  const { result } = parse(body);
  expect('problem' in result ? result.problem : '').toMatch(reason);
});

test.each([
  ['not an object', 'x', /not an object/],
  ['regex not a boolean', { ...rule(), regex: 'yes' }, /regex/],
  ['ignore_case missing', { ...rule(), ignore_case: undefined }, /ignore_case/],
  ['ignore_trailing_slash not a boolean', { ...rule(), ignore_trailing_slash: 1 }, /ignore_trailing_slash/],
  ['empty source', rule({ source: '' }), /source/],
  ['a plain source that is a URL', rule({ source: 'https://x.example/a' }), /site path/],
  ['a plain source starting with //', rule({ source: '//x.example/a' }), /site path/],
  ['a plain source with a space', rule({ source: '/a b' }), /spaces/],
  ['a plain source with a fragment', rule({ source: '/a#b' }), /fragment/],
  ['a regex source with a control character', rule({ source: '^/a\u0000', regex: true }), /control/],
  ['an unknown query mode', { ...rule(), query: 'merge' }, /query/],
  ['a status outside the six', { ...rule(), status: 303 }, /status/],
  ['a status as a string', { ...rule(), status: '301' }, /status/],
  ['a redirect without a target', rule({ target: null }), /target/],
  ['a redirect with an empty target', rule({ target: '  ' }), /target/],
  ['a target with a line break', rule({ target: '/a\r\nSet-Cookie: x' }), /target/],
  ['a 410 with a target', rule({ status: 410, target: '/x' }), /null/],
  ['an unknown origin', { ...rule(), origin: 'plugin' }, /origin/],
])('a rule is dropped with one warning: %s', (_name, bad, reason) => {
  expect(ruleProblem(bad)).toMatch(reason);
  const { result, warnings } = parse({ version: 'v', redirects: [bad, rule()] });
  expect(warnings).toEqual([expect.stringMatching(/^\[redirects\] rule 0 .*dropped/)]);
  expect('table' in result && result.table.redirects).toEqual([rule()]);
});
