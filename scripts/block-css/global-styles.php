<?php
/**
 * Prints the active theme's global stylesheet, as WordPress computes it for a front-end page:
 * `wp_get_global_stylesheet()` (variables, presets, styles, base layout styles). Run by
 * scripts/block-css/vendor.ts against the real WordPress of `npm run wordpress:real` (Twenty
 * Twenty-Three), whose instance comes from the environment: PAYMENTS_WP_HOST (e.g.
 * 127.0.0.1:8885) and PAYMENTS_WP_CONFIG (Debian config name, `payments-wp-{port}`).
 */
$_SERVER['HTTP_HOST'] = getenv( 'PAYMENTS_WP_HOST' );
$_SERVER['WORDPRESS_CONFIG'] = getenv( 'PAYMENTS_WP_CONFIG' );
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['SERVER_NAME'] = '127.0.0.1';
$_SERVER['SERVER_PORT'] = '80';
$_SERVER['REQUEST_METHOD'] = 'GET';
require '/usr/share/wordpress/wp-load.php';
fwrite( STDOUT, json_encode( array(
	'wordpress' => get_bloginfo( 'version' ),
	'theme' => get_stylesheet(),
	'theme_version' => wp_get_theme()->get( 'Version' ),
	'css' => wp_get_global_stylesheet(),
) ) );
