import { createCspReportHandler } from '../../src/lib/security/cspReport';

/** `POST /api/csp-report`: Content-Security-Policy violation reports (see `src/lib/security/cspReport.ts`). */
export default createCspReportHandler();

// Next's body parser is off: the handler reads at most 16 KB itself and answers every refusal in JSON.
export const config = { api: { bodyParser: false } };
