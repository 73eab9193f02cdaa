import { createHealthHandler } from '../../src/lib/server/health';

/** `GET /api/health`: liveness, and readiness detail with `?ready` (see `src/lib/server/health.ts` and docs/security.md). */
export default createHealthHandler();
