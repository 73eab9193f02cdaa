<?php

/**
 * Preview links (issue 11, contract C): WordPress's Preview buttons lead, through a WordPress URL,
 * to the site's `/api/preview` with a freshly signed token.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless;

use WP_Post;
use WP_REST_Response;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * - `preview_post_link` and the REST `link` of unpublished items give a WordPress URL
 *   (`?p=ID&preview=true`, or `?post_type=…&p=ID&preview=true`), whatever other filters do to
 *   permalinks: the classic editor's Preview button, and the block editor's (which reads the REST
 *   `link` for drafts and the autosave's `preview_link` otherwise, Gutenberg issue 13998), both
 *   come back to WordPress first.
 * - At `template_redirect` priority 0, a preview request by a user who may edit the item answers
 *   302 to `{HEADLESS_SITE_URL}/api/preview?type&id&user&expires&token`.
 * - Without `HEADLESS_SITE_URL` or `HEADLESS_PREVIEW_SECRET`, WordPress's own preview (its theme)
 *   stays, and the editing screen says why.
 */
final class PreviewLinks {

	/**
	 * Hooks the REST `link` filter of every previewable type (`rest_prepare_{post_type}`): the
	 * types with a page on the site (a preview needs a template), ContentModel::publicRestBaseFor().
	 */
	public static function registerRestLinkFilters(): void {
		foreach ( ContentModel::TYPES as $type ) {
			if ( null !== ContentModel::publicRestBaseFor( $type['name'] ) ) {
				add_filter( 'rest_prepare_' . $type['name'], array( self::class, 'restLink' ), 20, 2 );
			}
		}
	}

	/**
	 * WordPress's preview address of an item: `?p=ID` (posts) or `?post_type=NAME&p=ID`, on
	 * WordPress's home, plus `$args`. Never the site's address.
	 *
	 * @param WP_Post              $post The item.
	 * @param array<string, mixed> $args More query arguments (`preview`, `preview_id`, `preview_nonce`).
	 */
	public static function wordpressUrl( WP_Post $post, array $args = array() ): string {
		$query = 'post' === $post->post_type ? array( 'p' => $post->ID ) : array(
			'post_type' => $post->post_type,
			'p'         => $post->ID,
		);
		return add_query_arg( array_merge( $query, $args ), home_url( '/' ) );
	}

	/**
	 * `preview_post_link`: the WordPress preview URL, keeping core's `preview_id`/`preview_nonce`.
	 *
	 * @param string|null $link The link so far.
	 * @param WP_Post     $post The item.
	 */
	public static function previewPostLink( $link, $post ) {
		if ( ! $post instanceof WP_Post || null === ContentModel::publicRestBaseFor( $post->post_type ) ) {
			return $link;
		}
		$args = array();
		if ( is_string( $link ) ) {
			$query = array();
			wp_parse_str( (string) wp_parse_url( $link, PHP_URL_QUERY ), $query );
			foreach ( array( 'preview_id', 'preview_nonce' ) as $key ) {
				if ( isset( $query[ $key ] ) && is_string( $query[ $key ] ) && '' !== $query[ $key ] ) {
					$args[ $key ] = $query[ $key ];
				}
			}
		}
		$args['preview'] = 'true';
		return self::wordpressUrl( $post, $args );
	}

	/**
	 * `rest_prepare_{post_type}`: an unpublished item's `link` is WordPress's address of it (the
	 * block editor previews a draft at `link` + `preview=true`). Published items are left alone.
	 *
	 * @param WP_REST_Response $response The item's response.
	 * @param WP_Post          $post     The item.
	 */
	public static function restLink( $response, $post ) {
		if ( ! $response instanceof WP_REST_Response || ! $post instanceof WP_Post || 'publish' === $post->post_status ) {
			return $response;
		}
		$data = $response->get_data();
		if ( is_array( $data ) && array_key_exists( 'link', $data ) ) {
			$data['link'] = self::wordpressUrl( $post );
			$response->set_data( $data );
		}
		return $response;
	}

