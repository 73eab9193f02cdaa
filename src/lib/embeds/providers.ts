/**
 * The embed providers the site accepts (issue 17, docs/blocks.md "Embeds"): one table, read by
 * the sanitizer (which URLs become an embed), by the consent-gated placeholder and the browser
 * gate (gate.ts), by the consent configuration (one service per provider in the `embeds`
 * category) and by the security headers (`frame-src` and the Permissions-Policy allowlists list
 * exactly these origins). Anything not in the table is not embedded: its link stays.
 *
 * Every iframe address is rebuilt from checked parts (an id matched by a strict pattern), never
 * copied from the input: https only, the provider's exact hosts (no lookalikes, no userinfo, no
 * other port), and the privacy host or do-not-track switch where the provider has one.
 */
import { EMBEDS_CATEGORY, type ConsentCategory } from '../consent/categories';

/** What the visitor is shown: "Load YouTube video", "Watch on YouTube". */
export type EmbedKind = 'video' | 'audio' | 'post';

export interface EmbedProvider {
  /** Key used in markup (`data-embed`), in `BodyStyles.embeds` and as the consent service's name. */
  key: string;
  /** Shown to visitors: "YouTube". */
  name: string;
  /** Video, audio or a post: the placeholder's wording, and its box when WordPress gives no aspect ratio. */
  kind: EmbedKind;
  /** The consent category its cookies belong to; the iframe loads only once it is accepted. */
  category: ConsentCategory;
  /** https origins the iframe may load (the CSP's frame-src). */
  frameOrigins: readonly string[];
  /** The iframe's `sandbox` tokens: the least the provider needs (EMBED_SANDBOX). */
  sandbox: string;
  /** The iframe's `allow` (Permissions Policy) features, `;`-separated. */
  allow: string;
  /** The https address to load in the iframe for a URL of this provider, or null when the URL is not one of its. */
  embedUrl(url: URL): string | null;
  /** The content's page on the provider's site (the placeholder's plain link), for a URL `embedUrl` accepts. */
  pageUrl(url: URL): string | null;
}

export interface Embed {
  provider: EmbedProvider;
  /** The iframe's address (https, privacy host where one exists). */
  src: string;
  /** The address a visitor can open instead: the content's page on the provider's site. */
  url: string;
}

/**
 * The `sandbox` every provider gets, token by token (nothing else is granted: no forms, no modals,
 * no top navigation, no downloads, no presentation):
 * - `allow-scripts`: every player and the post card run their own script;
 * - `allow-same-origin`: they keep their own origin, without which their players cannot call their
 *   own APIs or read their settings (YouTube and Vimeo show an error in an opaque origin). Safe with
 *   allow-scripts because no provider origin is the site's own;
 * - `allow-popups`: the players' own links ("Watch on YouTube", the title, share, the post's
 *   author) open a new tab; without it they do nothing;
 * - `allow-popups-to-escape-sandbox`: that tab is the provider's ordinary site, not a crippled
 *   sandboxed copy of it.
 */
export const EMBED_SANDBOX = 'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox';

/**
 * The referrer the iframe request carries: only the site's origin. YouTube refuses to play
 * without one (error 153) and Vimeo's domain-restricted videos check it; no path is sent.
 */
export const EMBED_REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * The consent category of every provider: `embeds` ("External media", added to the spec's five:
 * why, in src/lib/consent/categories.ts and docs/consent-and-analytics.md). Each provider is a
 * service of it, named by its key, so a visitor accepts providers one by one.
 */
export const EMBED_CATEGORY: ConsentCategory = EMBEDS_CATEGORY;

const VIDEO_ALLOW = 'fullscreen; picture-in-picture';

/** True when `url` is https on the default port, without user or password, on one of `hosts` (exact names). */
function onHost(url: URL, hosts: readonly string[]): boolean {
  return url.protocol === 'https:' && url.port === '' && url.username === '' && url.password === '' && hosts.includes(url.hostname.toLowerCase());
}

