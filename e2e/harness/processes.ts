import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { BIN, HOST, ROOT } from './config';

/**
 * Child processes of the harness. Each server runs detached, as the leader of its own process
 * group, so that stopping it ends its children too (tsx and next start helpers) and no orphan
 * is left behind.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The environment for the site's and the content server's processes: the project's Node 22 first on PATH, no jest variables. */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(process.env)) {
    // jest sets NODE_ENV=test and its own variables; next build/start must not see them.
    if (name === 'NODE_ENV' || name.startsWith('JEST_')) continue;
    env[name] = value;
  }
  env.PATH = `${BIN}:${process.env.PATH ?? ''}`;
  return { ...env, ...extra } as NodeJS.ProcessEnv;
}

export interface Started {
  pid: number;
  /** Resolves with the exit code (or signal name) when the process exits. */
  exited: Promise<string>;
  hasExited(): boolean;
}

/** Starts `command` detached (its own process group), stdout and stderr appended to `logFile`. */
export function startDetached(command: string, args: string[], env: NodeJS.ProcessEnv, logFile: string): Started {
  const fd = openSync(logFile, 'a');
  const child = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  if (child.pid === undefined) throw new Error(`Could not start ${command}`);
  let done = false;
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => {
      done = true;
      resolve(signal ?? String(code));
    });
    child.once('error', (error) => {
      done = true;
      resolve(`error: ${error.message}`);
    });
  });
  // The harness does not wait for it: jest may exit while the server runs (teardown ends it).
  child.unref();
  return { pid: child.pid, exited, hasExited: () => done };
}

/** Runs a command to completion in the foreground (output shown), as its own process group. */
export function runToCompletion(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'inherit', 'inherit'] });
    const stop = () => child.pid !== undefined && killGroupSync(child.pid);
    process.once('exit', stop);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      process.off('exit', stop);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Sends SIGKILL to a process group at once (for exit handlers, which cannot wait). */
export function killGroupSync(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** Ends a process group: SIGTERM, then SIGKILL after `graceMs`; resolves when every member is gone. */
export async function killGroup(pid: number, graceMs = 5000): Promise<void> {
  if (!groupAlive(pid)) return;
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + graceMs;
  while (groupAlive(pid) && Date.now() < deadline) await sleep(100);
  if (groupAlive(pid)) {
    killGroupSync(pid);
    const hardDeadline = Date.now() + 5000;
    while (groupAlive(pid) && Date.now() < hardDeadline) await sleep(100);
  }
}

/** Whether `pid` still runs one of the harness's commands (a pid from an old state file may have been reused). */
export function isHarnessProcess(pid: number): boolean {
  const cmdline = `/proc/${pid}/cmdline`;
  if (!existsSync(cmdline)) return false;
  try {
    const text = readFileSync(cmdline, 'utf8');
    // next start renames itself (process.title) to `next-server (v…)`.
    return text.includes(ROOT) || /local-wordpress|next-server/.test(text);
  } catch {
    return false;
  }
}

/** A free TCP port on the loopback address (the kernel's choice). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Throws a clear error when something already listens on the port. */
export async function assertPortFree(port: number, what: string, variable: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${port} (${what}) is already in use on ${HOST}. Stop what runs there or choose another port with ${variable}.`)
          : error,
      );
    });
    server.listen(port, HOST, () => server.close(() => resolve()));
  });
}

/**
 * Polls `url` until `ready(status)` holds. Fails early when the process serving it has exited,
 * or after `timeoutMs`, naming `logFile` so the reason can be read.
 */
export async function waitForHttp(
  url: string,
  opts: { timeoutMs: number; ready?: (status: number) => boolean; process?: Started; logFile?: string },
): Promise<void> {
  const ready = opts.ready ?? ((status: number) => status === 200);
  const deadline = Date.now() + opts.timeoutMs;
  let last = 'no answer';
  const where = opts.logFile ? ` (see ${opts.logFile})` : '';
  while (Date.now() < deadline) {
    if (opts.process?.hasExited()) throw new Error(`The process serving ${url} exited before it was ready${where}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      if (ready(response.status)) return;
      last = `status ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await sleep(250);
  }
  throw new Error(`${url} was not ready within ${opts.timeoutMs} ms (last: ${last})${where}`);
}

/** Waits until nothing answers at `url` any more. */
export async function waitUntilDown(url: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
    } catch {
      return;
    }
    await sleep(100);
  }
  throw new Error(`${url} still answers after ${timeoutMs} ms`);
}
