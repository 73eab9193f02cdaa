vcl 4.1;

# Varnish in front of the site (issue 18; docs/caching.md "Varnish"). Debian bookworm's varnish
# 7.1 and varnish-modules 0.20 (vmod_xkey). This file is the deployment's own: reviewed like code,
# tested offline by the .vtc files beside it (npm test runs them with varnishtest).
#
# What is left to the deployment lives in `deployment.vcl`, found on vcl_path (`npm run varnish`
# writes it from VARNISH_BACKENDS and VARNISH_PURGE_SECRET; deployment.example.vcl shows it):
# the backends (each with `.probe = site_health`), a director named `site` created in vcl_init,
# and `sub site_purge_secret`, which sets req.http.X-Purge-Expected to the shared purge secret
# (or to "" for none).
#
# Decisions:
# - Cached: every GET/HEAD but /api/* (pages, /_next/data, /_next/static, listings, sitemap,
#   feeds, robots, public files), whatever cookies the visitor has; and POST /api/search, keyed
#   by its `s` header and its URL as the nginx example keys it ("search|" + s, then the URL: the
#   type filter `?type=` is in the URL, so filtered and unfiltered answers never mix); everything else by its
#   URL (without the Host: one site per Varnish; the site's warm requests use VARNISH_URL). Lifetimes are the site's
#   Cache-Control (Varnish reads s-maxage before max-age, and stale-while-revalidate as grace);
#   answers that say private, no-store or no-cache, or set a cookie, are not stored.
# - Never cached (PASS): the other /api/ routes, any request with Next's preview cookies
#   (__prerender_bypass, __next_preview_data), any request with Authorization, other methods.
# - Every answer says X-Cache: HIT, MISS or PASS.
# - Surrogate keys: the site's `Surrogate-Key` header (space-separated) is stored as xkey and
#   never reaches the browser; nothing else of the site's answer is changed (the security
#   headers pass through as the site sent them).
# - Misses for one object are coalesced (Varnish's waiting list; nothing here turns it off).
# - Grace: while the site is healthy (probe of /api/health) a stale copy is served for at most
#   15 s past its lifetime while a background fetch refreshes it; while it is sick, for as long
#   as the site's stale-while-revalidate allows (a year for pages). A 5xx or an unreachable site
#   on a background fetch keeps the old copy; on a foreground fetch the request is restarted once
#   to take any old copy, however stale.
# - Purge: `PURGE` with `xkey-purge: key1 key2` soft-purges those keys (the copies stay as grace
#   while new ones are fetched); a `GET` with `X-Cache-Warm: 1` fetches a fresh copy whatever is
#   cached (the site warms the pages it regenerated). Both only from the `purgers` ACL (loopback)
#   or with `X-Purge-Secret` equal to the deployment's secret.

import std;
import directors;
import xkey;

probe site_health {
  .url = "/api/health";
  .interval = 2s;
  .timeout = 1s;
  .window = 3;
  .threshold = 2;
  .initial = 2;
}

include "deployment.vcl";

acl purgers {
  "127.0.0.1";
  "::1";
}

# Whether a purge or warm request may go on: from the ACL, or carrying the shared secret.
sub site_check_purger {
  call site_purge_secret;
  if (!(client.ip ~ purgers) &&
      (req.http.X-Purge-Expected == "" || req.http.X-Purge-Secret != req.http.X-Purge-Expected)) {
    return (synth(403, "Forbidden"));
  }
  unset req.http.X-Purge-Expected;
  unset req.http.X-Purge-Secret;
}

