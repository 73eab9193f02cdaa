/** One piece of a string: marked (a matched word) or not. */
export interface Segment {
  text: string;
  marked: boolean;
}

/** Whether `i` falls between the two halves of a surrogate pair (a cut there would split a character). */
function splitsPair(text: string, i: number): boolean {
  if (i <= 0 || i >= text.length) return false;
  const before = text.charCodeAt(i - 1);
  const after = text.charCodeAt(i);
  return before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff;
}

/**
 * `text` cut into plain and marked pieces by `ranges` (`MatchRange`s: [start, end) UTF-16 offsets,
 * docs/search-index.md §2).
 * The ranges come over the network, so each is checked: a range that is not a pair of integers,
 * is empty, reaches outside the text, splits a character, or overlaps one already taken is
 * ignored (the rest still mark). Without usable ranges the text is one plain piece.
 */
export function markSegments(text: string, ranges: unknown): Segment[] {
  if (typeof text !== 'string' || text === '') return [];
  if (!Array.isArray(ranges) || ranges.length === 0) return [{ text, marked: false }];
  const valid: [number, number][] = [];
  for (const range of ranges as unknown[]) {
    if (!Array.isArray(range) || range.length !== 2) continue;
    const [start, end] = range as unknown[];
    if (!Number.isInteger(start) || !Number.isInteger(end)) continue;
    const [s, e] = [start as number, end as number];
    if (s < 0 || e > text.length || s >= e || splitsPair(text, s) || splitsPair(text, e)) continue;
    valid.push([s, e]);
  }
  valid.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const segments: Segment[] = [];
  let at = 0;
  for (const [start, end] of valid) {
    if (start < at) continue; // overlaps the range before it
    if (start > at) segments.push({ text: text.slice(at, start), marked: false });
    segments.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), marked: false });
  return segments;
}

export interface HighlightedProps {
  text: string;
  /** Where the query's words are (`result.matches.title` or `.excerpt`), as answered (network input, checked here); absent → plain text. */
  ranges?: unknown;
  /** The class of each `<mark>`. */
  markClassName?: string;
}

/**
 * `text` with its matched words in `<mark>` elements: React text nodes and elements only, never
 * HTML (the server's answer is data; contract §2).
 */
export function Highlighted({ text, ranges, markClassName }: HighlightedProps) {
  const segments = markSegments(text, ranges);
  if (segments.length === 1 && !segments[0]?.marked) return <>{text}</>;
  return (
    <>
      {segments.map((segment, i) =>
        segment.marked ? (
          <mark key={i} className={markClassName}>
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}
