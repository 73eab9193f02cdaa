import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Instance, RealWordPressState } from './paths';
import { seedWordPress } from './seed';
import { running, up } from './server';

/**
 * Starts the instance (see server.ts) and imports the seed content once (see seed.ts); writes and
 * returns its state. `wasRunning` tells a caller whether it started the instance (and so should
 * stop it).
 */
export async function upSeeded(
  inst: Instance,
  { seed = true, log = console.log }: { seed?: boolean; log?: (line: string) => void } = {},
): Promise<RealWordPressState & { wasRunning: boolean }> {
  const wasRunning = await running(inst);
  const started = await up(inst, log);
  const previous: Partial<RealWordPressState> = existsSync(inst.stateFile) ? JSON.parse(readFileSync(inst.stateFile, 'utf8')) : {};
  let seeded = previous.seeded === true;
  if (!seeded && seed) {
    await seedWordPress({ url: inst.url, user: started.adminUser, appPassword: started.appPassword, log });
    seeded = true;
  }
  const state: RealWordPressState = {
    url: inst.url, port: inst.port, configName: inst.configName, httpHost: inst.httpHost,
    adminUser: started.adminUser, appPassword: started.appPassword, seeded,
  };
  writeFileSync(inst.stateFile, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  return { ...state, wasRunning };
}
