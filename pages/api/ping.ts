import { createPingHandler } from '../../src/lib/api/ping';

/** `POST /api/ping`: the page-view ping (see `src/lib/api/ping.ts` and docs/search-and-ping.md). */
export default createPingHandler();

// Next's body parser is off: the handler reads at most 4 KB itself, so every refusal (413, 400
// for malformed JSON) is a JSON message of ours, never Next's text answer.
export const config = { api: { bodyParser: false } };
