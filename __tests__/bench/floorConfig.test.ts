/** @jest-environment node */
import { CROSS_ORIGIN_OPENER_POLICY } from '../../src/lib/security/headers';

interface FloorConfig {
  headers(): Promise<{ source: string; headers: { key: string; value: string }[] }[]>;
}

async function floorConfig(coop: string | undefined): Promise<FloorConfig> {
  const saved = process.env.BENCH_FLOOR_COOP;
  if (coop === undefined) delete process.env.BENCH_FLOOR_COOP;
  else process.env.BENCH_FLOOR_COOP = coop;
  try {
    let config: FloorConfig | undefined;
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      config = (require('../../scripts/bench/floor/next.config.mjs') as { default: FloorConfig }).default;
    });
    return config as FloorConfig;
  } finally {
    if (saved === undefined) delete process.env.BENCH_FLOOR_COOP;
    else process.env.BENCH_FLOOR_COOP = saved;
  }
}

describe("issue 19: the floor is served with the site's opener policy", () => {
  test('with the policy the bench passes: `/` carries it, `/bare` (the reference) does not', async () => {
    const rules = await (await floorConfig(CROSS_ORIGIN_OPENER_POLICY)).headers();
    expect(rules).toEqual([{ source: '/', headers: [{ key: 'Cross-Origin-Opener-Policy', value: CROSS_ORIGIN_OPENER_POLICY }] }]);
  });

  test('built on its own (no BENCH_FLOOR_COOP), the floor sends no policy', async () => {
    expect(await (await floorConfig(undefined)).headers()).toEqual([]);
  });
});
