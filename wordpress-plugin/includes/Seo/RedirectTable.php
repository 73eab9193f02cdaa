<?php

/**
 * The redirect table the site answers from (`GET /wp-json/custom-api/v1/redirects`, issue 33).
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Seo;

use PaymentsHeadless\ContentModel;
use PaymentsHeadless\RestReads;
use PaymentsHeadless\SiteRoutes;
use WP_Post;
use WP_REST_Response;
use WP_REST_Server;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * One table of every redirect the site must answer, in the order it tries them
 * (docs/seo-and-redirects.md §3): the Redirection plugin's rules, then Yoast Premium's redirects
 * (best effort), then the old slugs WordPress keeps (`_wp_old_slug`), each as
 * `{source, regex, ignore_case, ignore_trailing_slash, query, status, target, origin}`, and a
 * `version` (a hash of the list: equal tables, equal versions).
 *
 * Sources are site paths (the site's routes, SiteRoutes), never WordPress's permalinks. The table
 * is built on each read: one query for the old slugs (plus two to read the items and their fields,
 * and one for the addresses they may collide with), one for Redirection's rules. The site reads it
 * at start, every 5 minutes and when the webhook says `redirects: true`, not per visit, so no
 * cache is kept here: a cache would have to be cleared by every path that changes a slug, a
 * section or a rule, and a stale redirect table sends visitors to the wrong page.
 *
 * Public and read-only, like the id lists: every rule is visible on the site anyway.
 */
final class RedirectTable {

	/** The route, under RestReads::ID_NAMESPACE. */
	public const ROUTE = '/redirects';

	/** The meta key where WordPress keeps a published item's former slugs. */
	public const OLD_SLUG_META = '_wp_old_slug';

	/** Redirection's WordPress module (its Apache and Nginx modules write server files instead). */
	public const REDIRECTION_WORDPRESS_MODULE = 1;

	/** Statuses served with a target; Redirection's 303 is served as 302 (the same for GET), 304 is left out. */
	private const REDIRECT_STATUSES = array(
		301 => 301,
		302 => 302,
		303 => 302,
		307 => 307,
		308 => 308,
	);

	/** Statuses served without a target (Redirection's other error codes are left out). */
	private const ERROR_STATUSES = array( 404, 410 );

	/** Redirection's query flags → the table's (`exactorder`: the same query, in the same order). */
	private const QUERY_FLAGS = array(
		'exact'      => 'exact',
		'exactorder' => 'exact',
		'ignore'     => 'ignore',
		'pass'       => 'pass',
	);

	/**
	 * Hooks the route (called from Plugin::boot()).
	 */
	public static function register(): void {
		add_action( 'rest_api_init', array( self::class, 'registerRoute' ) );
	}

