<?php

/**
 * The content model: the post types the site reads, at the REST bases it reads them.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * One table of content types. The site knows REST bases and id-list names only; the post type
 * names (`ph_*`) are this plugin's own and may change without the site noticing.
 */
final class ContentModel {

	/**
	 * REST base => definition. `name`: post type name; `idList`: the custom-api/v1 route;
	 * `public`: public and searchable; `rewrite`: permalink prefix; labels: names().
	 * Blogs are core `posts` (name `post`), listed so every reader can use one table.
	 */
	public const TYPES = array(
		'posts'          => array(
			'name'   => 'post',
			'idList' => 'post-id',
			'public' => true,
			'core'   => true,
		),
		'news'           => array(
			'name'    => 'ph_news',
			'idList'  => 'news-id',
			'public'  => true,
			'rewrite' => 'news',
			'icon'    => 'dashicons-megaphone',
		),
		'press-releases' => array(
			'name'    => 'ph_press_release',
			'idList'  => 'press-release-id',
			'public'  => true,
			'rewrite' => 'press-release',
			'icon'    => 'dashicons-media-text',
		),
		'whitepapers'    => array(
			'name'    => 'ph_whitepaper',
			'idList'  => 'whitepaper-id',
			'public'  => true,
			'rewrite' => 'whitepaper',
			'icon'    => 'dashicons-media-document',
		),
		'case-studies'   => array(
			'name'    => 'ph_case_study',
			'idList'  => 'case-study-id',
			'public'  => true,
			'rewrite' => 'case-study',
			'icon'    => 'dashicons-portfolio',
		),
		'insights'       => array(
			'name'    => 'ph_insight',
			'idList'  => 'insights-id',
			'public'  => true,
			'rewrite' => 'insights',
			'icon'    => 'dashicons-chart-line',
		),
		'events'         => array(
			'name'    => 'ph_event',
			'idList'  => 'events-id',
			'public'  => true,
			'rewrite' => 'events',
			'icon'    => 'dashicons-calendar-alt',
		),
		'virtual'        => array(
			'name'    => 'ph_virtual',
			'idList'  => 'virtual-id',
			'public'  => true,
			'rewrite' => 'virtual',
			'icon'    => 'dashicons-format-chat',
		),
		'fp_page'        => array(
			'name'    => 'ph_fp_page',
			'idList'  => 'fp-page-id',
			'public'  => true,
			'rewrite' => 'fp_page',
			'icon'    => 'dashicons-layout',
		),
		'frame'          => array(
			'name'   => 'ph_frame',
			'idList' => 'frame-id',
			'public' => false,
			'icon'   => 'dashicons-screenoptions',
		),
		'frame_type'     => array(
			'name'   => 'ph_frame_type',
			'idList' => null,
			'public' => false,
			'icon'   => 'dashicons-editor-table',
		),
		'alert'          => array(
			'name'   => 'ph_alert',
			'idList' => null,
			'public' => false,
			'icon'   => 'dashicons-warning',
		),
	);

	/**
	 * The page size of the plugin's own lists of items (the id lists, the webhook's lookups): every
	 * item is read, in pages of this many, so no query is unbounded however much content there is.
	 */
	public const QUERY_PAGE = 100;

	/**
	 * The REST base of the press releases' read-by-id alias (`/wp/v2/press-release/{id}`).
	 */
	public const PRESS_RELEASE_ALIAS = 'press-release';

	/**
	 * Each type's plural and singular name, translated (the wp-admin labels).
	 *
	 * @return array<string, array{0: string, 1: string}>
	 */
	public static function names(): array {
		return array(
			'news'           => array( __( 'News', 'payments-headless' ), __( 'News article', 'payments-headless' ) ),
			'press-releases' => array( __( 'Press releases', 'payments-headless' ), __( 'Press release', 'payments-headless' ) ),
			'whitepapers'    => array( __( 'White papers', 'payments-headless' ), __( 'White paper', 'payments-headless' ) ),
			'case-studies'   => array( __( 'Case studies', 'payments-headless' ), __( 'Case study', 'payments-headless' ) ),
			'insights'       => array( __( 'Insights', 'payments-headless' ), __( 'Insight', 'payments-headless' ) ),
			'events'         => array( __( 'Events', 'payments-headless' ), __( 'Event', 'payments-headless' ) ),
			'virtual'        => array( __( 'Partner interviews', 'payments-headless' ), __( 'Partner interview', 'payments-headless' ) ),
			'fp_page'        => array( __( 'Frame pages', 'payments-headless' ), __( 'Frame page', 'payments-headless' ) ),
			'frame'          => array( __( 'Frames', 'payments-headless' ), __( 'Frame', 'payments-headless' ) ),
			'frame_type'     => array( __( 'Frame types', 'payments-headless' ), __( 'Frame type', 'payments-headless' ) ),
			'alert'          => array( __( 'Alerts', 'payments-headless' ), __( 'Alert', 'payments-headless' ) ),
		);
	}

