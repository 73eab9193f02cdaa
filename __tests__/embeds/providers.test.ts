import { EMBEDS_CATEGORY } from '@/lib/consent/categories';
import {
  EMBED_PROVIDERS,
  EMBED_SANDBOX,
  embedButtonLabel,
  embedFrameOrigins,
  embedOriginsAllowed,
  embedPlaceholderHtml,
  embedProvider,
  isEmbedSrc,
  matchEmbed,
} from '@/lib/embeds/providers';

/**
 * Issue 17, docs/blocks.md "Embeds": the allow-list of providers. Every URL shape WordPress's
 * embed blocks write (the iframe's src, or the bare URL left in `.wp-block-embed__wrapper`) maps
 * to the provider's (privacy) iframe address and to a plain link; everything else is refused.
 */

const YT = 'dQw4w9WgXcQ';

describe('matchEmbed: every provider, every URL shape', () => {
  test.each([
    // YouTube → youtube-nocookie.com
    ['youtube', `https://www.youtube.com/watch?v=${YT}`, `https://www.youtube-nocookie.com/embed/${YT}`, `https://www.youtube.com/watch?v=${YT}`],
    ['youtube', `https://youtube.com/watch?v=${YT}&feature=share`, `https://www.youtube-nocookie.com/embed/${YT}`, `https://www.youtube.com/watch?v=${YT}`],
    ['youtube', `https://m.youtube.com/watch?v=${YT}`, `https://www.youtube-nocookie.com/embed/${YT}`, `https://www.youtube.com/watch?v=${YT}`],
    ['youtube', `https://youtu.be/${YT}?si=abc`, `https://www.youtube-nocookie.com/embed/${YT}`, `https://www.youtube.com/watch?v=${YT}`],
    ['youtube', `https://youtu.be/${YT}?t=90`, `https://www.youtube-nocookie.com/embed/${YT}?start=90`, `https://www.youtube.com/watch?v=${YT}&t=90s`],
    ['youtube', `https://www.youtube.com/watch?v=${YT}&t=1m30s`, `https://www.youtube-nocookie.com/embed/${YT}?start=90`, `https://www.youtube.com/watch?v=${YT}&t=90s`],
    ['youtube', `https://www.youtube.com/embed/${YT}?feature=oembed`, `https://www.youtube-nocookie.com/embed/${YT}`, `https://www.youtube.com/watch?v=${YT}`],
    ['youtube', `https://www.youtube-nocookie.com/embed/${YT}?start=5`, `https://www.youtube-nocookie.com/embed/${YT}?start=5`, `https://www.youtube.com/watch?v=${YT}&t=5s`],
    ['youtube', `https://www.youtube.com/shorts/${YT}`, `https://www.youtube-nocookie.com/embed/${YT}`, `https://www.youtube.com/watch?v=${YT}`],
    ['youtube', `https://www.youtube.com/live/${YT}`, `https://www.youtube-nocookie.com/embed/${YT}`, `https://www.youtube.com/watch?v=${YT}`],
    ['youtube', `https://www.youtube.com/watch?v=${YT}&list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG`, `https://www.youtube-nocookie.com/embed/${YT}?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG`, `https://www.youtube.com/watch?v=${YT}&list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG`],
    ['youtube', 'https://www.youtube.com/playlist?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG', 'https://www.youtube-nocookie.com/embed/videoseries?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG', 'https://www.youtube.com/playlist?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG'],
    ['youtube', 'https://www.youtube.com/embed/videoseries?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG', 'https://www.youtube-nocookie.com/embed/videoseries?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG', 'https://www.youtube.com/playlist?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG'],
    // Vimeo → player.vimeo.com, dnt=1
    ['vimeo', 'https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871?dnt=1', 'https://vimeo.com/76979871'],
    ['vimeo', 'https://vimeo.com/76979871/8272103f6e', 'https://player.vimeo.com/video/76979871?h=8272103f6e&dnt=1', 'https://vimeo.com/76979871/8272103f6e'],
    ['vimeo', 'https://player.vimeo.com/video/76979871?h=8272103f6e&dnt=1&app_id=122963', 'https://player.vimeo.com/video/76979871?h=8272103f6e&dnt=1', 'https://vimeo.com/76979871/8272103f6e'],
    ['vimeo', 'https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871?dnt=1', 'https://vimeo.com/76979871'],
    ['vimeo', 'https://vimeo.com/channels/staffpicks/76979871', 'https://player.vimeo.com/video/76979871?dnt=1', 'https://vimeo.com/76979871'],
    ['vimeo', 'https://vimeo.com/groups/shortfilms/videos/76979871', 'https://player.vimeo.com/video/76979871?dnt=1', 'https://vimeo.com/76979871'],
    ['vimeo', 'https://vimeo.com/showcase/123/video/76979871', 'https://player.vimeo.com/video/76979871?dnt=1', 'https://vimeo.com/76979871'],
    // SoundCloud → w.soundcloud.com/player
    ['soundcloud', 'https://soundcloud.com/forss/flickermood', 'https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fforss%2Fflickermood&visual=true&auto_play=false', 'https://soundcloud.com/forss/flickermood'],
    ['soundcloud', 'https://soundcloud.com/forss/sets/soulhack', 'https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fforss%2Fsets%2Fsoulhack&visual=true&auto_play=false', 'https://soundcloud.com/forss/sets/soulhack'],
    [
      'soundcloud',
      'https://w.soundcloud.com/player/?visual=true&url=https%3A%2F%2Fapi.soundcloud.com%2Ftracks%2F293&show_artwork=true&maxwidth=500&maxheight=750&dnt=1',
      'https://w.soundcloud.com/player/?url=https%3A%2F%2Fapi.soundcloud.com%2Ftracks%2F293&visual=true&auto_play=false',
      'https://w.soundcloud.com/player/?url=https%3A%2F%2Fapi.soundcloud.com%2Ftracks%2F293',
    ],
    // Spotify → open.spotify.com/embed
    ['spotify', 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC?si=1234', 'https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC', 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC'],
    ['spotify', 'https://open.spotify.com/intl-de/album/4aawyAB9vmqN3uQ7FjRGTy', 'https://open.spotify.com/embed/album/4aawyAB9vmqN3uQ7FjRGTy', 'https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy'],
    ['spotify', 'https://open.spotify.com/embed/playlist/37i9dQZF1DXcBWIGoYBM5M?utm_source=oembed', 'https://open.spotify.com/embed/playlist/37i9dQZF1DXcBWIGoYBM5M', 'https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M'],
    ['spotify', 'https://open.spotify.com/episode/512ojhOuo1ktJprKbVcKyQ', 'https://open.spotify.com/embed/episode/512ojhOuo1ktJprKbVcKyQ', 'https://open.spotify.com/episode/512ojhOuo1ktJprKbVcKyQ'],
    // X → platform.twitter.com's own embed page, no widgets.js
    ['twitter', 'https://twitter.com/WordPress/status/1308442233334362112?ref_src=twsrc%5Etfw', 'https://platform.twitter.com/embed/Tweet.html?id=1308442233334362112&dnt=true', 'https://x.com/WordPress/status/1308442233334362112'],
    ['twitter', 'https://x.com/WordPress/status/1308442233334362112', 'https://platform.twitter.com/embed/Tweet.html?id=1308442233334362112&dnt=true', 'https://x.com/WordPress/status/1308442233334362112'],
    ['twitter', 'https://mobile.twitter.com/i/web/status/1308442233334362112', 'https://platform.twitter.com/embed/Tweet.html?id=1308442233334362112&dnt=true', 'https://x.com/i/status/1308442233334362112'],
    ['twitter', 'https://platform.twitter.com/embed/Tweet.html?id=1308442233334362112', 'https://platform.twitter.com/embed/Tweet.html?id=1308442233334362112&dnt=true', 'https://x.com/i/status/1308442233334362112'],
    // Dailymotion
    ['dailymotion', 'https://www.dailymotion.com/video/x7tgad0', 'https://www.dailymotion.com/embed/video/x7tgad0', 'https://www.dailymotion.com/video/x7tgad0'],
    ['dailymotion', 'https://www.dailymotion.com/video/x7tgad0_some-title', 'https://www.dailymotion.com/embed/video/x7tgad0', 'https://www.dailymotion.com/video/x7tgad0'],
    ['dailymotion', 'https://dai.ly/x7tgad0', 'https://www.dailymotion.com/embed/video/x7tgad0', 'https://www.dailymotion.com/video/x7tgad0'],
    ['dailymotion', 'https://www.dailymotion.com/embed/video/x7tgad0', 'https://www.dailymotion.com/embed/video/x7tgad0', 'https://www.dailymotion.com/video/x7tgad0'],
    // TED
    ['ted', 'https://www.ted.com/talks/ken_robinson_do_schools_kill_creativity', 'https://embed.ted.com/talks/ken_robinson_do_schools_kill_creativity', 'https://www.ted.com/talks/ken_robinson_do_schools_kill_creativity'],
    ['ted', 'https://embed.ted.com/talks/lang/en/ken_robinson_do_schools_kill_creativity', 'https://embed.ted.com/talks/ken_robinson_do_schools_kill_creativity', 'https://www.ted.com/talks/ken_robinson_do_schools_kill_creativity'],
    // VideoPress (WordPress.tv's player)
    ['videopress', 'https://video.wordpress.com/embed/bd2G0c0g?hd=0&autoPlay=0', 'https://video.wordpress.com/embed/bd2G0c0g', 'https://videopress.com/v/bd2G0c0g'],
    ['videopress', 'https://videopress.com/v/bd2G0c0g', 'https://video.wordpress.com/embed/bd2G0c0g', 'https://videopress.com/v/bd2G0c0g'],
  ])('%s: %s', (key, input, src, page) => {
    const embed = matchEmbed(input);
    expect(embed).not.toBeNull();
    expect(embed?.provider.key).toBe(key);
    expect(embed?.src).toBe(src);
    expect(embed?.url).toBe(page);
  });

  test('surrounding white space (a bare URL on its own line in the wrapper) is ignored', () => {
    expect(matchEmbed(`\n  https://youtu.be/${YT}\n`)?.src).toBe(`https://www.youtube-nocookie.com/embed/${YT}`);
  });
});

