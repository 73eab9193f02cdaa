/**
 * Apple-device and Safari detection (spec §1: "a detector for Apple devices and Safari").
 *
 * Every argument defaults to the browser's `navigator`; without one (on the server) and without an
 * explicit user-agent string, the answer is false. Pass the values explicitly to classify a
 * request's `User-Agent` header on the server.
 *
 * Prefer feature detection where it can answer the question; use these only where the platform
 * itself matters (e.g. offering an Apple Wallet link, working around a Safari-only rendering bug).
 */

export type AppleDeviceKind = 'iphone' | 'ipad' | 'ipod' | 'mac';

interface NavigatorLike {
  userAgent?: string;
  platform?: string;
  maxTouchPoints?: number;
}

/** The browser's navigator; null on the server — Node 21+ has a `navigator` too (on a Mac its platform is "MacIntel"), so a window is required. */
function browserNavigator(): NavigatorLike | null {
  if (typeof window === 'undefined' || typeof navigator === 'undefined' || navigator === null) return null;
  return navigator as NavigatorLike;
}

/**
 * Which Apple device the browser runs on, or null. iPadOS 13+ presents itself as a Mac
 * (`Macintosh` user agent, platform `MacIntel`); a "Mac" with more than one touch point is an iPad.
 */
export function appleDeviceKind(ua?: string, platform?: string, maxTouchPoints?: number): AppleDeviceKind | null {
  const nav = browserNavigator();
  const agent = ua ?? nav?.userAgent;
  const plat = platform ?? nav?.platform ?? '';
  const touches = maxTouchPoints ?? nav?.maxTouchPoints ?? 0;
  if (agent === undefined && !plat) return null;
  const text = agent ?? '';

  // Windows Phone's Edge/IE claims to be "like iPhone OS".
  if (/Windows Phone|IEMobile/i.test(text)) return null;
  if (/\biPad\b/.test(text) || /^iPad/.test(plat)) return 'ipad';
  // An iPod touch says "iPod touch; CPU iPhone OS …": iPod before iPhone.
  if (/\biPod\b/.test(text) || /^iPod/.test(plat)) return 'ipod';
  if (/\biPhone\b/.test(text) || /^iPhone/.test(plat)) return 'iphone';
  const looksLikeMac = /\bMacintosh\b|\bMac OS X\b/.test(text) || /^Mac/.test(plat);
  if (!looksLikeMac) return null;
  return touches > 1 ? 'ipad' : 'mac';
}

/** Whether the browser runs on an iPhone, an iPad (iPadOS included), an iPod or a Mac. False on the server. */
export function isAppleDevice(ua?: string, platform?: string, maxTouchPoints?: number): boolean {
  return appleDeviceKind(ua, platform, maxTouchPoints) !== null;
}

/** Other browsers whose user agent also says "Safari" (Chrome, Edge, Firefox and Opera on iOS, Android browsers). */
const NOT_SAFARI = /Chrome|Chromium|CriOS|FxiOS|EdgiOS|Edg|OPR|OPiOS|Android/i;

/** Whether the browser is Apple's Safari (macOS or iOS), not another browser that mentions Safari. False on the server. */
export function isSafari(ua?: string): boolean {
  const agent = ua ?? browserNavigator()?.userAgent;
  if (!agent) return false;
  return /Safari\//.test(agent) && !NOT_SAFARI.test(agent);
}
