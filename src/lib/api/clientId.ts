import type { IncomingMessage } from 'node:http';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a visitor's requests are counted under by the rate limits: their IP address.
 *
 * - By default (`TRUST_PROXY` unset or false) the socket's remote address. `X-Forwarded-For` is
 *   ignored: any client can send it, and believing it would let one client pose as many.
 * - With `TRUST_PROXY=1` (one reverse proxy or platform edge in front of the site that adds the
 *   header) the LAST address of `X-Forwarded-For`: the one that proxy saw and appended. Addresses
 *   to its left were sent by the client and may be invented. Proxies that replace the header
 *   (Vercel) leave one address, which is then the one used. A missing or malformed header falls
 *   back to the socket's address.
 * - An IPv6 address counts by its /64 prefix (one household or server usually has a whole /64,
 *   so counting single addresses would let one client rotate through billions of them);
 *   IPv4-mapped IPv6 addresses (`::ffff:192.0.2.1`) count as their IPv4 address.
 * - No address at all (a test double, a closed socket) → `unknown`: those requests share a key.
 *
 * The key is only held in the rate limiter's memory for its window; it is never logged.
 */
export function clientId(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = forwardedAddress(req.headers['x-forwarded-for']);
    if (forwarded) return forwarded;
  }
  return normalizeAddress(req.socket?.remoteAddress) ?? 'unknown';
}

function forwardedAddress(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return null;
  const hops = value.split(',').map((hop) => hop.trim()).filter(Boolean);
  return normalizeAddress(hops[hops.length - 1]);
}

/** An IP address as a rate-limit key, or null when it is not an IP address. */
export function normalizeAddress(address: string | undefined): string | null {
  if (!address) return null;
  let ip = address.trim();
  // `[2001:db8::1]:443` or `192.0.2.1:443` as some proxies write them.
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(ip);
  if (bracketed) ip = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(ip)) ip = ip.slice(0, ip.lastIndexOf(':'));
  ip = ip.replace(/%.*$/, ''); // IPv6 zone id
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return null;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  return `${ipv6Groups(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, lower-case hex without leading zeros. */
function ipv6Groups(ip: string): string[] {
  let text = ip.toLowerCase();
  // A trailing embedded IPv4 (`::1.2.3.4`) is two groups.
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  const groups = tail === undefined ? left : [...left, ...Array<string>(missing).fill('0'), ...right];
  return groups.map((g) => parseInt(g, 16).toString(16));
}
