<?php

/**
 * The REST reads WordPress lacks: the custom-api/v1 id lists, the press releases' by-id alias, the
 * flat classic menu at /wp/v2/navigation/{id}, and the `meta_query` filter on alerts.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless;

use WP_Error;
use WP_Post;
use WP_Query;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Public, read-only routes. Every read lists published items only.
 */
final class RestReads {

	/** The namespace of the id lists. */
	public const ID_NAMESPACE = 'custom-api/v1';

	/** The meta keys an alert `meta_query` may name. */
	public const ALERT_META_KEYS = array( 'alert_type', 'enable' );

	/** The comparisons an alert `meta_query` may use. */
	public const ALERT_COMPARES = array( '=', '!=', '>', '>=', '<', '<=', 'LIKE', 'NOT LIKE', 'IN', 'NOT IN', 'EXISTS', 'NOT EXISTS' );

	/** The most clauses one `meta_query` group may have, and the deepest nesting of groups. */
	public const MAX_CLAUSES = 10;
	public const MAX_DEPTH   = 3;

	/**
	 * Registers the id lists and the press releases' alias (rest_api_init, default priority).
	 */
	public static function registerRoutes(): void {
		foreach ( ContentModel::TYPES as $restBase => $type ) {
			if ( null === $type['idList'] ) {
				continue;
			}
			register_rest_route(
				self::ID_NAMESPACE,
				'/' . $type['idList'],
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => static fn ( WP_REST_Request $request ): WP_REST_Response =>
						self::idList( $request, $restBase ),
					'permission_callback' => '__return_true',
				)
			);
		}
		self::registerPressReleaseAlias();
	}

	/**
	 * `/wp/v2/press-release/{id}` answers exactly what `/wp/v2/press-releases/{id}` answers: same
	 * controller, same permission check, same arguments.
	 */
	private static function registerPressReleaseAlias(): void {
		$postType   = get_post_type_object( (string) ContentModel::postTypeFor( 'press-releases' ) );
		$controller = $postType?->get_rest_controller();
		if ( ! $controller instanceof \WP_REST_Posts_Controller ) {
			return;
		}
		register_rest_route(
			'wp/v2',
			'/' . ContentModel::PRESS_RELEASE_ALIAS . '/(?P<id>[\d]+)',
			array(
				'args'   => array(
					'id' => array(
						'description' => 'Unique identifier for the post.',
						'type'        => 'integer',
					),
				),
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $controller, 'get_item' ),
					'permission_callback' => array( $controller, 'get_item_permissions_check' ),
					'args'                => array(
						'context'  => $controller->get_context_param( array( 'default' => 'view' ) ),
						'password' => array(
							'description' => 'The password for the post if it is password protected.',
							'type'        => 'string',
						),
					),
				),
				'schema' => array( $controller, 'get_public_item_schema' ),
			)
		);
	}

	/**
	 * An id list: `[{id, slug, title}]` of published items, newest first, the title as stored;
	 * `post-id?sticky=true` lists sticky posts only; `fp-page-id` adds each page's section.
	 *
	 * @param WP_REST_Request $request  The request.
	 * @param string          $restBase The REST base listed.
	 */
	public static function idList( WP_REST_Request $request, string $restBase ): WP_REST_Response {
		$args = array(
			'post_type'              => ContentModel::postTypeFor( $restBase ),
			'post_status'            => 'publish',
			// Every item, read in bounded pages (below): a public route never runs one unbounded query.
			'posts_per_page'         => ContentModel::QUERY_PAGE,
			// A total order, so that no item is skipped or repeated between pages.
			'orderby'                => array(
				'date' => 'DESC',
				'ID'   => 'DESC',
			),
			'ignore_sticky_posts'    => true,
			'no_found_rows'          => true,
			'update_post_term_cache' => false,
			'update_post_meta_cache' => 'fp_page' === $restBase,
		);
		if ( 'posts' === $restBase && in_array( $request->get_param( 'sticky' ), array( 'true', '1' ), true ) ) {
			$sticky = array_map( 'intval', (array) get_option( 'sticky_posts', array() ) );
			if ( array() === $sticky ) {
				return new WP_REST_Response( array(), 200 );
			}
			$args['post__in'] = $sticky;
		}
		$records = array();
		// Issue 33: the SEO source says what the sitemap leaves out (docs/seo-and-redirects.md §1 "In the id lists").
		$source = in_array( $restBase, Seo\SeoRoutes::restBases(), true ) ? Seo\SeoRoutes::source() : null;
		if ( null !== $source ) {
			$args['update_post_meta_cache'] = true;
		}
		for ( $page = 1; ; ++$page ) {
			$args['paged'] = $page;
			$posts         = ( new WP_Query( $args ) )->posts;
			foreach ( $posts as $post ) {
				if ( ! $post instanceof WP_Post ) {
					continue;
				}
				$record = array(
					'id'    => $post->ID,
					'slug'  => $post->post_name,
					'title' => $post->post_title,
				);
				if ( 'fp_page' === $restBase ) {
					$record['section'] = SiteRoutes::pageSection( $post );
				}
				$records[] = array_merge( $record, self::indexing( $post, $source ) );
			}
			if ( count( $posts ) < ContentModel::QUERY_PAGE ) {
				return new WP_REST_Response( $records, 200 );
			}
		}
	}

	/**
	 * What an id-list record says for the sitemap (issue 33): `noindex` when the item's SEO object
	 * keeps it out of search engines, `canonical` when its canonical is another address than its own
	 * (its site address or WordPress's permalink). The same SEO object as the item's `seo` field, so
	 * the two never disagree. Nothing for types without a page on the site (frames).
	 *
	 * @param WP_Post             $post   The item.
	 * @param Seo\SeoSource|null $source The active SEO source, or null for such types.
	 * @return array{noindex?: bool, canonical?: string|null}
	 */
	private static function indexing( WP_Post $post, ?Seo\SeoSource $source ): array {
		if ( null === $source ) {
			return array();
		}
		$seo       = $source->forPost( $post );
		$canonical = is_string( $seo['canonical'] ?? null ) ? $seo['canonical'] : null;
		$own       = array_filter( array( SiteRoutes::url( $post ), get_permalink( $post ), SiteLinks::wordpressPermalink( $post ) ), 'is_string' );
		$bare      = static fn ( string $url ): string => untrailingslashit( $url );
		if ( null !== $canonical && in_array( $bare( $canonical ), array_map( $bare, $own ), true ) ) {
			$canonical = null;
		}
		return array(
			'noindex'   => false === ( $seo['robots']['index'] ?? true ),
			'canonical' => $canonical,
		);
	}

	/**
	 * Takes over core's `wp_navigation` item route (core registers it at priority 99).
	 */
	public static function registerNavigationRoute(): void {
		register_rest_route(
			'wp/v2',
			'/navigation/(?P<id>[\d]+)',
			array(
				'args' => array(
					'id' => array(
						'description' => 'The navigation id (a classic menu, see Settings).',
						'type'        => 'integer',
					),
				),
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( self::class, 'navigation' ),
					'permission_callback' => '__return_true',
				),
			),
			true
		);
	}

	/**
	 * A classic menu's items, flat, in menu order. Items linking to content that is not published
	 * (and their sub-items) are left out.
	 *
	 * @param WP_REST_Request $request The request.
	 */
	public static function navigation( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$menuId = NavigationSettings::menuFor( (int) $request['id'] );
		$menu   = $menuId > 0 ? wp_get_nav_menu_object( $menuId ) : false;
		if ( ! $menu ) {
			// phpcs:ignore WordPress.WP.I18n.MissingArgDomain -- core's own message, in core's domain, as core's routes answer it.
			return new WP_Error( 'rest_post_invalid_id', __( 'Invalid post ID.' ), array( 'status' => 404 ) );
		}
		$items = wp_get_nav_menu_items( $menu->term_id, array( 'update_post_term_cache' => false ) );
		$items = is_array( $items ) ? $items : array();

		$hidden = array();
		foreach ( $items as $item ) {
			if ( ! empty( $item->_invalid ) || ! self::linksToPublished( $item ) ) {
				$hidden[ (string) $item->ID ] = true;
			}
		}
		// Sub-items of a hidden item go too, however deep.
		do {
			$added = false;
			foreach ( $items as $item ) {
				if ( ! isset( $hidden[ (string) $item->ID ] ) && isset( $hidden[ (string) $item->menu_item_parent ] ) ) {
					$hidden[ (string) $item->ID ] = true;
					$added                        = true;
				}
			}
		} while ( $added );

		$data = array();
		foreach ( $items as $item ) {
			if ( ! isset( $hidden[ (string) $item->ID ] ) ) {
				$data[] = self::menuItem( $item );
			}
		}
		usort( $data, static fn ( array $a, array $b ): int => $a['menu_order'] <=> $b['menu_order'] );
		return new WP_REST_Response( $data, 200 );
	}

	/**
	 * Whether a menu item's target may be shown publicly (links to posts: only published ones).
	 *
	 * @param object $item A menu item from wp_get_nav_menu_items().
	 */
	private static function linksToPublished( object $item ): bool {
		if ( 'post_type' !== $item->type ) {
			return true;
		}
		return 'publish' === get_post_status( (int) $item->object_id );
	}

	/**
	 * One menu item in the shape the site reads (ids as integers, parent and object id as strings).
	 *
	 * @param object $item A menu item from wp_get_nav_menu_items().
	 * @return array<string, mixed>
	 */
	private static function menuItem( object $item ): array {
		return array(
			'ID'               => (int) $item->ID,
			'db_id'            => (int) $item->db_id,
			'menu_item_parent' => (string) $item->menu_item_parent,
			'menu_order'       => (int) $item->menu_order,
			'object'           => (string) $item->object,
			'object_id'        => (string) $item->object_id,
			'type'             => (string) $item->type,
			'type_label'       => (string) $item->type_label,
			'ui_type'          => 'link',
			'title'            => (string) $item->title,
			'url'              => (string) $item->url,
			'target'           => (string) $item->target,
			'attr_title'       => (string) $item->attr_title,
			'description'      => (string) $item->description,
			'classes'          => array_values( array_map( 'strval', (array) $item->classes ) ),
			'xfn'              => (string) $item->xfn,
		);
	}

	/**
	 * Hooks the alert collection: a registered `meta_query` argument (so a bad one answers 400
	 * `rest_invalid_param` before any query) passed on to WP_Query.
	 */
	public static function registerAlertQueryFilters(): void {
		$postType = ContentModel::postTypeFor( 'alert' );
		add_filter( "rest_{$postType}_collection_params", array( self::class, 'alertCollectionParams' ) );
		add_filter( "rest_{$postType}_query", array( self::class, 'alertQuery' ), 10, 2 );
	}

	/**
	 * Adds `meta_query` to the alert collection's arguments.
	 *
	 * @param array<string, mixed> $params The collection's arguments.
	 * @return array<string, mixed>
	 */
	public static function alertCollectionParams( array $params ): array {
		$params['meta_query'] = array(
			'description'       => sprintf(
				'Filter by custom fields (%s) with WP_Meta_Query clauses; relation AND or OR.',
				implode( ', ', self::ALERT_META_KEYS )
			),
			'type'              => 'object',
			'validate_callback' => static function ( $value ): bool|WP_Error {
				$clean = self::cleanMetaQuery( $value );
				return is_wp_error( $clean ) ? $clean : true;
			},
			'sanitize_callback' => array( self::class, 'cleanMetaQuery' ),
		);
		return $params;
	}

	/**
	 * Passes the cleaned `meta_query` to WP_Query.
	 *
	 * @param array<string, mixed> $args    WP_Query arguments.
	 * @param WP_REST_Request      $request The request.
	 * @return array<string, mixed>
	 */
	public static function alertQuery( array $args, WP_REST_Request $request ): array {
		$metaQuery = $request->get_param( 'meta_query' );
		if ( is_array( $metaQuery ) && array() !== $metaQuery ) {
			$args['meta_query'] = $metaQuery; // The point of the filter (validated by the route's schema).
		}
		return $args;
	}

	/**
	 * A `meta_query` reduced to allow-listed keys and comparisons, or a 400 error.
	 *
	 * Accepts a group (`relation` plus numbered clauses or nested groups) or a single clause
	 * (`key`, `value`, `compare`) at the top level.
	 *
	 * @param mixed $value The request's `meta_query`.
	 * @return array<int|string, mixed>|WP_Error
	 */
	public static function cleanMetaQuery( mixed $value ): array|WP_Error {
		if ( ! is_array( $value ) ) {
			return self::invalidMetaQuery( 'meta_query must be an object of clauses.' );
		}
		if ( self::isClause( $value ) ) {
			$clause = self::cleanClause( $value );
			return is_wp_error( $clause ) ? $clause : array(
				'relation' => 'AND',
				$clause,
			);
		}
		return self::cleanGroup( $value, 1 );
	}

	/**
	 * Whether an array is a first-order clause rather than a group.
	 *
	 * @param array<int|string, mixed> $value The array.
	 */
	private static function isClause( array $value ): bool {
		return isset( $value['key'] ) || isset( $value['value'] ) || isset( $value['compare'] );
	}

	/**
	 * A group of clauses, cleaned.
	 *
	 * @param array<int|string, mixed> $group The group.
	 * @param int                      $depth Its depth (1 at the top).
	 * @return array<int|string, mixed>|WP_Error
	 */
	private static function cleanGroup( array $group, int $depth ): array|WP_Error {
		if ( $depth > self::MAX_DEPTH ) {
			return self::invalidMetaQuery( sprintf( 'meta_query may nest at most %d levels.', self::MAX_DEPTH ) );
		}
		$relation = 'AND';
		$clauses  = array();
		foreach ( $group as $name => $entry ) {
			if ( 'relation' === $name ) {
				$relation = is_string( $entry ) ? strtoupper( trim( $entry ) ) : '';
				if ( ! in_array( $relation, array( 'AND', 'OR' ), true ) ) {
					return self::invalidMetaQuery( 'meta_query relation must be AND or OR.' );
				}
				continue;
			}
			if ( ! is_int( $name ) && ! ctype_digit( (string) $name ) ) {
				return self::invalidMetaQuery( 'meta_query entries must be numbered clauses.' );
			}
			if ( ! is_array( $entry ) ) {
				return self::invalidMetaQuery( 'meta_query clauses must be objects.' );
			}
			$clean = self::isClause( $entry ) ? self::cleanClause( $entry ) : self::cleanGroup( $entry, $depth + 1 );
			if ( is_wp_error( $clean ) ) {
				return $clean;
			}
			$clauses[] = $clean;
		}
		if ( array() === $clauses ) {
			return self::invalidMetaQuery( 'meta_query needs at least one clause.' );
		}
		if ( count( $clauses ) > self::MAX_CLAUSES ) {
			return self::invalidMetaQuery( sprintf( 'meta_query may have at most %d clauses per group.', self::MAX_CLAUSES ) );
		}
		return array_merge( array( 'relation' => $relation ), $clauses );
	}

	/**
	 * One clause, cleaned: an allow-listed key, an allow-listed comparison, a string value (a list
	 * for IN and NOT IN, none for EXISTS and NOT EXISTS).
	 *
	 * @param array<int|string, mixed> $clause The clause.
	 * @return array<string, mixed>|WP_Error
	 */
	private static function cleanClause( array $clause ): array|WP_Error {
		$unknown = array_diff( array_map( 'strval', array_keys( $clause ) ), array( 'key', 'value', 'compare' ) );
		if ( array() !== $unknown ) {
			return self::invalidMetaQuery( 'meta_query clauses may only have key, value and compare.' );
		}
		$key = $clause['key'] ?? null;
		if ( ! is_string( $key ) || ! in_array( $key, self::ALERT_META_KEYS, true ) ) {
			return self::invalidMetaQuery( sprintf( 'meta_query key must be one of: %s.', implode( ', ', self::ALERT_META_KEYS ) ) );
		}
		$value   = $clause['value'] ?? null;
		$compare = $clause['compare'] ?? ( is_array( $value ) ? 'IN' : '=' );
		$compare = is_string( $compare ) ? strtoupper( trim( $compare ) ) : '';
		if ( ! in_array( $compare, self::ALERT_COMPARES, true ) ) {
			return self::invalidMetaQuery( sprintf( 'meta_query compare must be one of: %s.', implode( ', ', self::ALERT_COMPARES ) ) );
		}
		$clean = array(
			'key'     => $key,
			'compare' => $compare,
		);
		if ( in_array( $compare, array( 'EXISTS', 'NOT EXISTS' ), true ) ) {
			return $clean;
		}
		if ( in_array( $compare, array( 'IN', 'NOT IN' ), true ) ) {
			$list = is_array( $value ) ? array_values( $value ) : ( is_string( $value ) ? explode( ',', $value ) : null );
			if ( null === $list || array() === $list || count( $list ) > self::MAX_CLAUSES ) {
				return self::invalidMetaQuery( 'meta_query IN and NOT IN need a list of values.' );
			}
			foreach ( $list as $item ) {
				if ( ! is_string( $item ) && ! is_int( $item ) ) {
					return self::invalidMetaQuery( 'meta_query values must be strings.' );
				}
			}
			$clean['value'] = array_map( static fn ( $item ): string => trim( (string) $item ), $list );
			return $clean;
		}
		if ( ! is_string( $value ) && ! is_int( $value ) ) {
			return self::invalidMetaQuery( 'meta_query value must be a string.' );
		}
		$clean['value'] = (string) $value;
		return $clean;
	}

	/**
	 * A 400 `rest_invalid_param` error about `meta_query`.
	 *
	 * @param string $message What is wrong.
	 */
	private static function invalidMetaQuery( string $message ): WP_Error {
		return new WP_Error( 'rest_invalid_param', $message, array( 'status' => 400 ) );
	}
}
