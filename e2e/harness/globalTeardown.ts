import { down as downReal } from '../../scripts/real-wordpress/server';
import { instance as realInstance } from '../../scripts/real-wordpress/paths';
import { down as varnishDown } from '../../scripts/varnish/server';
import { killGroup } from './processes';
import { e2eVarnish } from './varnish';
import { readStateIfAny, writeState } from './state';

/** Global teardown of the browser tests: ends the site and the content server (their whole process groups). */
export default async function globalTeardown(): Promise<void> {
  const state = readStateIfAny();
  if (!state) return;
  await Promise.all([state.pids.site, state.pids.wordpress].map((pid) => (pid === null ? undefined : killGroup(pid))));
  if (state.stopRealWordPress) await downReal(realInstance());
  if (state.varnishUrl) await varnishDown(e2eVarnish());
  writeState({ ...state, pids: { site: null, wordpress: null }, stopRealWordPress: false, varnishUrl: null });
}
