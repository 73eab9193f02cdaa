import { createHealthHandler } from '../../src/lib/health';

/** `GET /api/health`: liveness, and readiness detail with `?ready` (see `src/lib/health.ts` and docs/security.md). */
export default createHealthHandler();
