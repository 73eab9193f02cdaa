/** @jest-environment node */
import { isRetriedFailure } from '../../scripts/bench/lighthouse';

describe('issue 13 the bench repeats a Lighthouse run that measured nothing, never one that measured something', () => {
  test('a trace-recording failure Lighthouse asks to run again (NO_NAVSTART) is repeated', () => {
    expect(isRetriedFailure(new Error('Lighthouse: NO_NAVSTART: Something went wrong with recording the trace over your page load.'))).toBe(true);
  });

  test('any other failure (the page errored, the server is down) is reported, not repeated', () => {
    expect(isRetriedFailure(new Error('Lighthouse: ERRORED_DOCUMENT_REQUEST: Lighthouse was unable to reliably load the page.'))).toBe(false);
    expect(isRetriedFailure(new Error('connect ECONNREFUSED'))).toBe(false);
    expect(isRetriedFailure('NO_NAVSTART')).toBe(false);
  });
});
