import { processShared } from '../server/processShared';
import { compileRedirects, EMPTY_TABLE, type CompiledRedirects } from './compile';

/**
 * Issue 33: this process's compiled redirect table, one per process whichever bundle asks
 * (processShared): ./store.ts installs it, proxy.ts reads it. Apart from ./store.ts so that the
 * proxy's bundle holds only the matcher (no Redis client, no WordPress reader).
 */

interface State {
  compiled: CompiledRedirects;
  /** WordPress's table could not be read (logged once per outage). */
  failing: boolean;
  timer: ReturnType<typeof setInterval> | null;
}

const NO_ORIGIN = 'http://unset.invalid';
export const emptyRedirects = (): CompiledRedirects => compileRedirects(EMPTY_TABLE, { wordpressUrl: NO_ORIGIN, siteUrl: NO_ORIGIN });

export const redirectState = processShared<State>('redirects', () => ({ compiled: emptyRedirects(), failing: false, timer: null }));

/** This process's table (what proxy.ts matches against). */
export function currentRedirects(): CompiledRedirects {
  return redirectState.compiled;
}