describe('matchEmbed refuses', () => {
  test.each([
    ['http (no upgrade)', `http://www.youtube.com/watch?v=${YT}`],
    ['http iframe src', 'http://player.vimeo.com/video/76979871'],
    ['javascript:', `javascript:alert(1)//https://www.youtube.com/watch?v=${YT}`],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['not a URL', 'youtube dQw4w9WgXcQ'],
    ['protocol-relative', `//www.youtube.com/watch?v=${YT}`],
    ['another host', `https://example.com/watch?v=${YT}`],
    ['lookalike: provider host as a subdomain of another', `https://youtube.com.evil.test/watch?v=${YT}`],
    ['lookalike: provider name inside another host', `https://evilyoutube.com/watch?v=${YT}`],
    ['lookalike: a subdomain that is not the provider\'s player', 'https://evil.player.vimeo.com/video/76979871'],
    ['lookalike: userinfo', `https://www.youtube.com@evil.test/watch?v=${YT}`],
    ['userinfo on the real host', `https://user:pass@www.youtube.com/watch?v=${YT}`],
    ['another port', `https://www.youtube.com:8443/watch?v=${YT}`],
    ['lookalike: Vimeo on another TLD', 'https://vimeo.co/76979871'],
    ['lookalike: twitter.com.evil.test', 'https://twitter.com.evil.test/a/status/1'],
    ['YouTube id of the wrong shape', 'https://www.youtube.com/watch?v=abc'],
    ['YouTube id with markup', 'https://www.youtube.com/watch?v=dQw4w9WgXc"'],
    ['YouTube channel page', 'https://www.youtube.com/@WordPress'],
    ['Vimeo non-numeric id', 'https://vimeo.com/about'],
    ['SoundCloud player pointing elsewhere', 'https://w.soundcloud.com/player/?url=https%3A%2F%2Fevil.test%2Ftracks%2F1'],
    ['SoundCloud player with a javascript: url', 'https://w.soundcloud.com/player/?url=javascript%3Aalert(1)'],
    ['Spotify id of the wrong shape', 'https://open.spotify.com/track/short'],
    ['Spotify unknown type', 'https://open.spotify.com/user/4uLU6hMCjMI75M1A2tKUQC'],
    ['a tweet without an id', 'https://twitter.com/WordPress'],
    ['X embed page with a script in the id', 'https://platform.twitter.com/embed/Tweet.html?id=1%3Cscript%3E'],
    ['WordPress.tv page (its player needs oEmbed)', 'https://wordpress.tv/2019/11/05/some-talk/'],
  ])('%s', (_label, input) => {
    expect(matchEmbed(input)).toBeNull();
  });
});

