import { existsSync, writeFileSync } from 'node:fs';
import type { Instance } from './paths';
import { seedWordPress } from './seed';
import { running, up, type Started } from './server';

/**
 * Starts the instance (see server.ts) and imports the seed content once (see seed.ts; a marker
 * file in the state folder says it was). `wasRunning` tells a caller whether it started the
 * instance (and so should stop it).
 */
export async function upSeeded(
  inst: Instance,
  { seed = true, log = console.log }: { seed?: boolean; log?: (line: string) => void } = {},
): Promise<Started & { seeded: boolean; wasRunning: boolean }> {
  const wasRunning = await running(inst);
  const started = await up(inst, log);
  let seeded = existsSync(inst.seededMarker);
  if (!seeded && seed) {
    await seedWordPress({ url: inst.url, user: started.adminUser, appPassword: started.appPassword, log });
    writeFileSync(inst.seededMarker, `${new Date().toISOString()}\n`);
    seeded = true;
  }
  return { ...started, seeded, wasRunning };
}
