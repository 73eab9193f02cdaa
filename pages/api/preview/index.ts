import { createPreviewHandler } from '../../../src/lib/preview/handler';

/** `GET /api/preview`: enters preview mode from WordPress's signed link (see `src/lib/preview/handler.ts` and docs/preview.md). */
export default createPreviewHandler();
