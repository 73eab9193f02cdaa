import path from 'node:path';
import { instance as realInstance } from '../../scripts/real-wordpress/paths';

/**
 * Where the browser tests' harness keeps things, and the fixed ports it serves on.
 *
 * The ports are fixed because `next build` inlines WORDPRESS_URL and SITE_URL: the content server
 * and the site must answer at the same addresses when the tests run as when the site was built.
 */
export const ROOT = path.resolve(__dirname, '..', '..');
/**
 * `E2E_WORDPRESS=real`: the tests run against a real WordPress with the plugin and the seed
 * (scripts/real-wordpress, REAL_WORDPRESS_PORT) instead of the local content server, over a build
 * of their own (`.cache/next-real-wordpress`) and a state folder of their own.
 */
export const WORDPRESS_MODE: 'fake' | 'real' = process.env.E2E_WORDPRESS === 'real' ? 'real' : 'fake';
const REAL = WORDPRESS_MODE === 'real';
export const STATE_DIR = path.join(ROOT, 'e2e', REAL ? '.state-real' : '.state');
/** The build the tests serve (NEXT_DIST_DIR), relative to ROOT. */
export const DIST_DIR = REAL ? path.join('.cache', 'next-real-wordpress') : '.next';
export const STATE_FILE = path.join(STATE_DIR, 'state.json');
/** Written after each e2e build: which build of `.next` it was and the addresses it inlined. */
export const BUILD_MARKER = path.join(STATE_DIR, 'build.json');
export const ARTIFACTS_DIR = path.join(ROOT, 'e2e', 'artifacts');
export const BIN = path.join(ROOT, 'node_modules', '.bin');

function port(name: string, fallback: number): number {
  const value = process.env[name]?.trim();
  if (!value) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 65535) {
    throw new Error(`${name} must be a TCP port (1-65535), got "${value}"`);
  }
  return Number(value);
}

export const SITE_PORT = port('E2E_SITE_PORT', REAL ? 3950 : 3900);
export const WORDPRESS_PORT = REAL ? realInstance().port : port('E2E_WORDPRESS_PORT', 3901);
export const HOST = '127.0.0.1';
export const SITE_URL = `http://${HOST}:${SITE_PORT}`;
export const WORDPRESS_URL = `http://${HOST}:${WORDPRESS_PORT}`;
/**
 * Issue 18, real mode: Varnish (deploy/varnish/site.vcl, `npm run varnish`'s code) in front of the
 * site on E2E_VARNISH_PORT (default 3952); the site purges it on publish (VARNISH_URL).
 */
export const VARNISH_PORT = port('E2E_VARNISH_PORT', 3952);
export const VARNISH_URL = REAL ? `http://${HOST}:${VARNISH_PORT}` : null;
/** The ISR interval the site is built and served with. */
export const REVALIDATE_SECONDS = 60;

/** What the harness hands the tests (STATE_FILE). */
export interface E2EState {
  siteUrl: string;
  wordpressUrl: string;
  revalidateSecret: string;
  /** The site's PREVIEW_SECRET (and, real mode, the plugin's HEADLESS_PREVIEW_SECRET). */
  previewSecret: string;
  /** The preview reader's application password (WORDPRESS_PREVIEW_USER/PASSWORD): real mode, the harness's user; fake mode, the fake's fixed one. */
  preview?: { user: string; password: string };
  revalidateSeconds: number;
  /** Process-group leaders the harness started (null when stopped); teardown ends them. */
  pids: { site: number | null; wordpress: number | null };
  /** Real mode: the harness started the real WordPress, so teardown stops it. */
  stopRealWordPress?: boolean;
  /** Real mode: the Varnish in front of the site (issue 18), stopped by teardown. */
  varnishUrl?: string | null;
  /** Log files of the two servers. */
  logs: { site: string; wordpress: string };
}
