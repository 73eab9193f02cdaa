import { execFileSync } from 'node:child_process';
import net from 'node:net';
import { installCommand, REDIS } from '../../scripts/system/debianPackages';

/**
 * A real `redis-server` for tests (Debian's package; `.ci/run` installs it): where its binary is,
 * and whether it answers. Used by the two-instance browser test and the pub/sub unit test.
 */

/** The redis-server binary, or a clear error naming the package when it is missing. */
export function redisServerBinary(): string {
  for (const candidate of ['/usr/bin/redis-server', '/usr/local/bin/redis-server']) {
    try {
      execFileSync(candidate, ['--version'], { stdio: 'ignore' });
      return candidate;
    } catch {
      // next
    }
  }
  throw new Error(`redis-server is not installed; as root: ${installCommand([REDIS.name])} (npm test installs it when run as root)`);
}

/** A throwaway server's arguments: loopback only, nothing written to disk. */
export const redisServerArgs = (port: number, host: string) => ['--port', String(port), '--bind', host, '--save', '', '--appendonly', 'no'];

/** Whether a redis-server answers PING on `host:port` (false on refusal, error or 1 s of silence). */
export function redisAnswers(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });
}
