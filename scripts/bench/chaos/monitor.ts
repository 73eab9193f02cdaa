import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { HOST } from '../../../e2e/harness/config';
import type { RedisSample } from './report';
import type { ResourceSample } from './verdict';

/**
 * The chaos bench's resource samples, every 5 s: each instance's server process (`next start`
 * runs the server in a child it names `next-server`; the leader itself when it does not fork) —
 * its RSS (VmRSS of /proc/{pid}/status), its open file descriptors and how many of them are
 * sockets — and Redis's used_memory (INFO memory).
 */

/** VmRSS in kB from the text of /proc/{pid}/status, or null. */
export function parseVmRss(status: string): number | null {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  return match ? Number(match[1]) : null;
}

/** used_memory in bytes from the text of INFO memory, or null. */
export function parseUsedMemory(info: string): number | null {
  const match = /^used_memory:(\d+)/m.exec(info);
  return match ? Number(match[1]) : null;
}

/** The pids whose parent is `pid`, over all its threads (Linux /proc). */
export function childPids(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8')
        .split(/\s+/)
        .filter(Boolean)
        .map(Number),
    );
  } catch {
    return [];
  }
}

const commandLine = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
};

/** The process that serves for a `next start` leader: the descendant named next-server, else the leader. */
export function serverPid(leader: number): number {
  const queue = [leader];
  while (queue.length) {
    const pid = queue.shift() as number;
    if (/next-server/.test(commandLine(pid))) return pid;
    queue.push(...childPids(pid));
  }
  return leader;
}

/** A /proc file parsed, or null when it cannot be read (the process exited, not Linux). */
const readOr = <T>(file: string, parse: (text: string) => T | null): T | null => {
  try {
    return parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

/** VmRSS of a process in kB, or null when it cannot be read (exited, not Linux). */
export const readRssKb = (pid: number): number | null => readOr(`/proc/${pid}/status`, parseVmRss);

export function sampleProcess(pid: number): Pick<ResourceSample, 'rssKb' | 'fds' | 'sockets'> {
  try {
    const rssKb = readRssKb(pid);
    const fds = readdirSync(`/proc/${pid}/fd`);
    let sockets = 0;
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:')) sockets++;
      } catch {
        // closed meanwhile
      }
    }
    return { rssKb, fds: fds.length, sockets };
  } catch {
    return { rssKb: null, fds: null, sockets: null };
  }
}

/** User + system CPU time of a process in clock ticks, from the text of /proc/{pid}/stat, or null. */
export function parseCpuTicks(stat: string): number | null {
  // The command name (field 2) may hold spaces and parentheses: the fields after its last ")" are 3 onwards.
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [utime, stime] = [Number(rest[11]), Number(rest[12])];
  return Number.isFinite(utime) && Number.isFinite(stime) ? utime + stime : null;
}

/** Busy and total clock ticks of the whole machine, from the text of /proc/stat's first line. */
export function parseHostTicks(stat: string): { busy: number; total: number } | null {
  const line = stat.split('\n')[0];
  if (!line.startsWith('cpu ')) return null;
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  const total = v.reduce((a, b) => a + b, 0);
  const idle = (v[3] ?? 0) + (v[4] ?? 0);
  return { busy: total - idle, total };
}

const CLOCK_TICKS_PER_S = 100; // USER_HZ on Linux

export interface HostSample {
  at: number;
  /** The machine's busy share since the previous sample, percent of all its cores. */
  busyPct: number | null;
}

export function redisUsedMemory(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    execFile('redis-cli', ['-h', HOST, '-p', String(port), 'INFO', 'memory'], { timeout: 2000 }, (error, stdout) => resolve(error ? null : parseUsedMemory(stdout)));
  });
}

export interface Monitor {
  samples: ResourceSample[];
  redis: RedisSample[];
  host: HostSample[];
  stop(): void;
}

/** Samples every `intervalMs` from now until stop(); `leaders` gives each instance's current leader pid (null while it is down). */
export function startMonitor(leaders: () => Record<string, number | null>, redisPort: number, t0: number, intervalMs = 5000): Monitor {
  const samples: ResourceSample[] = [];
  const redis: RedisSample[] = [];
  const host: HostSample[] = [];
  const servers = new Map<number, number>();
  const lastCpu = new Map<number, { at: number; ticks: number }>();
  let lastHost: { busy: number; total: number } | null = null;
  const cpuPct = (pid: number, at: number): number | null => {
    const ticks = readOr(`/proc/${pid}/stat`, parseCpuTicks);
    const before = lastCpu.get(pid);
    if (ticks === null) return null;
    lastCpu.set(pid, { at, ticks });
    return before && at > before.at ? ((ticks - before.ticks) / CLOCK_TICKS_PER_S / ((at - before.at) / 1000)) * 100 : null;
  };
  const tick = async () => {
    const at = performance.now() - t0;
    const now = readOr('/proc/stat', parseHostTicks);
    host.push({ at, busyPct: now && lastHost && now.total > lastHost.total ? ((now.busy - lastHost.busy) / (now.total - lastHost.total)) * 100 : null });
    lastHost = now;
    for (const [instance, leader] of Object.entries(leaders())) {
      if (leader === null) {
        samples.push({ at, instance, pid: null, rssKb: null, fds: null, sockets: null });
        continue;
      }
      if (!servers.has(leader)) servers.set(leader, serverPid(leader));
      const pid = servers.get(leader) as number;
      samples.push({ at, instance, pid, ...sampleProcess(pid), cpuPct: cpuPct(pid, at) });
    }
    redis.push({ at, usedMemory: await redisUsedMemory(redisPort) });
  };
  void tick();
  const timer = setInterval(() => void tick(), intervalMs);
  return { samples, redis, host, stop: () => clearInterval(timer) };
}
