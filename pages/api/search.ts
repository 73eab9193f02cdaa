import { createSearchHandler } from '../../src/lib/search/handler';

/** `POST /api/search`: the site search (see `src/lib/search/handler.ts` and docs/search-and-ping.md). */
export default createSearchHandler();

// Next's body parser is off: the handler reads at most 4 KB itself, so every refusal (413, 400
// for malformed JSON) is a JSON message of ours, never Next's text answer.
export const config = { api: { bodyParser: false } };
