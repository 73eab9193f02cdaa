import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { STATE_DIR, STATE_FILE, type E2EState } from './config';

/** The harness state file (e2e/.state/state.json): the site's and content server's addresses, the secret and the pids. */
export function readState(): E2EState {
  if (!existsSync(STATE_FILE)) {
    throw new Error(`${STATE_FILE} is missing: run the browser tests with \`npm run test:e2e\` (its global setup starts the site).`);
  }
  return JSON.parse(readFileSync(STATE_FILE, 'utf8')) as E2EState;
}

export function readStateIfAny(): E2EState | null {
  try {
    return readState();
  } catch {
    return null;
  }
}

export function writeState(state: E2EState): void {
  mkdirSync(STATE_DIR, { recursive: true });
  const temporary = `${STATE_FILE}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, STATE_FILE);
}