	/**
	 * Registers the public route (rest_api_init).
	 */
	public static function registerRoute(): void {
		register_rest_route(
			RestReads::ID_NAMESPACE,
			self::ROUTE,
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( self::class, 'read' ),
				'permission_callback' => '__return_true',
			)
		);
	}

	/**
	 * The route's answer.
	 */
	public static function read(): WP_REST_Response {
		return new WP_REST_Response( self::table(), 200 );
	}

	/**
	 * The whole table: `{version, redirects}`.
	 *
	 * @return array{version: string, redirects: list<array<string, mixed>>}
	 */
	public static function table(): array {
		$redirects = array_merge( self::redirectionRules(), self::yoastRedirects(), self::oldSlugs() );
		/**
		 * Filters the redirect table before its version is computed.
		 *
		 * @param list<array<string, mixed>> $redirects The rules, in the order the site tries them.
		 */
		$redirects = array_values( (array) apply_filters( 'payments_headless_redirects', $redirects ) );
		return array(
			'version'   => sha1( (string) wp_json_encode( $redirects ) ),
			'redirects' => $redirects,
		);
	}

	/* ---------------------------------------------------------------- old slugs */

	/**
	 * Every old slug of a published item of the site's types → its current site path, one hop
	 * (every old slug points at the current address, so A → B → C gives A → C and B → C).
	 *
	 * Left out: an old address that is now another published item's (that item wins, as on
	 * WordPress), one equal to the item's current address, and `/` (the home page is never
	 * redirected). Two items that once had the same address: the one modified last wins.
	 *
	 * @return list<array<string, mixed>>
	 */
	public static function oldSlugs(): array {
		global $wpdb;
		$types = self::siteTypes();
		if ( array() === $types ) {
			return array();
		}
		$in = implode( ',', array_fill( 0, count( $types ), '%s' ) );
		// One query: the old slugs of published items, the most recently modified items first. Not
		// cached: the site compares the table's version on every read, so it must be the database's
		// now (WordPress's own old-slug redirect queries the same meta uncached).
		// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- see above.
		// phpcs:disable WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $in is a list of %s placeholders, filled by prepare().
		$rows = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT p.ID AS id, m.meta_value AS slug FROM {$wpdb->postmeta} m
				INNER JOIN {$wpdb->posts} p ON p.ID = m.post_id
				WHERE m.meta_key = %s AND p.post_status = 'publish' AND p.post_type IN ({$in})
				ORDER BY p.post_modified_gmt DESC, p.ID DESC, m.meta_id ASC",
				array_merge( array( self::OLD_SLUG_META ), $types )
			),
			ARRAY_A
		);
		// phpcs:enable
		if ( ! is_array( $rows ) || array() === $rows ) {
			return array();
		}
		$ids = array_values( array_unique( array_map( static fn ( array $row ): int => (int) $row['id'], $rows ) ) );
		// The items and their fields (a frame page's section) in two queries, not two per item.
		_prime_post_caches( $ids, false, true );
		$oldSlugs  = array_values( array_unique( array_map( static fn ( array $row ): string => (string) $row['slug'], $rows ) ) );
		$taken     = self::currentPaths( $types, $oldSlugs );
		$redirects = array();
		foreach ( $rows as $row ) {
			$post = get_post( (int) $row['id'] );
			$slug = (string) $row['slug'];
			if ( ! $post instanceof WP_Post || '' === $slug ) {
				continue;
			}
			$source = SiteRoutes::path( $post, $slug );
			$target = SiteRoutes::path( $post );
			if ( null === $source || null === $target || '/' === $source || $source === $target ) {
				continue;
			}
			if ( isset( $taken[ $source ] ) || isset( $redirects[ $source ] ) ) {
				continue;
			}
			$redirects[ $source ] = self::rule( $source, false, false, true, 'pass', 301, $target, 'old_slug' );
		}
		return array_values( $redirects );
	}

	/**
	 * The current site paths of the published items whose slug is one of these (the addresses an
	 * old slug may now belong to): one query, plus the fields of those items.
	 *
	 * @param list<string> $types    Post type names.
	 * @param list<string> $slugs    Slugs.
	 * @return array<string, true>
	 */
	private static function currentPaths( array $types, array $slugs ): array {
		global $wpdb;
		$paths = array();
		foreach ( array_chunk( $slugs, 500 ) as $chunk ) {
			$typesIn = implode( ',', array_fill( 0, count( $types ), '%s' ) );
			$slugsIn = implode( ',', array_fill( 0, count( $chunk ), '%s' ) );
			// Not cached, as oldSlugs(). $typesIn and $slugsIn are lists of %s placeholders, filled by prepare().
			// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- see above.
			$ids = $wpdb->get_col(
				$wpdb->prepare(
					"SELECT ID FROM {$wpdb->posts} WHERE post_status = 'publish' AND post_type IN ({$typesIn}) AND post_name IN ({$slugsIn})",
					array_merge( $types, $chunk )
				)
			);
			// phpcs:enable
			$ids = array_map( 'intval', (array) $ids );
			_prime_post_caches( $ids, false, true );
			foreach ( $ids as $id ) {
				$post = get_post( $id );
				$path = $post instanceof WP_Post ? SiteRoutes::path( $post ) : null;
				if ( null !== $path ) {
					$paths[ $path ] = true;
				}
			}
		}
		return $paths;
	}

	/**
	 * Post type names of the site's items with a page of their own.
	 *
	 * @return list<string>
	 */
	private static function siteTypes(): array {
		$types = array();
		foreach ( ContentModel::TYPES as $restBase => $type ) {
			if ( ! empty( $type['public'] ) && null !== ContentModel::publicRestBaseFor( $type['name'] ) ) {
				$types[] = (string) $type['name'];
			}
		}
		return $types;
	}

	/* ---------------------------------------------------------------- Redirection */

	/**
	 * Whether the Redirection plugin is active with its tables installed (a deactivated plugin's
	 * rules are not served: WordPress would not serve them either).
	 */
	public static function redirectionActive(): bool {
		$active = function_exists( 'red_get_options' ) && defined( 'REDIRECTION_DB_VERSION' );
		if ( $active ) {
			$options = red_get_options();
			$active  = is_array( $options ) && ! empty( $options['database'] );
		}
		/**
		 * Whether the Redirection plugin's rules are read.
		 *
		 * @param bool $active Active and installed.
		 */
		return (bool) apply_filters( 'payments_headless_redirection_active', $active );
	}

	/**
	 * The Redirection plugin's rules the site can answer: enabled rules in enabled groups of its
	 * WordPress module, matching on the URL only, redirecting (301/302/303/307/308) or answering an
	 * error (404/410); in Redirection's order (position, then id). One query.
	 *
	 * @return list<array<string, mixed>>
	 */
	public static function redirectionRules(): array {
		global $wpdb;
		if ( ! self::redirectionActive() ) {
			return array();
		}
		$items      = $wpdb->prefix . 'redirection_items';
		$groups     = $wpdb->prefix . 'redirection_groups';
		$suppressed = $wpdb->suppress_errors( true );
		// Redirection's own tables, which have no API to read them all: not cached, as oldSlugs().
		// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- see above.
		// phpcs:disable WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $items and $groups are table names ($wpdb->prefix and constants).
		$rows = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT i.id, i.url, i.match_data, i.regex, i.action_type, i.action_code, i.action_data
				FROM {$items} i INNER JOIN {$groups} g ON g.id = i.group_id
				WHERE i.status = 'enabled' AND g.status = 'enabled' AND g.module_id = %d
				AND i.match_type = 'url' AND i.action_type IN ('url', 'error')
				ORDER BY i.position ASC, i.id ASC",
				self::REDIRECTION_WORDPRESS_MODULE
			),
			ARRAY_A
		);
		// phpcs:enable
		$wpdb->suppress_errors( $suppressed );
		if ( ! is_array( $rows ) ) {
			return array();
		}
		$defaults = self::redirectionDefaultFlags();
		$rules    = array();
		foreach ( $rows as $row ) {
			$rule = self::redirectionRule( $row, $defaults );
			if ( null !== $rule ) {
				$rules[] = $rule;
			}
		}
		return $rules;
	}

	/**
	 * One of Redirection's rows as a rule of the table, or null when the site cannot serve it.
	 *
	 * @param array<string, mixed>                                              $row      The row.
	 * @param array{flag_query: string, flag_case: bool, flag_trailing: bool} $defaults Its defaults.
	 * @return array<string, mixed>|null
	 */
	private static function redirectionRule( array $row, array $defaults ): ?array {
		$source = trim( (string) $row['url'] );
		if ( '' === $source ) {
			return null;
		}
		// Redirection's own reading (Red_Item::load_source()): the flags the rule saved, over its
		// settings' defaults (a rule saves only the flags that differ from the defaults of the time).
		$flags = $defaults + array( 'flag_regex' => 1 === (int) $row['regex'] );
		$json  = is_string( $row['match_data'] ) && '' !== $row['match_data'] ? json_decode( $row['match_data'], true ) : null;
		if ( is_array( $json ) && isset( $json['source'] ) && is_array( $json['source'] ) ) {
			foreach ( array( 'flag_query', 'flag_case', 'flag_trailing', 'flag_regex' ) as $key ) {
				if ( array_key_exists( $key, $json['source'] ) ) {
					$flags[ $key ] = $json['source'][ $key ];
				}
			}
		}
		$regex = true === $flags['flag_regex'];
		$query = self::QUERY_FLAGS[ (string) $flags['flag_query'] ] ?? 'exact';
		if ( $regex ) {
			// Redirection matches a regex against the path and query, and keeps no other query rule.
			$query = 'exact';
			// An editor's regex may not compile: false is the check, PHP's warning is expected.
			if ( false === @preg_match( '@' . str_replace( '@', '\\@', rawurldecode( $source ) ) . '@s', '' ) ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- see above.
				return null;
			}
		} elseif ( ! str_starts_with( $source, '/' ) ) {
			return null;
		}
		$code = (int) $row['action_code'];
		if ( 'url' === $row['action_type'] ) {
			$target = trim( (string) $row['action_data'] );
			if ( ! isset( self::REDIRECT_STATUSES[ $code ] ) || '' === $target ) {
				return null;
			}
			$status = self::REDIRECT_STATUSES[ $code ];
		} else {
			if ( ! in_array( $code, self::ERROR_STATUSES, true ) ) {
				return null;
			}
			$status = $code;
			$target = null;
		}
		return self::rule(
			$source,
			$regex,
			true === $flags['flag_case'],
			true === $flags['flag_trailing'],
			$query,
			$status,
			$target,
			'redirection'
		);
	}

	/**
	 * Redirection's default flags (its settings: a fresh install ignores case and trailing
	 * slashes), as booleans and a query flag.
	 *
	 * @return array{flag_query: string, flag_case: bool, flag_trailing: bool}
	 */
	private static function redirectionDefaultFlags(): array {
		$options = function_exists( 'red_get_options' ) ? red_get_options() : array();
		$options = is_array( $options ) ? $options : array();
		return array(
			'flag_query'    => isset( $options['flag_query'] ) && is_string( $options['flag_query'] ) ? $options['flag_query'] : 'exact',
			'flag_case'     => ! empty( $options['flag_case'] ),
			'flag_trailing' => ! empty( $options['flag_trailing'] ),
		);
	}

	/* ---------------------------------------------------------------- Yoast Premium */

	/**
	 * Whether Yoast SEO Premium is active (its redirect manager is Premium only).
	 */
	public static function yoastPremiumActive(): bool {
		$active = defined( 'WPSEO_PREMIUM_FILE' ) || defined( 'WPSEO_PREMIUM_VERSION' ) || class_exists( 'WPSEO_Premium' );
		/**
		 * Whether Yoast SEO Premium's redirects are read.
		 *
		 * @param bool $active Yoast Premium is active.
		 */
		return (bool) apply_filters( 'payments_headless_yoast_redirects_active', $active );
	}

	/**
	 * Yoast Premium's redirects, BEST EFFORT: Premium is not available to test against here, so
	 * this reads the options its redirect manager is documented to keep (`wpseo-premium-redirects-base`:
	 * a list of `{origin, url, type, format}`; older versions only the exports
	 * `wpseo-premium-redirects-export-plain` / `-regex`: `origin => {url, type}`). Yoast's origins
	 * have no leading slash; plain ones become site paths. Its matching details (case, query) are
	 * not all known: plain rules ignore the trailing slash and the query, regex rules are
	 * case-insensitive and matched against the path with its slash.
	 *
	 * @return list<array<string, mixed>>
	 */
	public static function yoastRedirects(): array {
		if ( ! self::yoastPremiumActive() ) {
			return array();
		}
		$entries = array();
		$base    = get_option( 'wpseo-premium-redirects-base', null );
		if ( is_array( $base ) ) {
			foreach ( $base as $entry ) {
				if ( is_array( $entry ) ) {
					$entries[] = $entry;
				}
			}
		} else {
			foreach ( array( 'plain', 'regex' ) as $format ) {
				$export = get_option( 'wpseo-premium-redirects-export-' . $format, null );
				foreach ( is_array( $export ) ? $export : array() as $origin => $entry ) {
					if ( is_array( $entry ) ) {
						$entries[] = array(
							'origin' => (string) $origin,
							'format' => $format,
						) + $entry;
					}
				}
			}
		}
		$rules = array();
		foreach ( $entries as $entry ) {
			$rule = self::yoastRule( $entry );
			if ( null !== $rule ) {
				$rules[] = $rule;
			}
		}
		return $rules;
	}

	/**
	 * One Yoast redirect as a rule, or null.
	 *
	 * @param array<string, mixed> $entry `{origin, url, type, format}`.
	 * @return array<string, mixed>|null
	 */
	private static function yoastRule( array $entry ): ?array {
		$origin = trim( (string) ( $entry['origin'] ?? '' ) );
		$code   = (int) ( $entry['type'] ?? 301 );
		$regex  = 'regex' === ( $entry['format'] ?? 'plain' );
		if ( '' === $origin ) {
			return null;
		}
		if ( isset( self::REDIRECT_STATUSES[ $code ] ) ) {
			$status = self::REDIRECT_STATUSES[ $code ];
			$target = trim( (string) ( $entry['url'] ?? '' ) );
			if ( '' === $target ) {
				return null;
			}
			// Yoast keeps relative targets without their slash too.
			if ( ! $regex && ! preg_match( '#^(/|[a-z][a-z0-9+.-]*:)#i', $target ) ) {
				$target = '/' . $target;
			}
		} elseif ( in_array( $code, self::ERROR_STATUSES, true ) || 451 === $code ) {
			// 451 (unavailable for legal reasons) is served as 410: gone from the site.
			$status = 451 === $code ? 410 : $code;
			$target = null;
		} else {
			return null;
		}
		if ( $regex ) {
			// Yoast matches against the path without its leading slash: anchor it after the slash.
			$source = str_starts_with( $origin, '^' ) && ! str_starts_with( $origin, '^/' ) ? '^/' . substr( $origin, 1 ) : $origin;
			// An editor's regex may not compile: false is the check, PHP's warning is expected.
			if ( false === @preg_match( '@' . str_replace( '@', '\\@', $source ) . '@s', '' ) ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- see above.
				return null;
			}
			return self::rule( $source, true, true, false, 'exact', $status, $target, 'yoast' );
		}
		$source = '/' . ltrim( $origin, '/' );
		return self::rule( $source, false, false, true, str_contains( $source, '?' ) ? 'exact' : 'ignore', $status, $target, 'yoast' );
	}

	/* ---------------------------------------------------------------- shape */

	/**
	 * One rule of the table, every key always present.
	 *
	 * @return array{source: string, regex: bool, ignore_case: bool, ignore_trailing_slash: bool, query: string,
	 *               status: int, target: string|null, origin: string}
	 */
	private static function rule(
		string $source,
		bool $regex,
		bool $ignoreCase,
		bool $ignoreTrailingSlash,
		string $query,
		int $status,
		?string $target,
		string $origin
	): array {
		return array(
			'source'                => $source,
			'regex'                 => $regex,
			'ignore_case'           => $ignoreCase,
			'ignore_trailing_slash' => $ignoreTrailingSlash,
			'query'                 => $query,
			'status'                => $status,
			'target'                => $target,
			'origin'                => $origin,
		);
	}
}
