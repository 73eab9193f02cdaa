/**
 * Dates as WordPress gives them (`2026-02-10T09:00:00`, the site's time zone, no offset) turned
 * into visitor-facing text. Formatting is done by hand, not with `Intl`: the server and the
 * browser must print exactly the same characters (ICU versions differ in spaces and dashes, which
 * would break hydration), and a date without an offset must not shift with the visitor's zone.
 */

export interface WpDateParts {
  year: number;
  month: number;
  day: number;
  /** null when the value holds a date only. */
  hour: number | null;
  minute: number | null;
}

const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

const DATE = /^(\d{4})-?(\d{2})-?(\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** The parts of an ISO-like date (`2026-02-10`, `2026-02-10T09:00:00`, `2026-02-10 09:00`, ACF's `20260210`), or null. */
export function parseWpDate(value: unknown): WpDateParts | null {
  if (typeof value !== 'string') return null;
  const match = DATE.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  const hour = match[4] === undefined ? null : Number(match[4]);
  const minute = match[5] === undefined ? null : Number(match[5]);
  if (hour !== null && (hour > 23 || (minute ?? 0) > 59)) return null;
  return { year, month, day, hour, minute };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A valid `<time dateTime>` value (`2026-02-10` or `2026-02-10T09:00`), or null. */
export function machineDate(value: unknown): string | null {
  const parts = parseWpDate(value);
  if (!parts) return null;
  const date = `${parts.year}-${pad(parts.month)}-${pad(parts.day)}`;
  return parts.hour === null ? date : `${date}T${pad(parts.hour)}:${pad(parts.minute ?? 0)}`;
}

/** "February 10, 2026", or null for a value that is not a date. */
export function formatDate(value: unknown): string | null {
  const parts = parseWpDate(value);
  return parts ? `${MONTHS[parts.month - 1]} ${parts.day}, ${parts.year}` : null;
}

/** "9:00 AM", or null when the value has no time of day. */
export function formatTime(value: unknown): string | null {
  const parts = parseWpDate(value);
  if (!parts || parts.hour === null) return null;
  const hour12 = parts.hour % 12 === 0 ? 12 : parts.hour % 12;
  return `${hour12}:${pad(parts.minute ?? 0)} ${parts.hour < 12 ? 'AM' : 'PM'}`;
}

/** Whether two dates fall on the same calendar day. */
export function sameDay(a: unknown, b: unknown): boolean {
  const x = parseWpDate(a);
  const y = parseWpDate(b);
  return !!x && !!y && x.year === y.year && x.month === y.month && x.day === y.day;
}
