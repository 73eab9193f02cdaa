import type { NextApiHandler } from 'next';
import { getConfig } from '../../config';
import { ApiError, jsonApiRoute } from '../api/errors';
import { configuredRateLimit, enforceRateLimit, type RateLimit } from '../api/rateLimit';
import { parseJson, readBody, requireMethod } from '../api/request';
import { isRecord } from '../shared/isRecord';

/**
 * Where browsers report Content-Security-Policy violations (`POST /api/csp-report`, named by the
 * CSP's `report-uri` and, through `Reporting-Endpoints`, its `report-to`; src/lib/security/headers.ts).
 *
 * Request: POST of at most 16 KB, either
 * - `Content-Type: application/csp-report` (report-uri, Firefox and older browsers):
 *   `{"csp-report": {"document-uri", "violated-directive" | "effective-directive", "blocked-uri", …}}`;
 * - `Content-Type: application/reports+json` (the Reporting API, Chromium and Safari): a list of
 *   `{"type": "csp-violation", "body": {"documentURL", "effectiveDirective", "blockedURL", …}}`;
 *   other report types in the list are skipped; at most 20 reports of one request are logged.
 *
 * Answer: 204. Each violation writes ONE log line to stdout:
 * `{"event":"csp_violation","document":"/path","directive":"script-src-elem","blocked":"inline","disposition":"enforce","source":"https://site/_next/static/x.js:1:20","sample":"…","at":"…"}`.
 * URLs lose their query and fragment (they can carry e-mail addresses or tokens); nothing about
 * the visitor (address, user agent, cookie) is logged.
 *
 * Refusals are JSON `{error}`: 405, 429 (30 requests per minute per client), 415, 413, 400 (not
 * JSON, not a report, no directive).
 */

export const CSP_REPORT_MAX_BODY_BYTES = 16 * 1024;
export const CSP_REPORT_MAX_REPORTS = 20;
export const CSP_REPORT_RATE_LIMIT = { points: 30, durationSeconds: 60 } as const;

export interface CspViolation {
  event: 'csp_violation';
  document: string;
  directive: string;
  blocked: string;
  disposition: string;
  source?: string;
  sample?: string;
  at: string;
}

const MEDIA_TYPES = new Set(['application/csp-report', 'application/reports+json', 'application/json']);

/** A URL without query and fragment, at most 512 characters; keywords such as `inline` or `eval` as they are. */
function withoutQuery(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value.replace(/[?#].*$/s, '').replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 512);
}

const text = (value: unknown, max: number): string | undefined =>
  typeof value === 'string' && value ? value.replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, max) : undefined;

const position = (file: unknown, line: unknown, column: unknown): string | undefined => {
  const source = withoutQuery(file);
  if (!source) return undefined;
  return [source, ...(typeof line === 'number' ? [line] : []), ...(typeof column === 'number' ? [column] : [])].join(':');
};

/** One report → the log record, or the problem. Accepts both formats' field names. */
export function readViolation(report: unknown, at: string): CspViolation | { problem: string } {
  if (!isRecord(report)) return { problem: 'A report must be a JSON object' };
  const directive = report.effectiveDirective ?? report['effective-directive'] ?? report['violated-directive'];
  if (typeof directive !== 'string' || !/^[a-z-]{1,40}( |$)/.test(directive)) return { problem: 'A report needs its directive ("effectiveDirective" or "violated-directive")' };
  const violation: CspViolation = {
    event: 'csp_violation',
    document: withoutQuery(report.documentURL ?? report['document-uri']),
    directive: directive.split(' ')[0],
    blocked: withoutQuery(report.blockedURL ?? report['blocked-uri']),
    disposition: report.disposition === 'report' ? 'report' : 'enforce',
    at,
  };
  const source = position(report.sourceFile ?? report['source-file'], report.lineNumber ?? report['line-number'], report.columnNumber ?? report['column-number']);
  if (source) violation.source = source;
  const sample = text(report.sample ?? report['script-sample'], 80);
  if (sample) violation.sample = sample;
  return violation;
}

/** The body → its violations (400 when nothing in it is a CSP report). */
export function readReports(body: unknown, at: string): CspViolation[] {
  let reports: unknown[];
  if (Array.isArray(body)) {
    reports = body.filter((entry) => isRecord(entry) && entry.type === 'csp-violation').map((entry) => (entry as Record<string, unknown>).body);
    if (reports.length === 0) throw new ApiError(400, 'The list holds no "csp-violation" report');
  } else if (isRecord(body) && 'csp-report' in body) {
    reports = [body['csp-report']];
  } else {
    throw new ApiError(400, 'The body must be {"csp-report": {...}} or a Reporting API list of "csp-violation" reports');
  }
  return reports.slice(0, CSP_REPORT_MAX_REPORTS).map((report) => {
    const violation = readViolation(report, at);
    if ('problem' in violation) throw new ApiError(400, violation.problem);
    return violation;
  });
}

export interface CspReportHandlerOptions {
  rateLimit?: RateLimit;
  log?: (violation: CspViolation) => void;
  now?: () => Date;
  trustProxy?: () => boolean;
}

export function createCspReportHandler(options: CspReportHandlerOptions = {}): NextApiHandler {
  const rateLimit = options.rateLimit ?? configuredRateLimit({ ...CSP_REPORT_RATE_LIMIT, keyPrefix: 'csp-report' });
  const log = options.log ?? ((violation: CspViolation) => console.log(JSON.stringify(violation)));
  const now = options.now ?? (() => new Date());
  const trustProxy = options.trustProxy ?? (() => getConfig().trustProxy);

  return jsonApiRoute('csp-report', async (req, res) => {
    requireMethod(req, ['POST']);
    await enforceRateLimit(rateLimit, req, trustProxy());
    const mediaType = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (!MEDIA_TYPES.has(mediaType)) throw new ApiError(415, 'Send a CSP report: Content-Type application/csp-report or application/reports+json');
    const body = parseJson(await readBody(req, CSP_REPORT_MAX_BODY_BYTES));
    for (const violation of readReports(body, now().toISOString())) log(violation);
    res.status(204).end();
  });
}
