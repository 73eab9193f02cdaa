<?php
/**
 * Plugin Name: Payments test instance (harness only)
 * Description: Written by scripts/real-wordpress into a TEST instance's mu-plugins folder; never
 *   part of the companion plugin (wordpress-plugin/), never on a production WordPress.
 *
 * 1. Theme view for the fidelity test (docs/blocks-fidelity.md): the companion plugin sends
 *    WordPress's own front end to the site (FrontEndRedirect). A request that carries the header
 *    `X-Payments-Theme-View` with this instance's key (the constant PAYMENTS_TEST_THEME_KEY, from
 *    the instance's secrets, written into its config file) is answered by the theme instead, so
 *    the test can compare how Twenty Twenty-Three shows a post with how the site shows it.
 *    Without the header, or with a wrong key, nothing changes.
 * 2. Offline oEmbed: the test instance blocks outgoing HTTP (WP_HTTP_BLOCK_EXTERNAL), so YouTube
 *    and Vimeo answer nothing and an embed block would render as its bare URL. For the corpus's
 *    providers this answers what those providers' oEmbed endpoints answer (their iframe), so
 *    WordPress renders embeds as it does on a WordPress with internet access.
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

add_action(
	'template_redirect',
	static function (): void {
		if ( ! defined( 'PAYMENTS_TEST_THEME_KEY' ) || '' === (string) PAYMENTS_TEST_THEME_KEY ) {
			return;
		}
		$given = isset( $_SERVER['HTTP_X_PAYMENTS_THEME_VIEW'] ) ? (string) $_SERVER['HTTP_X_PAYMENTS_THEME_VIEW'] : ''; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput
		if ( '' !== $given && hash_equals( (string) PAYMENTS_TEST_THEME_KEY, $given ) ) {
			remove_action( 'template_redirect', array( 'PaymentsHeadless\\FrontEndRedirect', 'handle' ), 5 );
			// The theme's answer must not be cached as the public one.
			nocache_headers();
		}
	},
	1
);

add_filter(
	'pre_oembed_result',
	static function ( $result, $url ) {
		if ( null !== $result ) {
			return $result;
		}
		if ( preg_match( '~^https://(?:www\.)?youtube\.com/watch\?v=([A-Za-z0-9_-]{6,20})~', (string) $url, $m ) ) {
			return '<iframe title="Corvane on YouTube" width="500" height="281" src="https://www.youtube.com/embed/' . $m[1] . '?feature=oembed" frameborder="0" allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share" referrerpolicy="strict-origin-when-cross-origin" allowfullscreen></iframe>';
		}
		if ( preg_match( '~^https://vimeo\.com/(\d{4,12})~', (string) $url, $m ) ) {
			return '<iframe title="Corvane on Vimeo" src="https://player.vimeo.com/video/' . $m[1] . '?dnt=1&amp;app_id=122963" width="500" height="281" frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>';
		}
		return $result;
	},
	10,
	2
);
