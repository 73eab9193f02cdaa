import http from 'node:http';
import net from 'node:net';

/**
 * The two links the chaos bench cuts, each a small proxy in the bench's own process:
 * - the fault proxy between the site and the content server (the site's WORDPRESS_URL): it passes
 *   requests on, answers 500, or holds them without an answer until the site gives up;
 * - the WordPress → site link, a TCP proxy to the instances' webhook (round robin, the next
 *   instance when one refuses the connection: a load balancer's job); closed, it refuses every
 *   connection ("the site is unreachable from WordPress").
 */

export type FaultMode = 'pass' | 'error' | 'hang';

export interface FaultProxy {
  url: string;
  mode: FaultMode;
  setMode(mode: FaultMode): void;
  /** Requests answered or held, by mode. */
  counts: Record<FaultMode, number>;
  close(): Promise<void>;
}

const listen = (server: net.Server, port: number, host: string) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });

const closeServer = (server: net.Server) => new Promise<void>((resolve) => server.close(() => resolve()));

export async function startFaultProxy(port: number, host: string, target: { host: string; port: number }): Promise<FaultProxy> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const held = new Set<http.ServerResponse>();
  const proxy: FaultProxy = {
    url: `http://${host}:${port}`,
    mode: 'pass',
    counts: { pass: 0, error: 0, hang: 0 },
    setMode(mode) {
      proxy.mode = mode;
    },
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await closeServer(server);
      agent.destroy();
    },
  };
  const server = http.createServer((req, res) => {
    proxy.counts[proxy.mode]++;
    if (proxy.mode === 'error') {
      req.resume();
      res.writeHead(500, { 'content-type': 'text/html' }).end('<html><body>Internal Server Error (chaos bench)</body></html>');
      return;
    }
    if (proxy.mode === 'hang') {
      // No answer: the site's own timeout ends it (its request is closed, then so is this one).
      req.resume();
      held.add(res);
      res.once('close', () => held.delete(res));
      return;
    }
    const upstream = http.request(
      { host: target.host, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: `${target.host}:${target.port}` }, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 5000;
  await listen(server, port, host);
  return proxy;
}

export interface Link {
  url: string;
  isOpen(): boolean;
  /** Connections refused while closed. */
  open(): Promise<void>;
  /** Stops listening and drops the connections it carries. */
  shut(): Promise<void>;
  close(): Promise<void>;
}

export async function startLink(port: number, host: string, targets: readonly { host: string; port: number }[]): Promise<Link> {
  const sockets = new Set<net.Socket>();
  let next = 0;
  let server: net.Server | null = null;

  const forward = (client: net.Socket, tries: number) => {
    const target = targets[next++ % targets.length];
    const upstream = net.connect(target.port, target.host);
    sockets.add(upstream);
    let connected = false;
    upstream.once('connect', () => {
      connected = true;
      client.pipe(upstream);
      upstream.pipe(client);
    });
    upstream.on('error', () => {
      if (!connected && tries + 1 < targets.length) forward(client, tries + 1);
      else client.destroy();
    });
    upstream.once('close', () => {
      sockets.delete(upstream);
      if (connected) client.destroy();
    });
    client.once('close', () => upstream.destroy());
  };

  const openServer = async () => {
    const s = net.createServer((client) => {
      sockets.add(client);
      client.on('error', () => client.destroy());
      client.once('close', () => sockets.delete(client));
      client.pause();
      forward(client, 0);
    });
    await listen(s, port, host);
    server = s;
  };

  const shut = async () => {
    const s = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (s) await closeServer(s);
  };

  await openServer();
  return {
    url: `http://${host}:${port}`,
    isOpen: () => server !== null,
    open: async () => {
      if (!server) await openServer();
    },
    shut,
    close: shut,
  };
}