/** The path's segments, without empty ones (`/a//b/` → `['a', 'b']`). */
const segments = (url: URL) => url.pathname.split('/').filter(Boolean);

/** A URL's parts once checked; each provider reads them once and builds both addresses from them. */
type Parsed<T> = (url: URL) => T | null;

function provider<T>(def: Omit<EmbedProvider, 'embedUrl' | 'pageUrl' | 'category' | 'sandbox'> & { parse: Parsed<T>; src(parts: T): string; page(parts: T): string }): EmbedProvider {
  const { parse, src, page, ...rest } = def;
  return {
    ...rest,
    category: EMBED_CATEGORY,
    sandbox: EMBED_SANDBOX,
    embedUrl: (url) => {
      const parts = parse(url);
      return parts === null ? null : src(parts);
    },
    pageUrl: (url) => {
      const parts = parse(url);
      return parts === null ? null : page(parts);
    },
  };
}

// ---- YouTube -------------------------------------------------------------------------------

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_LIST = /^[A-Za-z0-9_-]{2,64}$/;
const YOUTUBE_HOSTS = ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com'];

/** Seconds from `90`, `90s`, `1m30s`, `1h2m3s`; null otherwise. */
function seconds(value: string | null): number | null {
  if (!value) return null;
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/.exec(value);
  if (!match || match[0] === '') return null;
  const total = Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
  return Number.isSafeInteger(total) && total > 0 ? total : null;
}

interface YouTubeParts {
  id: string | null;
  list: string | null;
  start: number | null;
}

const parseYouTube: Parsed<YouTubeParts> = (url) => {
  const path = segments(url);
  const query = url.searchParams;
  let id: string | null = null;
  if (onHost(url, ['youtu.be'])) {
    id = path.length === 1 ? path[0] : null;
  } else if (onHost(url, YOUTUBE_HOSTS)) {
    if (path.length === 1 && path[0] === 'watch') id = query.get('v');
    else if (path.length === 1 && path[0] === 'playlist') id = null;
    else if (path.length === 2 && ['embed', 'shorts', 'live', 'v'].includes(path[0])) id = path[1] === 'videoseries' ? null : path[1];
    else return null;
  } else {
    return null;
  }
  const list = query.get('list');
  const parts: YouTubeParts = {
    id: id !== null && YOUTUBE_ID.test(id) ? id : null,
    list: list !== null && YOUTUBE_LIST.test(list) ? list : null,
    start: seconds(query.get('start') ?? query.get('t')),
  };
  return parts.id !== null || parts.list !== null ? parts : null;
};

const youtube = provider<YouTubeParts>({
  key: 'youtube',
  name: 'YouTube',
  kind: 'video',
  frameOrigins: ['https://www.youtube-nocookie.com'],
  // encrypted-media: YouTube plays protected (rented, premium) videos through EME.
  allow: `${VIDEO_ALLOW}; encrypted-media`,
  parse: parseYouTube,
  src: ({ id, list, start }) => {
    const params = new URLSearchParams();
    if (id === null && list !== null) params.set('list', list);
    else if (list !== null) params.set('list', list);
    if (start !== null) params.set('start', String(start));
    const query = params.toString();
    return `https://www.youtube-nocookie.com/embed/${id ?? 'videoseries'}${query ? `?${query}` : ''}`;
  },
  page: ({ id, list, start }) => {
    if (id === null) return `https://www.youtube.com/playlist?list=${list}`;
    const params = new URLSearchParams({ v: id });
    if (list !== null) params.set('list', list);
    if (start !== null) params.set('t', `${start}s`);
    return `https://www.youtube.com/watch?${params.toString()}`;
  },
});

// ---- Vimeo ---------------------------------------------------------------------------------

const VIMEO_ID = /^\d{1,12}$/;
const VIMEO_HASH = /^[0-9a-f]{6,20}$/i;

interface VimeoParts {
  id: string;
  hash: string | null;
}

