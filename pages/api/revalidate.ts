import { revalidateHandler } from '../../src/lib/site/revalidate';

/** `POST /api/revalidate`: the revalidation webhook (see `src/lib/site/revalidate.ts` and docs/revalidation.md). */
export default revalidateHandler;

// Next's body parser is off: the handler reads at most 16 KB itself, so every refusal (413, 400
// for malformed JSON) is a JSON message of ours, never Next's text answer.
export const config = { api: { bodyParser: false } };
