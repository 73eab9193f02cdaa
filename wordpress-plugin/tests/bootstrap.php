<?php

/**
 * Loads a real WordPress (Debian's package) for the plugin's tests: no Composer, no WP test library.
 *
 * PAYMENTS_WP_HOST (e.g. 127.0.0.1:8882) picks the site, PAYMENTS_WP_CONFIG the file
 * /etc/wordpress/config-<name>.php Debian's wp-config.php loads. The plugin must be installed
 * (copied to wp-content/plugins/payments-headless/) and active there; the tests check that the
 * installed copy is this folder's code, so they never pass against stale code.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

$host   = getenv( 'PAYMENTS_WP_HOST' );
$config = getenv( 'PAYMENTS_WP_CONFIG' );
if ( ! is_string( $host ) || '' === $host || ! is_string( $config ) || '' === $config ) {
	fwrite( STDERR, "Set PAYMENTS_WP_HOST and PAYMENTS_WP_CONFIG (see docs/wordpress-plugin.md).\n" );
	exit( 1 );
}
$_SERVER['HTTP_HOST']        = $host;
$_SERVER['SERVER_NAME']      = preg_replace( '/:\d+$/', '', $host );
$_SERVER['WORDPRESS_CONFIG'] = $config;
$_SERVER['REQUEST_URI']      = '/';
$_SERVER['REQUEST_METHOD']   = 'GET';
$_SERVER['SERVER_PROTOCOL']  = 'HTTP/1.1';

define( 'WP_USE_THEMES', false );
require_once '/usr/share/wordpress/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/user.php';
require_once ABSPATH . 'wp-admin/includes/post.php';
require_once ABSPATH . 'wp-admin/includes/class-wp-screen.php';
require_once ABSPATH . 'wp-admin/includes/screen.php';
require_once ABSPATH . 'wp-admin/includes/template.php';

if ( ! class_exists( \PaymentsHeadless\Plugin::class ) ) {
	fwrite( STDERR, "The plugin payments-headless is not active on {$host}.\n" );
	exit( 1 );
}

$installed = WP_PLUGIN_DIR . '/payments-headless';
$source    = dirname( __DIR__ );
// Every PHP file under includes/, however deep (includes/Content/..., includes/Seo/...).
$files    = array( 'payments-headless.php' );
$iterator = new RecursiveIteratorIterator( new RecursiveDirectoryIterator( $source . '/includes', FilesystemIterator::SKIP_DOTS ) );
foreach ( $iterator as $entry ) {
	if ( $entry instanceof SplFileInfo && $entry->isFile() && 'php' === $entry->getExtension() ) {
		$files[] = substr( $entry->getPathname(), strlen( $source ) + 1 );
	}
}
sort( $files );
foreach ( $files as $file ) {
	if ( ! is_file( "{$installed}/{$file}" ) || md5_file( "{$installed}/{$file}" ) !== md5_file( "{$source}/{$file}" ) ) {
		fwrite( STDERR, "The installed plugin is not this code ({$file} differs): copy the folder again.\n" );
		exit( 1 );
	}
}

require_once __DIR__ . '/TestCase.php';

// The webhook sends at `shutdown`: the tests call Webhook::onShutdown() themselves, and the end of
// the test process must not send what other tests' fixtures collected.
remove_action( 'shutdown', array( \PaymentsHeadless\Webhook::class, 'onShutdown' ), \PaymentsHeadless\Webhook::SHUTDOWN_PRIORITY );
require_once __DIR__ . '/WebhookTestCase.php';
require_once __DIR__ . '/StatusStopped.php';
require_once __DIR__ . '/SeoTestCase.php';