	/**
	 * Registers the plugin's post types (core `post` is left as it is).
	 */
	public static function registerPostTypes(): void {
		foreach ( self::TYPES as $restBase => $type ) {
			if ( ! empty( $type['core'] ) || post_type_exists( $type['name'] ) ) {
				continue;
			}
			register_post_type( $type['name'], self::postTypeArgs( $restBase, $type ) );
		}
	}

	/**
	 * The `register_post_type` arguments of one content type.
	 *
	 * @param string               $restBase The REST base.
	 * @param array<string, mixed> $type     The definition from TYPES.
	 * @return array<string, mixed>
	 */
	private static function postTypeArgs( string $restBase, array $type ): array {
		$public              = (bool) $type['public'];
		[$plural, $singular] = self::names()[ $restBase ];
		return array(
			'labels'                => array(
				'name'          => $plural,
				'singular_name' => $singular,
				/* translators: %s: a content type's singular name. */
				'add_new_item'  => sprintf( __( 'Add New %s', 'payments-headless' ), $singular ),
				/* translators: %s: a content type's singular name. */
				'edit_item'     => sprintf( __( 'Edit %s', 'payments-headless' ), $singular ),
				/* translators: %s: a content type's singular name. */
				'new_item'      => sprintf( __( 'New %s', 'payments-headless' ), $singular ),
				/* translators: %s: a content type's singular name. */
				'view_item'     => sprintf( __( 'View %s', 'payments-headless' ), $singular ),
				/* translators: %s: a content type's plural name. */
				'search_items'  => sprintf( __( 'Search %s', 'payments-headless' ), $plural ),
				/* translators: %s: a content type's plural name, in lower case. */
				'not_found'     => sprintf( __( 'No %s found.', 'payments-headless' ), strtolower( $plural ) ),
				/* translators: %s: a content type's plural name. */
				'all_items'     => sprintf( __( 'All %s', 'payments-headless' ), $plural ),
			),
			'public'                => $public,
			'publicly_queryable'    => $public,
			'exclude_from_search'   => ! $public,
			'show_in_nav_menus'     => $public,
			'show_ui'               => true,
			'show_in_menu'          => true,
			'menu_icon'             => $type['icon'],
			'has_archive'           => false,
			'hierarchical'          => false,
			'rewrite'               => $public ? array(
				'slug'       => $type['rewrite'],
				'with_front' => false,
			) : false,
			'query_var'             => $public,
			'capability_type'       => 'post',
			'map_meta_cap'          => true,
			'show_in_rest'          => true,
			'rest_base'             => $restBase,
			'rest_controller_class' => \WP_REST_Posts_Controller::class,
			// `editor` everywhere: REST serves `content` only for types that support it, and the site
			// reads `content` of every type (empty for frames, frame types and frame pages).
			'supports'              => array( 'title', 'editor', 'excerpt', 'thumbnail', 'revisions', 'custom-fields', 'author' ),
		);
	}

	/**
	 * The post type name served at a REST base, or null.
	 *
	 * @param string $restBase The REST base (`news`, `press-releases`, ...).
	 */
	public static function postTypeFor( string $restBase ): ?string {
		return self::TYPES[ $restBase ]['name'] ?? null;
	}

	/**
	 * The REST base of a post type whose items have a page on the site (`public`: not frames, frame
	 * types or alerts), or null. Such items are previewed and sent to the site by address.
	 *
	 * @param string $postType The post type name.
	 */
	public static function publicRestBaseFor( string $postType ): ?string {
		$restBase = self::restBaseFor( $postType );
		return null !== $restBase && ! empty( self::TYPES[ $restBase ]['public'] ) ? $restBase : null;
	}

	/**
	 * The REST base of a post type name, or null when the type is not one of the site's.
	 *
	 * @param string $postType The post type name.
	 */
	public static function restBaseFor( string $postType ): ?string {
		foreach ( self::TYPES as $restBase => $type ) {
			if ( $type['name'] === $postType ) {
				return $restBase;
			}
		}
		return null;
	}
}
