/** @jest-environment node */
/**
 * Issue 19: each Lighthouse run loads the page as the cache in front serves it, fresh, with no ISR
 * regeneration running beside the load on the machine's two cores (scripts/bench/freshPage.ts).
 */
import { NEXT_CACHE_HEADER, untilFresh } from '../../scripts/bench/freshPage';

/** A page whose answers carry the given x-nextjs-cache values in turn (the last one then on); null: no header. */
function serving(answers: Array<string | null>, status = 200) {
  const requested: string[] = [];
  const fetchImpl = async (url: string) => {
    const answer = answers[Math.min(requested.length, answers.length - 1)];
    requested.push(url);
    return {
      status,
      headers: { get: (name: string) => (name === NEXT_CACHE_HEADER ? answer : null) },
      arrayBuffer: async () => new ArrayBuffer(0),
    };
  };
  return { fetchImpl, requested };
}

const PAGE = 'http://127.0.0.1:4000/resources/blogs/blocks-showcase';
const noPause = () => Promise.resolve();

describe('issue 19: the bench measures a page only once Next serves it fresh', () => {
  test('a STALE answer (a regeneration started) is asked again until Next answers HIT', async () => {
    const { fetchImpl, requested } = serving(['STALE', 'STALE', 'HIT']);
    await expect(untilFresh(PAGE, { fetchImpl, pause: noPause })).resolves.toBe(3);
    expect(requested).toEqual([PAGE, PAGE, PAGE]);
  });

  test('a MISS (a page generated on this request) is asked again as well', async () => {
    const { fetchImpl } = serving(['MISS', 'HIT']);
    await expect(untilFresh(PAGE, { fetchImpl, pause: noPause })).resolves.toBe(2);
  });

  test('a page without the header (the floor: no ISR) is fresh at once', async () => {
    const { fetchImpl } = serving([null]);
    await expect(untilFresh(PAGE, { fetchImpl, pause: noPause })).resolves.toBe(1);
  });

  test('a page still regenerating after the last attempt, or not answering 200, is an error naming it and the last answer', async () => {
    const stale = serving(['STALE']);
    await expect(untilFresh(PAGE, { attempts: 4, fetchImpl: stale.fetchImpl, pause: noPause })).rejects.toThrow(`${PAGE} was not served fresh after 4 requests (last: 200, x-nextjs-cache: STALE)`);
    expect(stale.requested).toHaveLength(4);
    const missing = serving([null], 404);
    await expect(untilFresh(PAGE, { attempts: 2, fetchImpl: missing.fetchImpl, pause: noPause })).rejects.toThrow(`${PAGE} was not served fresh after 2 requests (last: 404)`);
  });

  test('the pause comes between requests, not after the last', async () => {
    const { fetchImpl } = serving(['STALE', 'STALE', 'HIT']);
    const pause = jest.fn(noPause);
    await untilFresh(PAGE, { fetchImpl, pause });
    expect(pause).toHaveBeenCalledTimes(2);
  });
});