describe('the providers table', () => {
  test('every iframe address is https, on one of the provider\'s frame origins; every link is https', () => {
    for (const provider of EMBED_PROVIDERS) {
      expect(provider.frameOrigins.length).toBeGreaterThan(0);
      for (const origin of provider.frameOrigins) expect(origin).toMatch(/^https:\/\/[a-z0-9.-]+$/);
    }
    const samples = [`https://youtu.be/${YT}`, 'https://vimeo.com/1', 'https://soundcloud.com/a/b', 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC', 'https://x.com/a/status/1', 'https://dai.ly/x7tgad0', 'https://www.ted.com/talks/a', 'https://videopress.com/v/bd2G0c0g'];
    const seen = new Set<string>();
    for (const sample of samples) {
      const embed = matchEmbed(sample);
      expect(embed).not.toBeNull();
      if (!embed) continue;
      seen.add(embed.provider.key);
      expect(isEmbedSrc(embed.provider, embed.src)).toBe(true);
      expect(embed.url.startsWith('https://')).toBe(true);
    }
    expect([...seen].sort()).toEqual(EMBED_PROVIDERS.map((p) => p.key).sort());
  });

  test('the least sandbox: scripts, own origin, popups (and escaping the sandbox in them); never forms, top navigation, modals or downloads', () => {
    expect(EMBED_SANDBOX.split(' ').sort()).toEqual(['allow-popups', 'allow-popups-to-escape-sandbox', 'allow-same-origin', 'allow-scripts']);
    for (const provider of EMBED_PROVIDERS) {
      expect(provider.sandbox).toBe(EMBED_SANDBOX);
      expect(provider.sandbox).not.toMatch(/allow-(forms|top-navigation|modals|downloads|presentation)/);
    }
  });

  test('features: video players get fullscreen and picture-in-picture; DRM only where the player uses it; autoplay never', () => {
    expect(embedProvider('youtube')?.allow).toBe('fullscreen; picture-in-picture; encrypted-media');
    expect(embedProvider('vimeo')?.allow).toBe('fullscreen; picture-in-picture; encrypted-media');
    expect(embedProvider('spotify')?.allow).toBe('encrypted-media');
    expect(embedProvider('soundcloud')?.allow).toBe('');
    expect(embedProvider('twitter')?.allow).toBe('');
    for (const provider of EMBED_PROVIDERS) expect(provider.allow).not.toMatch(/autoplay|camera|microphone|geolocation|clipboard/);
    expect(embedOriginsAllowed('encrypted-media')).toEqual(['https://www.youtube-nocookie.com', 'https://player.vimeo.com', 'https://open.spotify.com']);
    expect(embedOriginsAllowed('autoplay')).toEqual([]);
  });

  test('every provider belongs to the "External media" consent category, one service each', () => {
    for (const provider of EMBED_PROVIDERS) expect(provider.category).toBe(EMBEDS_CATEGORY);
    expect(new Set(EMBED_PROVIDERS.map((p) => p.key)).size).toBe(EMBED_PROVIDERS.length);
  });

  test('frame origins: the privacy hosts, nothing else', () => {
    expect(embedFrameOrigins()).toEqual([
      'https://www.youtube-nocookie.com',
      'https://player.vimeo.com',
      'https://w.soundcloud.com',
      'https://open.spotify.com',
      'https://platform.twitter.com',
      'https://www.dailymotion.com',
      'https://embed.ted.com',
      'https://video.wordpress.com',
    ]);
  });
});

describe('embedPlaceholderHtml', () => {
  const embed = matchEmbed(`https://www.youtube.com/watch?v=${YT}`);
  if (!embed) throw new Error('no embed');
  const html = embedPlaceholderHtml(embed);

  test('names the provider, a short notice, a real button whose name names the provider, and a plain link to the content', () => {
    document.body.innerHTML = html;
    const root = document.querySelector('.site-embed');
    expect(root?.getAttribute('data-embed')).toBe('youtube');
    expect(root?.getAttribute('data-embed-src')).toBe(`https://www.youtube-nocookie.com/embed/${YT}`);
    expect(root?.querySelector('.site-embed__provider')?.textContent).toBe('YouTube');
    expect(root?.querySelector('.site-embed__text')?.textContent).toMatch(/YouTube can set cookies/);
    const button = root?.querySelector('button');
    expect(button?.getAttribute('type')).toBe('button');
    expect(button?.textContent).toBe('Load YouTube video');
    expect(embedButtonLabel(embed.provider)).toBe('Load YouTube video');
    const link = root?.querySelector('a');
    expect(link?.getAttribute('href')).toBe(`https://www.youtube.com/watch?v=${YT}`);
    expect(link?.textContent).toBe('Watch on YouTube');
  });

  test('nothing the browser would fetch from the provider: no iframe, img, source, srcset, style, script or preconnect', () => {
    expect(html).not.toMatch(/<(iframe|img|picture|source|video|audio|script|link|object|embed)\b/i);
    expect(html).not.toMatch(/\s(style|srcset|src|poster|background)=/i);
    // The only address of the provider's media is in a data attribute and the link's href.
    expect(html.match(/https:\/\//g)?.length).toBe(2);
  });

  test('every provider: the button and the link name it; the wording fits its kind', () => {
    const samples: Record<string, [string, string]> = {
      'https://vimeo.com/1': ['Load Vimeo video', 'Watch on Vimeo'],
      'https://soundcloud.com/a/b': ['Load SoundCloud audio player', 'Listen on SoundCloud'],
      'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC': ['Load Spotify audio player', 'Listen on Spotify'],
      'https://x.com/a/status/1': ['Load X post', 'View on X'],
    };
    for (const [url, [button, link]] of Object.entries(samples)) {
      const found = matchEmbed(url);
      if (!found) throw new Error(url);
      document.body.innerHTML = embedPlaceholderHtml(found);
      expect(document.querySelector('button')?.textContent).toBe(button);
      expect(document.querySelector('a')?.textContent).toBe(link);
      expect(document.querySelector('.site-embed')?.classList.contains(`site-embed--${found.provider.kind}`)).toBe(true);
    }
  });

  test('escapes what it writes (a provider entry with markup in it cannot break out)', () => {
    const evil = { ...embed, provider: { ...embed.provider, key: 'a"><script>', name: '<img src=x onerror=alert(1)>' }, url: 'https://x.test/"><script>' };
    const out = embedPlaceholderHtml(evil);
    expect(out).not.toMatch(/<script|<img/);
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
