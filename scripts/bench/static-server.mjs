// @ts-check
/**
 * The bench's baseline: a minimal static file server (Node's http module, one process, like
 * `next start`) that reads the requested file from disk on every request and sends it as is,
 * uncompressed, as `next start` answers clients that do not ask for compression. `/a/b` serves
 * `{root}/a/b`, else `{root}/a/b.html`; `/` serves `{root}/index.html`.
 *
 *   node scripts/bench/static-server.mjs --port 3000 --root .cache/next-bench/server/pages [--host 127.0.0.1]
 */
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'application/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.json': 'application/json' };

/** @param {string[]} argv */
function parse(argv) {
  /** @type {Record<string, string>} */
  const options = { host: '127.0.0.1' };
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i].replace(/^--/, '');
    if (!['port', 'root', 'host'].includes(name) || argv[i + 1] === undefined) throw new Error(`usage: --port N --root DIR [--host H] (got ${argv[i]})`);
    options[name] = argv[i + 1];
  }
  if (!options.port || !options.root) throw new Error('usage: --port N --root DIR [--host H]');
  return { port: Number(options.port), root: path.resolve(options.root), host: options.host };
}

/** @param {string} file */
async function isFile(file) {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

const { port, root, host } = parse(process.argv.slice(2));

const server = createServer((req, res) => {
  const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://static').pathname);
  const file = path.join(root, pathname === '/' ? 'index.html' : pathname);
  if (!file.startsWith(root + path.sep)) {
    res.writeHead(400).end();
    return;
  }
  (async () => {
    const candidate = (await isFile(file)) ? file : `${file}.html`;
    const body = await readFile(candidate);
    res.writeHead(200, { 'Content-Type': TYPES[/** @type {keyof TYPES} */ (path.extname(candidate))] ?? 'application/octet-stream', 'Content-Length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
  })().catch(() => {
    if (!res.headersSent) res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('Not found');
  });
});

server.listen(port, host, () => console.log(`static server at http://${host}:${port} over ${root}`));
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.once(signal, () => server.close(() => process.exit(0)));