const parseVimeo: Parsed<VimeoParts> = (url) => {
  const path = segments(url);
  let id: string | undefined;
  let hash: string | null = null;
  if (onHost(url, ['player.vimeo.com'])) {
    if (path.length !== 2 || path[0] !== 'video') return null;
    id = path[1];
    hash = url.searchParams.get('h');
  } else if (onHost(url, ['vimeo.com', 'www.vimeo.com'])) {
    // vimeo.com/{id}, vimeo.com/{id}/{hash} (unlisted), vimeo.com/channels/{c}/{id},
    // vimeo.com/groups/{g}/videos/{id}, vimeo.com/showcase/{s}/video/{id}
    if (path.length === 1 || (path.length === 2 && VIMEO_ID.test(path[0]))) {
      id = path[0];
      hash = path[1] ?? null;
    } else if (path.length === 3 && path[0] === 'channels') id = path[2];
    else if (path.length === 4 && path[0] === 'groups' && path[2] === 'videos') id = path[3];
    else if (path.length === 4 && path[0] === 'showcase' && path[2] === 'video') id = path[3];
  }
  if (id === undefined || !VIMEO_ID.test(id)) return null;
  return { id, hash: hash !== null && VIMEO_HASH.test(hash) ? hash : null };
};

const vimeo = provider<VimeoParts>({
  key: 'vimeo',
  name: 'Vimeo',
  kind: 'video',
  frameOrigins: ['https://player.vimeo.com'],
  // encrypted-media: Vimeo's player plays DRM-protected (OTT) videos through EME.
  allow: `${VIDEO_ALLOW}; encrypted-media`,
  parse: parseVimeo,
  // dnt=1: Vimeo's player tracks no session data and sets no cookies.
  src: ({ id, hash }) => `https://player.vimeo.com/video/${id}?${hash ? `h=${hash}&` : ''}dnt=1`,
  page: ({ id, hash }) => `https://vimeo.com/${id}${hash ? `/${hash}` : ''}`,
});

// ---- SoundCloud ----------------------------------------------------------------------------

const SOUNDCLOUD_SLUG = /^[A-Za-z0-9_-]{1,100}$/;

interface SoundCloudParts {
  /** The track, set or profile the widget plays: https://soundcloud.com/… or https://api.soundcloud.com/{tracks|playlists|users}/{id}. */
  resource: string;
  /** A public page: soundcloud.com/…; null when only an API address is known. */
  page: string | null;
  visual: boolean;
}

/** The resource a soundcloud.com or api.soundcloud.com URL names, rebuilt from checked segments. */
function soundCloudResource(value: string): Pick<SoundCloudParts, 'resource' | 'page'> | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const path = segments(url);
  if (onHost(url, ['soundcloud.com', 'www.soundcloud.com', 'm.soundcloud.com'])) {
    // /{user}, /{user}/{track}, /{user}/sets/{set}
    const ok = (path.length >= 1 && path.length <= 2) || (path.length === 3 && path[1] === 'sets');
    if (!ok || !path.every((part) => SOUNDCLOUD_SLUG.test(part))) return null;
    const page = `https://soundcloud.com/${path.join('/')}`;
    return { resource: page, page };
  }
  if (onHost(url, ['api.soundcloud.com'])) {
    if (path.length !== 2 || !['tracks', 'playlists', 'users'].includes(path[0]) || !/^\d{1,20}$/.test(path[1])) return null;
    return { resource: `https://api.soundcloud.com/${path[0]}/${path[1]}`, page: null };
  }
  return null;
}

const parseSoundCloud: Parsed<SoundCloudParts> = (url) => {
  if (onHost(url, ['w.soundcloud.com'])) {
    const path = segments(url);
    if (path.length !== 1 || path[0] !== 'player') return null;
    const inner = url.searchParams.get('url');
    const resource = inner === null ? null : soundCloudResource(inner);
    return resource && { ...resource, visual: url.searchParams.get('visual') !== 'false' };
  }
  const resource = soundCloudResource(url.href);
  return resource && { ...resource, visual: true };
};

