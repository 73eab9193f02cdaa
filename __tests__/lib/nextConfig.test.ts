/** @jest-environment node */
import path from 'node:path';
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD, PHASE_PRODUCTION_SERVER } from 'next/constants';
import type { NextConfig } from 'next';
import { isolatedDefault, withEnv } from '../helpers/isolatedModules';

/**
 * Issue 5 §4: next.config.ts sets the shared ISR cache handler only when REDIS_URL is set when
 * `next start` reads it (one build serves with or without Redis; `next build` never uses Redis),
 * and REDIS_URL, which may hold a password, never reaches the browser bundle (`env`).
 */

const SECRET_URL = 'redis://:s3cret-password@cache.internal:6379/0';

const NEXT_CONFIG = path.join(__dirname, '../../next.config');

function configFor(phase: string, redisUrl: string | undefined): NextConfig {
  return withEnv('REDIS_URL', redisUrl, () => isolatedDefault<(phase: string) => NextConfig>(NEXT_CONFIG)(phase));
}

describe('issue 5 §4: the shared ISR cache is chosen at next start from REDIS_URL; unset, Next keeps its own cache', () => {
  it('REDIS_URL unset: no cacheHandler in any phase (Next’s embedded cache)', () => {
    for (const phase of [PHASE_PRODUCTION_SERVER, PHASE_PRODUCTION_BUILD, PHASE_DEVELOPMENT_SERVER]) {
      expect(configFor(phase, undefined).cacheHandler).toBeUndefined();
      expect(configFor(phase, '  ').cacheHandler).toBeUndefined();
    }
  });

  it('REDIS_URL set: the Redis handler at next start only, not for next build or next dev', () => {
    expect(configFor(PHASE_PRODUCTION_SERVER, SECRET_URL).cacheHandler).toBe(path.resolve(__dirname, '../../src/lib/cache/sharedIsrCache.mjs'));
    expect(configFor(PHASE_PRODUCTION_BUILD, SECRET_URL).cacheHandler).toBeUndefined();
    expect(configFor(PHASE_DEVELOPMENT_SERVER, SECRET_URL).cacheHandler).toBeUndefined();
  });

  it('REDIS_URL (it may hold a password) is never inlined for the browser', () => {
    for (const phase of [PHASE_PRODUCTION_SERVER, PHASE_PRODUCTION_BUILD]) {
      const config = configFor(phase, SECRET_URL);
      expect(JSON.stringify(config.env)).not.toContain('s3cret-password');
      expect(Object.keys(config.env ?? {}).every((name) => name.startsWith('NEXT_PUBLIC_'))).toBe(true);
    }
  });
});

describe('issue 35 §6: the in-memory ISR cache is bounded, with or without Redis', () => {
  it('cacheMaxMemorySize is set explicitly to 50 MB at next start', () => {
    for (const redisUrl of [undefined, SECRET_URL]) expect(configFor(PHASE_PRODUCTION_SERVER, redisUrl).cacheMaxMemorySize).toBe(50 * 1024 * 1024);
  });
});
