import type { NextApiHandler, NextApiRequest, NextApiResponse } from 'next';

/**
 * JSON errors of the site's API routes. A route throws an `ApiError` for every refusal (405, 413,
 * 415, 400, 429, 502); `jsonApiRoute` turns it into `{error}` with its status and headers. Anything
 * else that escapes a handler is a bug: it is logged and answered `500 {error}` with a generic
 * message, so neither a stack trace nor an upstream host ever reaches the visitor.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong, please try again.';

/** Answers `{error: message}` with the error's status and headers. */
export function sendApiError(res: NextApiResponse, error: ApiError): void {
  for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
  res.status(error.status).json({ error: error.message });
}

/**
 * Wraps a handler: `Cache-Control: no-store` on every answer (a handler may override it), refusals
 * as JSON, and no unhandled rejection. `name` prefixes the log line of an unexpected error.
 */
export function jsonApiRoute(name: string, handler: (req: NextApiRequest, res: NextApiResponse) => Promise<void>): NextApiHandler {
  return async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    try {
      await handler(req, res);
    } catch (error) {
      if (error instanceof ApiError) {
        sendApiError(res, error);
        return;
      }
      console.error(`[${name}] unexpected error: ${(error as Error)?.stack ?? String(error)}`);
      if (!res.headersSent) res.status(500).json({ error: INTERNAL_ERROR_MESSAGE });
    }
  };
}