	/**
	 * The site's preview address for this request, or null to leave WordPress alone.
	 *
	 * @param array<string, mixed> $query     The request's query (`$_GET`).
	 * @param int                  $queriedId The main query's object id (pretty permalinks), or 0.
	 * @param int                  $now       Unix seconds.
	 */
	public static function redirectUrl( array $query, int $queriedId, int $now ): ?string {
		$preview = isset( $query['preview'] ) && in_array( $query['preview'], array( 'true', '1' ), true );
		if ( ! $preview && ! isset( $query['preview_id'] ) ) {
			return null;
		}
		$siteUrl = Config::siteUrl();
		$secret  = Config::previewSecret();
		$userId  = get_current_user_id();
		if ( null === $siteUrl || null === $secret || $userId <= 0 ) {
			return null;
		}
		$id = 0;
		foreach ( array( 'preview_id', 'p', 'page_id' ) as $key ) {
			if ( isset( $query[ $key ] ) && is_scalar( $query[ $key ] ) && ctype_digit( (string) $query[ $key ] ) ) {
				$id = (int) $query[ $key ];
				break;
			}
		}
		$id   = $id > 0 ? $id : $queriedId;
		$post = $id > 0 ? get_post( $id ) : null;
		if ( ! $post instanceof WP_Post || in_array( $post->post_status, array( 'trash', 'auto-draft' ), true ) ) {
			return null;
		}
		$restBase = ContentModel::publicRestBaseFor( $post->post_type );
		if ( null === $restBase || ! current_user_can( 'edit_post', $post->ID ) ) {
			return null;
		}
		// Core's autosave preview link carries a nonce: a wrong one is left to WordPress (it refuses it).
		if (
			isset( $query['preview_nonce'] )
			&& ( ! is_string( $query['preview_nonce'] ) || false === wp_verify_nonce( $query['preview_nonce'], 'post_preview_' . $post->ID ) )
		) {
			return null;
		}
		$expires = $now + PreviewToken::LIFETIME;
		return $siteUrl . '/api/preview?' . http_build_query(
			array(
				'type'    => $restBase,
				'id'      => $post->ID,
				'user'    => $userId,
				'expires' => $expires,
				'token'   => PreviewToken::sign( $secret, $restBase, $post->ID, $userId, $expires ),
			),
			'',
			'&',
			PHP_QUERY_RFC3986
		);
	}

	/**
	 * `template_redirect` priority 0 (before the headless front-end redirect): a preview goes to the site.
	 */
	public static function redirect(): void {
		// Read-only: a token is signed only for a logged-in user who may edit the item, and core's
		// `preview_nonce` is verified when the link carries one (redirectUrl()); values are compared or
		// cast, never printed.
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended, WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- see above.
		$query = wp_unslash( $_GET );
		$url   = self::redirectUrl( is_array( $query ) ? $query : array(), (int) get_queried_object_id(), time() );
		if ( null === $url ) {
			return;
		}
		header( 'Cache-Control: no-store' );
		header( 'Referrer-Policy: no-referrer' );
		// The site's host is allowed (SiteRoutes::allowedRedirectHosts()).
		if ( wp_safe_redirect( $url, 302, 'Payments Headless' ) ) {
			exit;
		}
	}

	/**
	 * The sentence an editor sees when previews cannot reach the site, or null when they can.
	 */
	public static function unavailableReason(): ?string {
		$missing = array();
		if ( null === Config::siteUrl() ) {
			$missing[] = 'HEADLESS_SITE_URL';
		}
		if ( null === Config::previewSecret() ) {
			$missing[] = 'HEADLESS_PREVIEW_SECRET';
		}
		if ( array() === $missing ) {
			return null;
		}
		if ( 1 === count( $missing ) ) {
			/* translators: %s: the name of a wp-config.php constant. */
			return sprintf( __( 'Preview shows WordPress’s own theme, not the site: %s is not set (or not valid) in wp-config.php.', 'payments-headless' ), $missing[0] );
		}
		/* translators: 1, 2: the names of two wp-config.php constants. */
		return sprintf( __( 'Preview shows WordPress’s own theme, not the site: %1$s and %2$s are not set (or not valid) in wp-config.php.', 'payments-headless' ), $missing[0], $missing[1] );
	}

	/**
	 * Whether the current screen edits a previewable item and previews cannot reach the site.
	 */
	private static function noticeText(): ?string {
		$screen = function_exists( 'get_current_screen' ) ? get_current_screen() : null;
		if ( null === $screen || 'post' !== $screen->base || null === ContentModel::publicRestBaseFor( (string) $screen->post_type ) ) {
			return null;
		}
		return self::unavailableReason();
	}

	/**
	 * `admin_notices` (classic editor): why Preview shows WordPress's theme.
	 */
	public static function notice(): void {
		$text = self::noticeText();
		if ( null !== $text ) {
			printf( '<div class="notice notice-warning"><p>%s</p></div>', esc_html( $text ) );
		}
	}

	/**
	 * `enqueue_block_editor_assets`: the same notice in the block editor (which hides admin notices).
	 */
	public static function blockEditorNotice(): void {
		$text = self::noticeText();
		if ( null === $text ) {
			return;
		}
		wp_add_inline_script(
			'wp-edit-post',
			sprintf(
				'wp.domReady(function () { wp.data.dispatch("core/notices").createNotice('
				. '"warning", %s, {id: "payments-headless-preview", isDismissible: true}); });',
				(string) wp_json_encode( $text )
			),
			'after'
		);
	}
}
