/**
 * Issue 19: the Pages Router's hydration runs as a transition (src/lib/browser/hydrateInTransition.ts), so
 * React hydrates the page in slices that yield to the browser instead of one long task.
 */
import { act } from '@testing-library/react';
import { useState } from 'react';
import * as React from 'react';
import ReactDOMClient from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { hydrateInTransition } from '@/lib/browser/hydrateInTransition';

const SLICE_COST_MS = 3;
const PARTS = 10;

/** A small page with a handler, for the markup-and-handlers test. */
function Page() {
  const [clicks, setClicks] = useState(0);
  return (
    <main>
      <button type="button" onClick={() => setClicks((c) => c + 1)}>
        clicked {clicks}
      </button>
      <ul>
        {Array.from({ length: PARTS }, (_, n) => (
          <li key={n}>part {n}</li>
        ))}
      </ul>
    </main>
  );
}

function serverRendered(): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Page />);
  document.body.append(container);
  return container;
}

afterEach(() => {
  jest.useRealTimers();
  document.body.innerHTML = '';
});

describe('hydrateInTransition', () => {
  it('hands the original hydrateRoot its arguments and returns its root; wrapping twice wraps once', () => {
    const root = { unmount: jest.fn(), render: jest.fn() };
    const original = jest.fn(() => root);
    const client = { hydrateRoot: original as unknown as typeof ReactDOMClient.hydrateRoot };
    hydrateInTransition(client);
    hydrateInTransition(client);
    const container = document.createElement('div');
    expect(client.hydrateRoot(container, <p />, { identifierPrefix: 'x' })).toBe(root);
    expect(original).toHaveBeenCalledTimes(1);
    expect(original).toHaveBeenCalledWith(container, <p />, { identifierPrefix: 'x' });
  });

  // The figure that matters: the same page hydrated by plain hydrateRoot finishes in one task;
  // wrapped, React yields between slices of about 5 ms, so the work is spread over several tasks.
  // Each part "takes" SLICE_COST_MS on the clock React's scheduler reads (performance.now, set
  // before React is loaded afresh for the test, since the scheduler keeps what it finds then).
  it.each([
    ['plain hydrateRoot: the whole page in one task', false],
    ['hydrateRoot wrapped: the page in slices, one task each', true],
  ])('%s', async (_label, wrapped) => {
    let now = 0;
    const realNow = performance.now;
    performance.now = () => now;
    try {
      await jest.isolateModulesAsync(async () => {
        /* eslint-disable @typescript-eslint/no-require-imports */
        const R = require('react') as typeof React;
        const client = { ...(require('react-dom/client') as typeof ReactDOMClient) };
        const server = require('react-dom/server') as typeof import('react-dom/server');
        const { hydrateInTransition: wrap } = require('@/lib/browser/hydrateInTransition') as typeof import('@/lib/browser/hydrateInTransition');
        /* eslint-enable @typescript-eslint/no-require-imports */
        const hydrated = jest.fn();
        const IsolatedPart = ({ n }: { n: number }) => {
          now += SLICE_COST_MS;
          return R.createElement('li', null, `part ${n}`);
        };
        const IsolatedPage = () => {
          R.useEffect(() => hydrated(), []);
          return R.createElement('ul', null, ...Array.from({ length: PARTS }, (_, n) => R.createElement(IsolatedPart, { key: n, n })));
        };
        const container = document.createElement('div');
        container.innerHTML = server.renderToString(R.createElement(IsolatedPage));
        document.body.append(container);
        if (wrapped) wrap(client);
        const errors = jest.fn();
        const renders: number[] = [];
        client.hydrateRoot(container, R.createElement(IsolatedPage), { onRecoverableError: errors });
        // Tasks until the page has hydrated (its effect ran), and how many parts each task rendered.
        while (hydrated.mock.calls.length === 0 && renders.length < 100) {
          const before = now;
          await new Promise((resolve) => setTimeout(resolve, 0));
          renders.push((now - before) / SLICE_COST_MS);
        }
        expect(hydrated).toHaveBeenCalledTimes(1);
        expect(errors).not.toHaveBeenCalled();
        expect(container.querySelectorAll('li')).toHaveLength(PARTS);
        const busy = renders.filter((parts) => parts > 0);
        if (wrapped) {
          expect(busy.length).toBeGreaterThanOrEqual(3);
          expect(Math.max(...busy)).toBeLessThanOrEqual(2);
        } else {
          expect(busy).toEqual([PARTS]);
        }
      });
    } finally {
      performance.now = realNow;
    }
  });

  it('hydrates the server markup as it is: the same elements, and their handlers work', async () => {
    const container = serverRendered();
    const button = container.querySelector('button')!;
    const client = { hydrateRoot: ReactDOMClient.hydrateRoot };
    hydrateInTransition(client);
    const errors = jest.fn();
    await act(async () => {
      client.hydrateRoot(container, <Page />, { onRecoverableError: errors });
    });
    expect(container.querySelector('button')).toBe(button);
    await act(async () => button.click());
    expect(button.textContent).toBe('clicked 1');
    expect(errors).not.toHaveBeenCalled();
  });
});
