<?php

/**
 * The site's authenticated preview read (issue 11, contract C):
 * `GET /wp-json/custom-api/v1/preview/{rest_base}/{id}?user={user_id}`.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless;

use WP_Error;
use WP_Post;
use WP_REST_Posts_Controller;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Answers an item exactly as `/wp/v2/{rest_base}/{id}` answers it in `view` context (the post
 * type's own controller prepares it: same fields, `acf`, `_links`; the REST server embeds for
 * `_embed`), in any status but trash and auto-draft, with the title, content and excerpt of the
 * given user's latest autosave when that autosave is newer than the item. Permission: the
 * capability `payments_headless_read_previews` (role `headless_previewer`).
 */
final class PreviewRead {

	/** The route, under RestReads::ID_NAMESPACE. */
	public const ROUTE = '/preview/(?P<rest_base>[a-z0-9_-]+)/(?P<id>[\d]+)';

	/**
	 * Registers the route (rest_api_init).
	 */
	public static function registerRoute(): void {
		register_rest_route(
			RestReads::ID_NAMESPACE,
			self::ROUTE,
			array(
				'args' => array(
					'rest_base' => array(
						'description' => 'The REST base of the item (news, fp_page, press-release...).',
						'type'        => 'string',
					),
					'id'        => array(
						'description' => 'Unique identifier for the post.',
						'type'        => 'integer',
					),
				),
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( self::class, 'read' ),
					'permission_callback' => array( self::class, 'permission' ),
					'args'                => array(
						'user' => array(
							'description' => 'The previewing user: their latest autosave, when newer, replaces title, content and excerpt.',
							'type'        => 'integer',
							'minimum'     => 1,
						),
					),
				),
			)
		);
	}

	/**
	 * The capability check: 401 when nobody is logged in, 403 for a user without the capability.
	 */
	public static function permission(): bool|WP_Error {
		if ( current_user_can( PreviewRole::CAPABILITY ) ) {
			return true;
		}
		return new WP_Error(
			'rest_forbidden',
			__( 'Sorry, you are not allowed to do that.' ), // phpcs:ignore WordPress.WP.I18n.MissingArgDomain -- core's own message, in core's domain, as core's routes answer it.
			array( 'status' => rest_authorization_required_code() )
		);
	}

	/**
	 * The post type name served at a base of this route: every collection base of the content
	 * model, and the press releases' by-id alias `press-release`.
	 *
	 * @param string $restBase The base in the route.
	 */
	public static function postTypeFor( string $restBase ): ?string {
		if ( ContentModel::PRESS_RELEASE_ALIAS === $restBase ) {
			$restBase = 'press-releases';
		}
		return ContentModel::postTypeFor( $restBase );
	}

	/**
	 * The item as `/wp/v2/{rest_base}/{id}` would answer it in view context, autosave applied.
	 *
	 * @param WP_REST_Request $request The request.
	 */
	public static function read( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		// phpcs:ignore WordPress.WP.I18n.MissingArgDomain -- core's own message, in core's domain, as core's posts controller answers it.
		$notFound = new WP_Error( 'rest_post_invalid_id', __( 'Invalid post ID.' ), array( 'status' => 404 ) );
		$postType = self::postTypeFor( (string) $request['rest_base'] );
		$post     = get_post( (int) $request['id'] );
		if (
			null === $postType || ! $post instanceof WP_Post || $post->post_type !== $postType
			|| in_array( $post->post_status, array( 'trash', 'auto-draft' ), true )
		) {
			return $notFound;
		}
		$controller = get_post_type_object( $postType )?->get_rest_controller();
		if ( ! $controller instanceof WP_REST_Posts_Controller ) {
			return $notFound;
		}
		$restBase = (string) ContentModel::restBaseFor( $postType );

		// The request core's single-item route would have had: view context, the same _fields.
		$inner = new WP_REST_Request( 'GET', sprintf( '/wp/v2/%s/%d', $restBase, $post->ID ) );
		$inner->set_url_params( array( 'id' => $post->ID ) );
		$inner->set_query_params(
			array_filter(
				array(
					'context' => 'view',
					'_fields' => $request->get_param( '_fields' ),
				),
				static fn ( $value ): bool => null !== $value
			)
		);

		$userId   = (int) $request->get_param( 'user' );
		$autosave = $userId > 0 ? self::newerAutosave( $post, $userId ) : null;
		$response = null === $autosave
			? $controller->prepare_item_for_response( $post, $inner )
			: self::prepareWithAutosave( $controller, $post, $autosave, $inner );
		$response = rest_ensure_response( $response );
		if ( $response instanceof WP_Error ) {
			return $response;
		}
		// Never stored by a cache between WordPress and the site. WordPress 6.1 sends its no-cache
		// headers after the response's own, which would replace this one: not for this answer.
		$response->header( 'Cache-Control', 'private, no-store' );
		if ( defined( 'REST_REQUEST' ) && REST_REQUEST ) {
			add_filter( 'rest_send_nocache_headers', '__return_false', 100 );
		}
		return $response;
	}

	/**
	 * The user's latest autosave of the item when it is newer than the item itself, else null.
	 *
	 * @param WP_Post $post   The item.
	 * @param int     $userId The user.
	 */
	public static function newerAutosave( WP_Post $post, int $userId ): ?WP_Post {
		$autosave = wp_get_post_autosave( $post->ID, $userId );
		if ( ! $autosave instanceof WP_Post ) {
			return null;
		}
		return strtotime( $autosave->post_modified_gmt . ' UTC' ) > strtotime( $post->post_modified_gmt . ' UTC' ) ? $autosave : null;
	}

	/**
	 * Prepares the item with the autosave's title, content and excerpt. Core's controller reads
	 * the title by id (`get_the_title($post->ID)`), so the item's object-cache entry carries the
	 * autosaved text while the controller runs, and is put back right after.
	 *
	 * @param WP_REST_Posts_Controller $controller The post type's controller.
	 * @param WP_Post                  $post       The item.
	 * @param WP_Post                  $autosave   The autosave revision.
	 * @param WP_REST_Request          $request    The inner request.
	 */
	private static function prepareWithAutosave(
		WP_REST_Posts_Controller $controller,
		WP_Post $post,
		WP_Post $autosave,
		WP_REST_Request $request
	): WP_REST_Response|WP_Error {
		$preview = new WP_Post(
			(object) array_merge(
				get_object_vars( $post ),
				array(
					'post_title'   => $autosave->post_title,
					'post_content' => $autosave->post_content,
					'post_excerpt' => $autosave->post_excerpt,
					'filter'       => 'raw',
				)
			)
		);
		$cached  = wp_cache_get( $post->ID, 'posts' );
		wp_cache_set( $post->ID, $preview, 'posts' );
		try {
			$response = $controller->prepare_item_for_response( $preview, $request );
		} finally {
			if ( false === $cached ) {
				wp_cache_delete( $post->ID, 'posts' );
			} else {
				wp_cache_set( $post->ID, $cached, 'posts' );
			}
		}
		return $response;
	}
}
