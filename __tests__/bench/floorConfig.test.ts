/** @jest-environment node */
import path from 'node:path';
import { CROSS_ORIGIN_OPENER_POLICY } from '../../src/lib/security/headers';
import { isolatedDefault, withEnv } from '../helpers/isolatedModules';

interface FloorConfig {
  headers(): Promise<{ source: string; headers: { key: string; value: string }[] }[]>;
}

const FLOOR_CONFIG = path.join(__dirname, '../../scripts/bench/floor/next.config.mjs');

/** The floor's config as `next build` reads it with BENCH_FLOOR_COOP = `coop` (unset when undefined). */
function floorConfig(coop: string | undefined): FloorConfig {
  return withEnv('BENCH_FLOOR_COOP', coop, () => isolatedDefault<FloorConfig>(FLOOR_CONFIG));
}

describe("issue 19: the floor is served with the site's opener policy", () => {
  test('with the policy the bench passes: `/` carries it, `/bare` (the reference) does not', async () => {
    const rules = await floorConfig(CROSS_ORIGIN_OPENER_POLICY).headers();
    expect(rules).toEqual([{ source: '/', headers: [{ key: 'Cross-Origin-Opener-Policy', value: CROSS_ORIGIN_OPENER_POLICY }] }]);
  });

  test('built on its own (no BENCH_FLOOR_COOP), the floor sends no policy', async () => {
    expect(await floorConfig(undefined).headers()).toEqual([]);
  });
});
