/**
 * Varnish in front of the site (issue 18; docs/caching.md "Varnish in front"):
 *
 *   npm run varnish             install Debian's varnish and varnish-modules when missing (root),
 *                               start varnishd with deploy/varnish/site.vcl
 *   npm run varnish -- down     stop it (by pid)
 *   npm run varnish -- status
 *
 * Settings: VARNISH_PORT (default 6081), VARNISH_HOST (default 127.0.0.1), VARNISH_BACKENDS
 * (default 127.0.0.1:3000; comma-separated for several `next start` instances),
 * VARNISH_PURGE_SECRET (optional: purges from other hosts), VARNISH_STORAGE (default 256m).
 */
import { down, runningPid, settingsFromEnv, up } from './server';

async function main(argv: string[]): Promise<number> {
  const command = argv.find((a) => !a.startsWith('--')) ?? 'up';
  const settings = settingsFromEnv();
  const where = `http://${settings.host}:${settings.port}`;
  if (command === 'down') {
    console.log((await down(settings)) ? `stopped Varnish on ${where}` : `no Varnish of ours on ${where}`);
    return 0;
  }
  if (command === 'status') {
    const pid = runningPid(settings);
    console.log(pid ? `Varnish on ${where} (pid ${pid})` : `no Varnish of ours on ${where}`);
    return pid ? 0 : 1;
  }
  if (command !== 'up') {
    console.error(`unknown command ${JSON.stringify(command)}: up, down or status`);
    return 2;
  }
  const pid = await up(settings);
  const backends = settings.backends.map((b) => `${b.host}:${b.port}`).join(', ');
  console.log(`Varnish on ${where} (pid ${pid}) in front of ${backends}; stop it with: npm run varnish -- down`);
  console.log(`For purges on publish, start the site with VARNISH_URL=${where}`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error((error as Error)?.message ?? String(error));
    process.exit(1);
  },
);
