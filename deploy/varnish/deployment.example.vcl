# What `npm run varnish` writes (scripts/varnish): site.vcl includes it. One backend per
# `next start` instance (VARNISH_BACKENDS), probed on /api/health, behind a round-robin director
# named `site`; and the shared purge secret (VARNISH_PURGE_SECRET, "" for none: loopback only).

backend site1 {
  .host = "127.0.0.1";
  .port = "3000";
  .probe = site_health;
}

sub vcl_init {
  new site = directors.round_robin();
  site.add_backend(site1);
}

sub site_purge_secret {
  set req.http.X-Purge-Expected = "";
}
