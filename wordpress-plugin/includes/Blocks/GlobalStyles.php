<?php

/**
 * Issue 17: the active theme's global stylesheet at `GET /wp-json/custom-api/v1/global-styles`,
 * and the webhook when it changes.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless;

use WP_Post;
use WP_REST_Response;
use WP_REST_Server;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * `{"css": wp_get_global_stylesheet()}`: the variables, presets, styles (block styles of
 * theme.json included) and base layout styles WordPress prints as its `global-styles` stylesheet.
 * Public and read-only, like the id lists (no cache headers of its own: WordPress sends none for
 * anonymous reads; the site caches it like the menu). A theme switch or a saved Site Editor change
 * (a `wp_global_styles` post) sends the webhook with `"event": "styles"` and `"menu": true`.
 */
final class GlobalStyles {

	/** The route, under RestReads::ID_NAMESPACE. */
	public const ROUTE = '/global-styles';

	/** The post type of the Site Editor's global styles. */
	public const POST_TYPE = 'wp_global_styles';

	/**
	 * Hooks the route and the change notes (called from Plugin::boot()).
	 */
	public static function register(): void {
		add_action( 'rest_api_init', array( self::class, 'registerRoute' ) );
		add_action( 'switch_theme', array( Webhook::class, 'onStylesChanged' ) );
		add_action( 'save_post_' . self::POST_TYPE, array( self::class, 'onSaved' ), 10, 3 );
		add_action( 'deleted_post', array( self::class, 'onDeleted' ), 10, 2 );
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
	 * The global stylesheet of the active theme.
	 */
	public static function read(): WP_REST_Response {
		return new WP_REST_Response( array( 'css' => (string) wp_get_global_stylesheet() ), 200 );
	}

	/**
	 * A Site Editor save. WordPress also creates the theme's (empty) global styles post the first
	 * time the editor reads it: a creation changes nothing the site shows.
	 *
	 * @param int     $postId The post.
	 * @param WP_Post $post   The post.
	 * @param bool    $update Whether an existing post was updated.
	 */
	public static function onSaved( int $postId, WP_Post $post, bool $update ): void {
		if ( $update && ! wp_is_post_revision( $postId ) && 'auto-draft' !== $post->post_status ) {
			Webhook::onStylesChanged();
		}
	}

	/**
	 * A deleted global styles post (its theme falls back to theme.json).
	 *
	 * @param int   $postId The post.
	 * @param mixed $post   The post (WordPress 5.5+).
	 */
	public static function onDeleted( int $postId, mixed $post = null ): void {
		if ( $post instanceof WP_Post && self::POST_TYPE === $post->post_type ) {
			Webhook::onStylesChanged();
		}
	}
}