const soundcloud = provider<SoundCloudParts>({
  key: 'soundcloud',
  name: 'SoundCloud',
  kind: 'audio',
  frameOrigins: ['https://w.soundcloud.com'],
  // An audio widget: no fullscreen, picture-in-picture or DRM.
  allow: '',
  parse: parseSoundCloud,
  src: ({ resource, visual }) => `https://w.soundcloud.com/player/?${new URLSearchParams({ url: resource, visual: String(visual), auto_play: 'false' }).toString()}`,
  page: ({ resource, page }) => page ?? `https://w.soundcloud.com/player/?${new URLSearchParams({ url: resource }).toString()}`,
});

// ---- Spotify -------------------------------------------------------------------------------

const SPOTIFY_TYPES = ['track', 'album', 'playlist', 'episode', 'show', 'artist'];
const SPOTIFY_ID = /^[A-Za-z0-9]{22}$/;

interface SpotifyParts {
  type: string;
  id: string;
}

const parseSpotify: Parsed<SpotifyParts> = (url) => {
  if (!onHost(url, ['open.spotify.com'])) return null;
  let path = segments(url);
  if (path[0] === 'embed') path = path.slice(1);
  if (path[0]?.startsWith('intl-')) path = path.slice(1);
  if (path.length !== 2 || !SPOTIFY_TYPES.includes(path[0]) || !SPOTIFY_ID.test(path[1])) return null;
  return { type: path[0], id: path[1] };
};

const spotify = provider<SpotifyParts>({
  key: 'spotify',
  name: 'Spotify',
  kind: 'audio',
  frameOrigins: ['https://open.spotify.com'],
  // encrypted-media: Spotify's player plays whole tracks (not only previews) through EME.
  allow: 'encrypted-media',
  parse: parseSpotify,
  src: ({ type, id }) => `https://open.spotify.com/embed/${type}/${id}`,
  page: ({ type, id }) => `https://open.spotify.com/${type}/${id}`,
});

// ---- X (Twitter) ---------------------------------------------------------------------------

const TWEET_ID = /^\d{1,20}$/;
const X_USER = /^[A-Za-z0-9_]{1,15}$/;

interface TweetParts {
  user: string;
  id: string;
}

const parseTweet: Parsed<TweetParts> = (url) => {
  if (onHost(url, ['platform.twitter.com'])) {
    const id = url.searchParams.get('id');
    return url.pathname === '/embed/Tweet.html' && id !== null && TWEET_ID.test(id) ? { user: 'i', id } : null;
  }
  if (!onHost(url, ['twitter.com', 'www.twitter.com', 'mobile.twitter.com', 'x.com', 'www.x.com'])) return null;
  const path = segments(url);
  // /{user}/status/{id}, /{user}/status/{id}/photo/1, /i/web/status/{id}
  if (path.length >= 3 && path[0] === 'i' && path[1] === 'web' && path[2] === 'status' && TWEET_ID.test(path[3] ?? '')) return { user: 'i', id: path[3] };
  if (path.length >= 3 && X_USER.test(path[0]) && (path[1] === 'status' || path[1] === 'statuses') && TWEET_ID.test(path[2])) return { user: path[0], id: path[2] };
  return null;
};

const twitter = provider<TweetParts>({
  key: 'twitter',
  name: 'X',
  kind: 'post',
  frameOrigins: ['https://platform.twitter.com'],
  // A post card: no media feature beyond what the page itself allows.
  allow: '',
  parse: parseTweet,
  // The post as X's own embed page draws it, without widgets.js on our page; dnt: no tailoring.
  src: ({ id }) => `https://platform.twitter.com/embed/Tweet.html?${new URLSearchParams({ id, dnt: 'true' }).toString()}`,
  page: ({ user, id }) => (user === 'i' ? `https://x.com/i/status/${id}` : `https://x.com/${user}/status/${id}`),
});

