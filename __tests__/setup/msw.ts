import '@testing-library/jest-dom';
import { setupServer } from 'msw/node';
import { createWordPressHandlers } from '../../__mocks__/wordpress/msw';
import { createSeedStore, type WordPressStore } from '../../__mocks__/wordpress/store';

/**
 * Every test file talks to the one fake WordPress (the same code as `npm run demo`'s content
 * server) through msw at http://wordpress.test. Each test starts from a fresh copy of the seed
 * content; `server.use(...)` overrides (failures, odd answers) last until the test ends.
 * A request no handler answers fails the test.
 */
export const WORDPRESS_BASE = 'http://wordpress.test';
export const server = setupServer();

let store: WordPressStore = createSeedStore();

/** The fake WordPress's content for the running test: change it to change what WordPress answers. */
export function fakeWordPress(): WordPressStore {
  return store;
}

/** Records the URLs of the requests that reach msw (the fake WordPress or an override) until `stop`. */
export function recordWordPressRequests(): { urls: URL[]; stop: () => void } {
  const urls: URL[] = [];
  const listener = ({ request }: { request: Request }) => {
    urls.push(new URL(request.url));
  };
  server.events.on('request:start', listener);
  return { urls, stop: () => server.events.removeListener('request:start', listener) };
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  store = createSeedStore();
  server.resetHandlers(...createWordPressHandlers(WORDPRESS_BASE, () => store));
});
afterAll(() => server.close());
