/** A plain JSON object (not null, not a list): what the site reads WordPress's answers through. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
