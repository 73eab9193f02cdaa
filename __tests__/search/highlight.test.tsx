import { render } from '@testing-library/react';
import { Highlighted, markSegments } from '@/components/search/Highlighted';

/**
 * Matched words from `result.matches` (docs/search-index.md §2: [start, end) UTF-16 offsets into
 * the answered string). The answer is network input: a range that cannot be right is ignored,
 * never trusted, and nothing is ever read as HTML.
 */

/** The marked pieces, in order. */
const marked = (text: string, ranges: unknown) => markSegments(text, ranges).filter((s) => s.marked).map((s) => s.text);

describe('markSegments: text and ranges → plain and marked pieces', () => {
  test('valid ranges cut the text; the pieces put back together are the text', () => {
    const text = 'Card payments for payment providers';
    const segments = markSegments(text, [[5, 13], [18, 25]]);
    expect(segments).toEqual([
      { text: 'Card ', marked: false },
      { text: 'payments', marked: true },
      { text: ' for ', marked: false },
      { text: 'payment', marked: true },
      { text: ' providers', marked: false },
    ]);
    expect(segments.map((s) => s.text).join('')).toBe(text);
  });

  test('ranges at both ends, and adjacent ranges', () => {
    expect(markSegments('pay day', [[0, 3], [4, 7]])).toEqual([
      { text: 'pay', marked: true },
      { text: ' ', marked: false },
      { text: 'day', marked: true },
    ]);
    expect(marked('abcdef', [[0, 2], [2, 4]])).toEqual(['ab', 'cd']);
  });

  test('no ranges (the WordPress fallback) or an empty list: the text, plain', () => {
    for (const ranges of [undefined, null, []]) expect(markSegments('Plain title', ranges)).toEqual([{ text: 'Plain title', marked: false }]);
    expect(markSegments('', [[0, 1]])).toEqual([]);
  });

  test.each([
    ['out of bounds: past the end', [[4, 99]]],
    ['out of bounds: negative start', [[-1, 3]]],
    ['empty', [[3, 3]]],
    ['reversed', [[5, 2]]],
    ['not integers', [[0.5, 3]]],
    ['NaN and Infinity', [[Number.NaN, 3], [0, Number.POSITIVE_INFINITY]]],
    ['strings', [['0', '3']]],
    ['too short or too long', [[1], [0, 2, 4]]],
    ['not an array', [{ start: 0, end: 3 }]],
    ['null entries', [null]],
    ['a string instead of a list', '0,3'],
    ['an object instead of a list', { 0: [0, 3] }],
  ])('a malformed range is ignored (%s): the text stays whole and plain', (_what, ranges) => {
    expect(markSegments('payments', ranges)).toEqual([{ text: 'payments', marked: false }]);
  });

  test('bad ranges are ignored one by one: the good ones still mark', () => {
    expect(marked('card payments online', [[-4, 2], [5, 13], [30, 40], ['x', 'y']])).toEqual(['payments']);
  });

  test('overlapping ranges: the first (by start) wins, a range overlapping it is ignored', () => {
    expect(marked('payments platform', [[0, 8], [3, 12], [9, 17]])).toEqual(['payments', 'platform']);
    expect(marked('abcdefgh', [[0, 6], [2, 3]])).toEqual(['abcdef']); // nested
  });

  test('unsorted ranges are put in order', () => {
    expect(marked('one two three', [[8, 13], [0, 3]])).toEqual(['one', 'three']);
  });

  test('a range that would split a character (a surrogate pair) is ignored', () => {
    const text = 'pay 💳 now'; // the card emoji is two UTF-16 units, at 4 and 5
    expect(marked(text, [[5, 6]])).toEqual([]);
    expect(marked(text, [[4, 6], [7, 10]])).toEqual(['💳', 'now']);
  });
});

describe('Highlighted: React text nodes and <mark> elements, never HTML', () => {
  test('the matched words are <mark>s; the rest are text nodes', () => {
    const { container } = render(
      <p>
        <Highlighted text="Card payments" ranges={[[5, 13]]} markClassName="m" />
      </p>,
    );
    const p = container.querySelector('p') as HTMLElement;
    expect(p.innerHTML).toBe('Card <mark class="m">payments</mark>');
  });

  test('markup in the answer is shown as text, marked or not', () => {
    const text = '<img src=x onerror=alert(1)> <b>bold</b>';
    const { container } = render(
      <p>
        <Highlighted text={text} ranges={[[0, 28]]} />
      </p>,
    );
    const p = container.querySelector('p') as HTMLElement;
    expect(p.textContent).toBe(text);
    expect(p.querySelector('img, b')).toBeNull();
    expect(p.querySelector('mark')?.textContent).toBe('<img src=x onerror=alert(1)>');
  });

  test('without ranges: plain text only', () => {
    const { container } = render(
      <p>
        <Highlighted text="Plain" />
      </p>,
    );
    expect((container.querySelector('p') as HTMLElement).innerHTML).toBe('Plain');
  });
});
