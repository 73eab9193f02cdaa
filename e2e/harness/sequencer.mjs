// The order of the browser test files (jest.e2e.config.ts): alphabetical, and the files under
// e2e/stateful/ last. Those change the site's state (content, revalidated pages, a stopped
// content server), so every other file must have run before them. Plain JavaScript: jest loads a
// test sequencer without transforming it.
import path from 'node:path';
import Sequencer from '@jest/test-sequencer';

const isStateful = (testPath) => testPath.split(path.sep).includes('stateful');

export default class E2ESequencer extends Sequencer {
  sort(tests) {
    return [...tests].sort((a, b) => Number(isStateful(a.path)) - Number(isStateful(b.path)) || a.path.localeCompare(b.path));
  }
}
