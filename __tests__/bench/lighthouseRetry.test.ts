/** @jest-environment node */
import { asLighthouseError, isRetriedFailure } from '../../scripts/bench/lighthouse';

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

describe('issue 19: a trace failure thrown while gathering (-G) is retried like one in the report', () => {
  test("Lighthouse's thrown error (its code as message, a friendlyMessage) reads as the report's runtime error", () => {
    const thrown = Object.assign(new Error('NO_TRACING_STARTED'), { code: 'NO_TRACING_STARTED', friendlyMessage: 'Chrome did not start tracing.' });
    const normalised = asLighthouseError(thrown);
    expect((normalised as Error).message).toBe('Lighthouse: NO_TRACING_STARTED: Chrome did not start tracing.');
    expect(isRetriedFailure(normalised)).toBe(true);
  });

  test('any other error is left as it is', () => {
    const other = new Error('connect ECONNREFUSED');
    expect(asLighthouseError(other)).toBe(other);
  });
});