// ---- Dailymotion ---------------------------------------------------------------------------

const DAILYMOTION_ID = /^x[a-z0-9]{4,12}$/i;

const parseDailymotion: Parsed<string> = (url) => {
  const path = segments(url);
  let id: string | undefined;
  if (onHost(url, ['dai.ly'])) id = path.length === 1 ? path[0] : undefined;
  else if (onHost(url, ['dailymotion.com', 'www.dailymotion.com'])) {
    if (path.length === 2 && path[0] === 'video') id = path[1];
    else if (path.length === 3 && path[0] === 'embed' && path[1] === 'video') id = path[2];
  } else if (onHost(url, ['geo.dailymotion.com']) && url.pathname.startsWith('/player')) id = url.searchParams.get('video') ?? undefined;
  // The page URL may carry the title after an underscore: /video/x7tgad0_some-title.
  id = id?.split('_')[0];
  return id !== undefined && DAILYMOTION_ID.test(id) ? id : null;
};

const dailymotion = provider<string>({
  key: 'dailymotion',
  name: 'Dailymotion',
  kind: 'video',
  frameOrigins: ['https://www.dailymotion.com'],
  allow: VIDEO_ALLOW,
  parse: parseDailymotion,
  src: (id) => `https://www.dailymotion.com/embed/video/${id}`,
  page: (id) => `https://www.dailymotion.com/video/${id}`,
});

// ---- TED -----------------------------------------------------------------------------------

const TED_SLUG = /^[A-Za-z0-9_]{1,200}$/;

const parseTed: Parsed<string> = (url) => {
  let path = segments(url);
  if (!onHost(url, ['ted.com', 'www.ted.com', 'embed.ted.com'])) return null;
  // /lang/{xx}/talks/{slug} (ted.com) and /talks/lang/{xx}/{slug} (the embed's own form)
  if (path[0] === 'lang') path = path.slice(2);
  if (path[0] === 'talks' && path[1] === 'lang') path = ['talks', ...path.slice(3)];
  return path.length === 2 && path[0] === 'talks' && TED_SLUG.test(path[1]) ? path[1] : null;
};

const ted = provider<string>({
  key: 'ted',
  name: 'TED',
  kind: 'video',
  frameOrigins: ['https://embed.ted.com'],
  allow: VIDEO_ALLOW,
  parse: parseTed,
  src: (slug) => `https://embed.ted.com/talks/${slug}`,
  page: (slug) => `https://www.ted.com/talks/${slug}`,
});

// ---- VideoPress (WordPress.tv) -------------------------------------------------------------

const VIDEOPRESS_GUID = /^[A-Za-z0-9]{8}$/;

const parseVideoPress: Parsed<string> = (url) => {
  const path = segments(url);
  if (!onHost(url, ['video.wordpress.com', 'videopress.com'])) return null;
  // video.wordpress.com/embed/{guid} (WordPress.tv's and Jetpack's iframes), videopress.com/embed|v/{guid}
  return path.length === 2 && (path[0] === 'embed' || path[0] === 'v') && VIDEOPRESS_GUID.test(path[1]) ? path[1] : null;
};

const videopress = provider<string>({
  key: 'videopress',
  name: 'VideoPress',
  kind: 'video',
  frameOrigins: ['https://video.wordpress.com'],
  allow: VIDEO_ALLOW,
  parse: parseVideoPress,
  src: (guid) => `https://video.wordpress.com/embed/${guid}`,
  page: (guid) => `https://videopress.com/v/${guid}`,
});

export const EMBED_PROVIDERS: readonly EmbedProvider[] = [youtube, vimeo, soundcloud, spotify, twitter, dailymotion, ted, videopress];

/** The provider with this key (`data-embed`), or undefined. */
export function embedProvider(key: string): EmbedProvider | undefined {
  return EMBED_PROVIDERS.find((entry) => entry.key === key);
}

