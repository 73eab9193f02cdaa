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
	 * `public`: public and searchable; `rewrite`: permalink prefix; `plural`/`singular`: labels.
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
			'name'     => 'ph_news',
			'idList'   => 'news-id',
			'public'   => true,
			'rewrite'  => 'news',
			'plural'   => 'News',
			'singular' => 'News article',
			'icon'     => 'dashicons-megaphone',
		),
		'press-releases' => array(
			'name'     => 'ph_press_release',
			'idList'   => 'press-release-id',
			'public'   => true,
			'rewrite'  => 'press-release',
			'plural'   => 'Press releases',
			'singular' => 'Press release',
			'icon'     => 'dashicons-media-text',
		),
		'whitepapers'    => array(
			'name'     => 'ph_whitepaper',
			'idList'   => 'whitepaper-id',
			'public'   => true,
			'rewrite'  => 'whitepaper',
			'plural'   => 'White papers',
			'singular' => 'White paper',
			'icon'     => 'dashicons-media-document',
		),
		'case-studies'   => array(
			'name'     => 'ph_case_study',
			'idList'   => 'case-study-id',
			'public'   => true,
			'rewrite'  => 'case-study',
			'plural'   => 'Case studies',
			'singular' => 'Case study',
			'icon'     => 'dashicons-portfolio',
		),
		'insights'       => array(
			'name'     => 'ph_insight',
			'idList'   => 'insights-id',
			'public'   => true,
			'rewrite'  => 'insights',
			'plural'   => 'Insights',
			'singular' => 'Insight',
			'icon'     => 'dashicons-chart-line',
		),
		'events'         => array(
			'name'     => 'ph_event',
			'idList'   => 'events-id',
			'public'   => true,
			'rewrite'  => 'events',
			'plural'   => 'Events',
			'singular' => 'Event',
			'icon'     => 'dashicons-calendar-alt',
		),
		'virtual'        => array(
			'name'     => 'ph_virtual',
			'idList'   => 'virtual-id',
			'public'   => true,
			'rewrite'  => 'virtual',
			'plural'   => 'Partner interviews',
			'singular' => 'Partner interview',
			'icon'     => 'dashicons-format-chat',
		),
		'fp_page'        => array(
			'name'     => 'ph_fp_page',
			'idList'   => 'fp-page-id',
			'public'   => true,
			'rewrite'  => 'fp_page',
			'plural'   => 'Frame pages',
			'singular' => 'Frame page',
			'icon'     => 'dashicons-layout',
		),
		'frame'          => array(
			'name'     => 'ph_frame',
			'idList'   => 'frame-id',
			'public'   => false,
			'plural'   => 'Frames',
			'singular' => 'Frame',
			'icon'     => 'dashicons-screenoptions',
		),
		'frame_type'     => array(
			'name'     => 'ph_frame_type',
			'idList'   => null,
			'public'   => false,
			'plural'   => 'Frame types',
			'singular' => 'Frame type',
			'icon'     => 'dashicons-editor-table',
		),
		'alert'          => array(
			'name'     => 'ph_alert',
			'idList'   => null,
			'public'   => false,
			'plural'   => 'Alerts',
			'singular' => 'Alert',
			'icon'     => 'dashicons-warning',
		),
	);

	/**
	 * The REST base of the press releases' read-by-id alias (`/wp/v2/press-release/{id}`).
	 */
	public const PRESS_RELEASE_ALIAS = 'press-release';

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
		$public = (bool) $type['public'];
		return array(
			'labels'                => array(
				'name'          => $type['plural'],
				'singular_name' => $type['singular'],
				'add_new_item'  => sprintf( 'Add New %s', $type['singular'] ),
				'edit_item'     => sprintf( 'Edit %s', $type['singular'] ),
				'new_item'      => sprintf( 'New %s', $type['singular'] ),
				'view_item'     => sprintf( 'View %s', $type['singular'] ),
				'search_items'  => sprintf( 'Search %s', $type['plural'] ),
				'not_found'     => sprintf( 'No %s found.', strtolower( $type['plural'] ) ),
				'all_items'     => sprintf( 'All %s', $type['plural'] ),
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
