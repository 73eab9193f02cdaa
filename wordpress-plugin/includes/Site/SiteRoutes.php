<?php

/**
 * Where each item lives on the site: the site's routes, as the site's content-type table
 * (`src/lib/shared/wordpress/contentTypes.ts`) declares them.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * REST base → the site's path prefix, copied from the site's table (`routePrefix`). The site's jest
 * test `__tests__/routes/routes.test.ts` reads this file's PREFIXES, PAGE_BASE, DEFAULT_SECTION and
 * PAGE_ADDRESSES and fails when they differ from the site's route module (`src/lib/shared/routes.ts`);
 * a real-WordPress browser test (`e2e/real/site-links.e2e.ts`) compares the REST `link` of every
 * seeded item with the site's `sitePath()`. Keep these constants plain string literals.
 */
final class SiteRoutes {

	/** REST base => the site's path prefix of its items (`{prefix}/{slug}`). fp_page is special (below). */
	public const PREFIXES = array(
		'posts'          => '/resources/blogs',
		'news'           => '/about-us/news',
		'press-releases' => '/about-us/press-release',
		'whitepapers'    => '/resources/white-papers',
		'case-studies'   => '/resources/case-studies',
		'insights'       => '/resources/insights',
		'events'         => '/about-us/events',
		'virtual'        => '/about-us/partner-interviews',
	);

	/** The frame pages' REST base: `/{section}/{slug}`. */
	public const PAGE_BASE = 'fp_page';

	/** A frame page's section when it has none (the site's `DEFAULT_PAGE_SECTION`). */
	public const DEFAULT_SECTION = 'pages';

	/** Frame pages served at an address of their own (the site's `PAGE_ADDRESSES`). */
	public const PAGE_ADDRESSES = array(
		'home'       => '/',
		'contact-us' => '/contact-us',
	);

	/**
	 * The item's path on the site (`/about-us/news/some-slug`), or null when its type has no page on
	 * the site (frames, frame types, alerts, attachments, core pages...) or it has no slug yet.
	 * Status is not looked at: callers decide whether an unpublished item's address is wanted.
	 *
	 * @param \WP_Post    $post The item.
	 * @param string|null $slug The slug to use instead of the item's own (an old slug, a sample).
	 */
	public static function path( \WP_Post $post, ?string $slug = null ): ?string {
		$slug     = $slug ?? (string) $post->post_name;
		$restBase = ContentModel::restBaseFor( (string) $post->post_type );
		$path     = null;
		if ( '' !== $slug && null !== $restBase ) {
			if ( self::PAGE_BASE === $restBase ) {
				$path = self::PAGE_ADDRESSES[ $slug ] ?? '/' . self::segment( self::pageSection( $post ) ) . '/' . self::segment( $slug );
			} elseif ( isset( self::PREFIXES[ $restBase ] ) ) {
				$path = self::PREFIXES[ $restBase ] . '/' . self::segment( $slug );
			}
		}
		/**
		 * Filters an item's path on the site (null: the item has no page on the site).
		 *
		 * @param string|null $path The path, starting with `/`.
		 * @param \WP_Post    $post The item.
		 * @param string      $slug The slug the path was made with.
		 */
		$path = apply_filters( 'payments_headless_site_path', $path, $post, $slug );
		return is_string( $path ) && str_starts_with( $path, '/' ) ? $path : null;
	}

	/**
	 * The item's absolute address on the site (`HEADLESS_SITE_URL` + path), or null when the site's
	 * URL is not configured or the item has no path.
	 *
	 * @param \WP_Post    $post The item.
	 * @param string|null $slug The slug to use instead of the item's own.
	 */
	public static function url( \WP_Post $post, ?string $slug = null ): ?string {
		$site = Config::siteUrl();
		$path = null === $site ? null : self::path( $post, $slug );
		return null === $path ? null : $site . $path;
	}

	/** The site's home page (`HEADLESS_SITE_URL/`), or null when not configured. */
	public static function homeUrl(): ?string {
		$site = Config::siteUrl();
		return null === $site ? null : $site . '/';
	}

	/**
	 * `allowed_redirect_hosts`: the hosts `wp_safe_redirect()` may send a visitor to, besides
	 * WordPress's own: the site's (`HEADLESS_SITE_URL`: the front-end redirect, the preview
	 * redirect) and the uploads' (an attachment page redirects to its file). Nothing else: a
	 * redirect elsewhere falls back to WordPress's own address.
	 *
	 * @param mixed $hosts The hosts allowed so far.
	 * @return mixed
	 */
	public static function allowedRedirectHosts( mixed $hosts ): mixed {
		if ( ! is_array( $hosts ) ) {
			return $hosts;
		}
		$uploads = wp_get_upload_dir();
		foreach ( array( Config::siteUrl(), is_array( $uploads ) ? ( $uploads['baseurl'] ?? null ) : null ) as $url ) {
			$host = is_string( $url ) ? wp_parse_url( $url, PHP_URL_HOST ) : null;
			if ( is_string( $host ) && '' !== $host && ! in_array( strtolower( $host ), $hosts, true ) ) {
				$hosts[] = strtolower( $host );
			}
		}
		return $hosts;
	}

	/**
	 * A frame page's section: its `section` field, `pages` when unset. The one reading of the rule
	 * (the path here, the `fp-page-id` list, the webhook's items).
	 */
	public static function pageSection( \WP_Post $post ): string {
		$section = $post->ID > 0 ? get_post_meta( $post->ID, 'section', true ) : '';
		return is_string( $section ) && '' !== $section ? $section : self::DEFAULT_SECTION;
	}

	/**
	 * A slug as a path segment, as the site's `pathSegment`: WordPress stores non-ASCII slugs
	 * already percent-encoded, so `%` followed by two hex digits stays; any other character that may
	 * not stand in a path is encoded.
	 */
	private static function segment( string $slug ): string {
		$encoded = (string) preg_replace_callback(
			'/[^A-Za-z0-9%_.~-]/',
			static fn ( array $m ): string => rawurlencode( $m[0] ),
			$slug
		);
		return (string) preg_replace( '/%(?![0-9a-fA-F]{2})/', '%25', $encoded );
	}
}
