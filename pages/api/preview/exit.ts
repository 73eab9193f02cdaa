import { createPreviewExitHandler } from '../../../src/lib/preview/handler';

/** `POST /api/preview/exit`: the preview bar's "Exit preview" form (see `src/lib/preview/handler.ts` and docs/preview.md). */
export default createPreviewExitHandler();

// The form sends no body worth reading.
export const config = { api: { bodyParser: false } };