sub vcl_recv {
  set req.backend_hint = site.backend();
  if (req.restarts == 0) {
    # Headers that only this file may set.
    unset req.http.X-Cache-Status;
    unset req.http.X-Stale-Retry;
    unset req.http.X-Search-Post;
    unset req.http.X-Purge-Expected;
  }

  if (req.method == "PURGE") {
    call site_check_purger;
    if (!req.http.xkey-purge) {
      return (synth(400, "xkey-purge header missing"));
    }
    set req.http.X-Purged = xkey.softpurge(req.http.xkey-purge);
    return (synth(200, "Purged"));
  }
  if (req.http.X-Cache-Warm) {
    call site_check_purger;
    set req.hash_always_miss = true;
  }

  if (req.http.X-Stale-Retry) {
    # The site failed on a foreground fetch: any old copy, however stale, rather than an error.
    set req.grace = 3650d;
  } elsif (std.healthy(req.backend_hint)) {
    set req.grace = 15s;
  }

  # Editors previewing drafts: to the site, never stored (docs/caching.md "Preview mode").
  if (req.http.Cookie ~ "(^|;\s*)(__prerender_bypass|__next_preview_data)=") {
    set req.http.X-Cache-Status = "PASS";
    return (pass);
  }
  if (req.http.Authorization) {
    set req.http.X-Cache-Status = "PASS";
    return (pass);
  }

  # The search: POST, keyed by the query in the `s` header (the site refuses a body that disagrees).
  if (req.method == "POST" && req.url ~ "^/api/search/?(\?.*)?$" && req.http.s) {
    std.cache_req_body(8KB);
    set req.http.X-Search-Post = "1";
    return (hash);
  }
  # Every other API route: the webhook, the ping, preview, health, CSP reports.
  if (req.url ~ "^/api(/|\?|$)") {
    set req.http.X-Cache-Status = "PASS";
    return (pass);
  }
  if (req.method != "GET" && req.method != "HEAD") {
    set req.http.X-Cache-Status = "PASS";
    return (pass);
  }
  # Cookies (consent, analytics) do not change a page: cached whatever the visitor sends.
  return (hash);
}

sub vcl_hash {
  if (req.http.X-Search-Post) {
    hash_data("search|" + req.http.s);
    # Issue 34: the type filter (`?type=news`) is in the URL.
    hash_data(req.url);
    return (lookup);
  }
  # The URL alone, not the Host: this Varnish serves one site, whose pages never depend on the
  # Host they were asked under (absolute URLs come from SITE_URL), so the site's warm requests
  # (to VARNISH_URL) refresh the very objects visitors get under the public host name.
  hash_data(req.url);
  return (lookup);
}

sub vcl_hit {
  set req.http.X-Cache-Status = "HIT";
}

sub vcl_miss {
  set req.http.X-Cache-Status = "MISS";
}

sub vcl_pass {
  if (!req.http.X-Cache-Status) {
    set req.http.X-Cache-Status = "PASS";
  }
}

sub vcl_backend_fetch {
  if (bereq.http.X-Search-Post) {
    # Varnish fetches misses with GET; the search is a POST (its cached body goes with it).
    set bereq.method = "POST";
    unset bereq.http.X-Search-Post;
  }
  unset bereq.http.X-Cache-Warm;
  unset bereq.http.X-Cache-Status;
}

sub vcl_backend_response {
  if (beresp.status >= 500) {
    if (bereq.is_bgfetch) {
      # Keep serving the copy the site last answered well.
      return (abandon);
    }
    if (!bereq.http.X-Stale-Retry) {
      # vcl_synth restarts the request once to look for an old copy.
      return (abandon);
    }
    set beresp.uncacheable = true;
    set beresp.ttl = 0s;
    return (deliver);
  }
  # The site's keys, for xkey; the header never reaches the browser (vcl_deliver drops xkey).
  if (beresp.http.Surrogate-Key) {
    set beresp.http.xkey = beresp.http.Surrogate-Key;
    unset beresp.http.Surrogate-Key;
  }
  # Lifetimes: Varnish has already set beresp.ttl from s-maxage/max-age and beresp.grace from
  # stale-while-revalidate. Answers without any lifetime are not guessed at.
  if (!beresp.http.Cache-Control && !beresp.http.Expires) {
    set beresp.uncacheable = true;
    set beresp.ttl = 120s;
    return (deliver);
  }
  # The built-in rules follow: no-store, private, no-cache, Set-Cookie and Vary: * are not stored.
}

sub vcl_backend_error {
  if (!bereq.is_bgfetch && !bereq.http.X-Stale-Retry) {
    return (abandon);
  }
}

sub vcl_synth {
  if (resp.status == 503 && req.restarts == 0 && !req.http.X-Stale-Retry &&
      (req.method == "GET" || req.method == "HEAD" || req.http.X-Search-Post)) {
    # The fetch failed (site down or 5xx): once more, taking any old copy.
    set req.http.X-Stale-Retry = "1";
    return (restart);
  }
  if (req.method == "PURGE" && resp.status == 200) {
    set resp.http.Content-Type = "application/json";
    set resp.body = {"{"purged": "} + req.http.X-Purged + "}";
    return (deliver);
  }
  set resp.http.X-Cache = "PASS";
}

sub vcl_deliver {
  unset resp.http.xkey;
  unset resp.http.Surrogate-Key;
  if (req.http.X-Cache-Status) {
    set resp.http.X-Cache = req.http.X-Cache-Status;
  } else {
    set resp.http.X-Cache = "MISS";
  }
}