/** Every origin an embed may load: the CSP's frame-src. */
export function embedFrameOrigins(): string[] {
  return [...new Set(EMBED_PROVIDERS.flatMap((entry) => entry.frameOrigins))];
}

/** The features of an `allow` attribute (`"fullscreen; picture-in-picture"` → both names). */
export function allowFeatures(allow: string): string[] {
  return allow
    .split(';')
    .map((part) => part.trim().split(/\s+/)[0])
    .filter(Boolean);
}

/** The origins whose iframes are allowed `feature` (the Permissions-Policy allowlist of that feature). */
export function embedOriginsAllowed(feature: string): string[] {
  return [...new Set(EMBED_PROVIDERS.filter((entry) => allowFeatures(entry.allow).includes(feature)).flatMap((entry) => entry.frameOrigins))];
}

/**
 * True when `src` is an address the provider's iframe may load: https, one of its frame origins.
 * The browser gate checks this again before it creates an iframe from `data-embed-src`.
 */
export function isEmbedSrc(provider: EmbedProvider, src: string): boolean {
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && url.username === '' && url.password === '' && provider.frameOrigins.includes(url.origin);
  } catch {
    return false;
  }
}

/** The embed a URL (an iframe's src or a pasted link) stands for, or null when no provider accepts it. */
export function matchEmbed(value: string): Embed | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  // https only: an http:// embed or link is not upgraded (WordPress writes https for every provider here).
  if (url.protocol !== 'https:') return null;
  for (const entry of EMBED_PROVIDERS) {
    const src = entry.embedUrl(url);
    const page = entry.pageUrl(url);
    if (src !== null && page !== null && isEmbedSrc(entry, src)) return { provider: entry, src, url: page };
  }
  return null;
}

const NOUNS: Record<EmbedKind, { noun: string; verb: string }> = {
  video: { noun: 'video', verb: 'Watch' },
  audio: { noun: 'audio player', verb: 'Listen' },
  post: { noun: 'post', verb: 'View' },
};

/** The placeholder's button: "Load YouTube video" (its accessible name names the provider). */
export function embedButtonLabel(provider: EmbedProvider): string {
  return `Load ${provider.name} ${NOUNS[provider.kind].noun}`;
}

/** The iframe's title (its accessible name): "YouTube video". */
export function embedTitle(provider: EmbedProvider): string {
  return `${provider.name} ${NOUNS[provider.kind].noun}`;
}

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The placeholder the sanitizer writes in place of an embed (trusted markup, built only from the
 * checked `embed`): no iframe, no image, nothing that makes the browser ask the provider for
 * anything. It names the provider, says what loading it means, offers a real button (gate.ts
 * turns the placeholder into the iframe and records the consent) and a plain link to the content
 * on the provider's site. No style attribute (CSP style-src-attr 'none'): its box, in the embed's
 * aspect ratio, comes from the site's stylesheet (src/styles/embeds.css).
 */
export function embedPlaceholderHtml(embed: Embed): string {
  const { provider: p } = embed;
  const { noun, verb } = NOUNS[p.kind] ?? NOUNS.video;
  return (
    `<div class="site-embed site-embed--${p.kind}" data-embed="${escapeHtml(p.key)}" data-embed-src="${escapeHtml(embed.src)}">` +
    `<div class="site-embed__notice">` +
    `<p class="site-embed__provider">${escapeHtml(p.name)}</p>` +
    `<p class="site-embed__text">${escapeHtml(p.name)} can set cookies and see your visit once this ${noun} loads. ` +
    `Loading it accepts ${escapeHtml(p.name)} under “External media” in your cookie settings.</p>` +
    `<p class="site-embed__actions"><button type="button" class="site-embed__load">${escapeHtml(embedButtonLabel(p))}</button>` +
    `<a class="site-embed__link" href="${escapeHtml(embed.url)}">${verb} on ${escapeHtml(p.name)}</a></p>` +
    `</div></div>`
  );
}
