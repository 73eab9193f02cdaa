<?php

/**
 * WordPress's own (theme) front end sends its visitors to the site.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * At `template_redirect` (priority 5: after the preview flow at 0, which must see previews first,
 * and before core's `redirect_canonical` and `wp_old_slug_redirect` at 10, which would rewrite a
 * site address back onto WordPress's host), a theme front-end request is answered with a redirect
 * to the site:
 *
 * - a published item of the site's content types (its permalink, `?p=ID` of any type,
 *   `?{type}={slug}`) →
 *   301 to its site address (`SiteRoutes::url`);
 * - the home page (WordPress's front page or blog index, any page of it) → 301 to the site's `/`;
 * - an attachment page → 302 to the file itself (WordPress serves it);
 * - a 404 that is an old slug of a published item → core's `wp_old_slug_redirect` (301 to the
 *   item's new address, which is its site address);
 * - anything else (archives, search, author and date pages, 404s, unpublished or private items,
 *   core pages, types without a page on the site) → 302 to the site's home page: 302, because
 *   what is missing now may exist later.
 *
 * Untouched: previews (`is_preview()`, `preview`, `preview_id`, `preview_nonce` parameters, never
 * redirected even when the preview flow declined them), the Customizer's preview frame, feeds, embeds, trackbacks, `robots.txt`,
 * the favicon and core sitemaps; and (they never reach `template_redirect`, checked anyway)
 * wp-admin, REST (`/wp-json/`, `?rest_route=`), `wp-login.php`, `wp-cron.php`, `admin-ajax.php`,
 * XML-RPC and files under `wp-content/` (uploads). With no valid `HEADLESS_SITE_URL`, nothing is
 * redirected.
 */
final class FrontEndRedirect {

	/** `template_redirect` priority: after the preview flow (0), before core's redirects (10). */
	public const PRIORITY = 5;

	/**
	 * The query parameters that make a request a preview, whatever WordPress decided: the
	 * editors' previews, and the Customizer's preview frame (`customize_changeset_uuid`...).
	 */
	private const PREVIEW_PARAMETERS = array(
		'preview',
		'preview_id',
		'preview_nonce',
		'customize_changeset_uuid',
		'customize_theme',
		'customize_messenger_channel',
	);

	/**
	 * `template_redirect`: redirects and ends the request, or returns to let WordPress go on.
	 */
	public static function handle(): void {
		global $wp_query;
		if ( ! $wp_query instanceof \WP_Query ) {
			return;
		}
		// A front-end GET: the parameters only choose where the visitor goes (nothing is changed).
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended, WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- see above; target() reads names and compares values only.
		$target = self::target( $wp_query, wp_unslash( $_GET ) );
		if ( null === $target ) {
			return;
		}
		if ( 302 === $target['status'] && $wp_query->is_404() ) {
			// An old slug of a published item: core answers 301 to its (site) address and exits.
			wp_old_slug_redirect();
		}
		// The site's and the uploads' hosts are allowed (SiteRoutes::allowedRedirectHosts()).
		if ( wp_safe_redirect( $target['url'], $target['status'], 'Payments Headless' ) ) {
			exit;
		}
	}

	/**
	 * Where a front-end request goes: `['url' => …, 'status' => 301|302]`, or null when it stays
	 * on WordPress. Decided from the parsed request alone (no output), so it is testable.
	 *
	 * @param \WP_Query            $query  The main query of the request.
	 * @param array<string, mixed> $params The request's query parameters (`$_GET`).
	 * @return array{url: string, status: int}|null
	 */
	public static function target( \WP_Query $query, array $params ): ?array {
		$home = SiteRoutes::homeUrl();
		if ( null === $home || self::untouchedRequest() || self::isPreview( $query, $params ) || self::untouchedQuery( $query ) ) {
			return null;
		}
		$post = $query->is_singular() ? $query->get_queried_object() : self::plainLinkPost( $query );
		if ( null !== $post ) {
			if ( $post instanceof \WP_Post && 'attachment' === $post->post_type ) {
				$file = wp_get_attachment_url( $post->ID );
				return array(
					'url'    => is_string( $file ) && '' !== $file ? $file : $home,
					'status' => 302,
				);
			}
			$url = $post instanceof \WP_Post && 'publish' === $post->post_status ? SiteRoutes::url( $post ) : null;
			return null === $url ? array(
				'url'    => $home,
				'status' => 302,
			) : array(
				'url'    => $url,
				'status' => 301,
			);
		}
		if ( ( $query->is_front_page() || $query->is_home() ) && ! $query->is_404() ) {
			return array(
				'url'    => $home,
				'status' => 301,
			);
		}
		return array(
			'url'    => $home,
			'status' => 302,
		);
	}

	/**
	 * The item a plain link names when WordPress found nothing: `?p=ID` of any post type is a 404
	 * for WordPress's query (it looks for blog posts only) until core's `redirect_canonical`, which
	 * runs after this, redirects it to the permalink. Public post types only, never auto-drafts.
	 */
	private static function plainLinkPost( \WP_Query $query ): ?\WP_Post {
		$id   = $query->is_404() ? max( (int) $query->get( 'p' ), (int) $query->get( 'page_id' ) ) : 0;
		$post = $id > 0 ? get_post( $id ) : null;
		$type = $post instanceof \WP_Post ? get_post_type_object( $post->post_type ) : null;
		return null !== $type && $type->public && 'auto-draft' !== $post->post_status ? $post : null;
	}

	/** Requests that are not the theme front end (they do not reach `template_redirect`; a safety net). */
	private static function untouchedRequest(): bool {
		return is_admin() || wp_doing_ajax() || wp_doing_cron()
			|| ( defined( 'REST_REQUEST' ) && REST_REQUEST )
			|| ( defined( 'XMLRPC_REQUEST' ) && XMLRPC_REQUEST );
	}

	/**
	 * A preview, as WordPress decided it or as the request asks for it.
	 *
	 * @param \WP_Query            $query  The main query.
	 * @param array<string, mixed> $params The query parameters.
	 */
	private static function isPreview( \WP_Query $query, array $params ): bool {
		if ( $query->is_preview() || is_customize_preview() ) {
			return true;
		}
		foreach ( self::PREVIEW_PARAMETERS as $name ) {
			if ( isset( $params[ $name ] ) ) {
				return true;
			}
		}
		return false;
	}

	/** Front-end answers that are not theme pages: they stay WordPress's. */
	private static function untouchedQuery( \WP_Query $query ): bool {
		return $query->is_feed() || $query->is_embed() || $query->is_trackback() || $query->is_robots()
			|| $query->is_favicon() || '' !== (string) $query->get( 'sitemap' ) || '' !== (string) $query->get( 'sitemap-stylesheet' )
			|| '' !== (string) $query->get( 'rest_route' );
	}
}
