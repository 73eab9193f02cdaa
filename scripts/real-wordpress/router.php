<?php
/**
 * Router for PHP's built-in server serving Debian's WordPress (`php -S host:port -t /usr/share/wordpress router.php`).
 *
 * - Picks this instance's Debian config file: Debian's wp-config.php loads
 *   `/etc/wordpress/config-{$_SERVER['WORDPRESS_CONFIG']}.php`.
 * - Serves `/wp-content/*` from this instance's WP_CONTENT_DIR (outside the document root),
 *   never executing PHP from there.
 * - Lets the built-in server serve real static files, runs real PHP files, and sends everything
 *   else to index.php (pretty permalinks, the REST API).
 *
 * Test and development harness only: production WordPress runs behind a real web server.
 */

$payments_config = getenv( 'PAYMENTS_WP_CONFIG' );
$payments_content = rtrim( (string) getenv( 'PAYMENTS_WP_CONTENT_DIR' ), '/' );
$_SERVER['WORDPRESS_CONFIG'] = $payments_config;

$payments_path = rawurldecode( (string) parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH ) );
if ( str_contains( $payments_path, '..' ) || str_contains( $payments_path, "\0" ) ) {
	http_response_code( 400 );
	return true;
}

if ( str_starts_with( $payments_path, '/wp-content/' ) ) {
	$payments_file = $payments_content . substr( $payments_path, strlen( '/wp-content' ) );
	if ( ! is_file( $payments_file ) || preg_match( '/\.(php|phtml|phar)$/i', $payments_file ) ) {
		http_response_code( 404 );
		header( 'Content-Type: text/plain' );
		echo "Not found\n";
		return true;
	}
	$payments_types = array(
		'png'   => 'image/png',
		'jpg'   => 'image/jpeg',
		'jpeg'  => 'image/jpeg',
		'gif'   => 'image/gif',
		'webp'  => 'image/webp',
		'avif'  => 'image/avif',
		'svg'   => 'image/svg+xml',
		'pdf'   => 'application/pdf',
		'css'   => 'text/css',
		'js'    => 'text/javascript',
		'json'  => 'application/json',
		'woff2' => 'font/woff2',
		'woff'  => 'font/woff',
		'txt'   => 'text/plain',
	);
	$payments_ext = strtolower( pathinfo( $payments_file, PATHINFO_EXTENSION ) );
	header( 'Content-Type: ' . ( $payments_types[ $payments_ext ] ?? 'application/octet-stream' ) );
	header( 'Content-Length: ' . filesize( $payments_file ) );
	header( 'Cache-Control: public, max-age=3600' );
	if ( 'HEAD' !== $_SERVER['REQUEST_METHOD'] ) {
		readfile( $payments_file );
	}
	return true;
}

$payments_root = rtrim( $_SERVER['DOCUMENT_ROOT'], '/' );
$payments_target = $payments_root . $payments_path;
if ( is_dir( $payments_target ) && is_file( rtrim( $payments_target, '/' ) . '/index.php' ) ) {
	$payments_target = rtrim( $payments_target, '/' ) . '/index.php';
	$payments_path = rtrim( $payments_path, '/' ) . '/index.php';
}
if ( is_file( $payments_target ) && ! str_ends_with( $payments_target, '.php' ) ) {
	return false;
}
if ( ! is_file( $payments_target ) ) {
	$payments_target = $payments_root . '/index.php';
	$payments_path = '/index.php';
}
$_SERVER['SCRIPT_NAME'] = $payments_path;
$_SERVER['PHP_SELF'] = $payments_path;
$_SERVER['SCRIPT_FILENAME'] = $payments_target;
chdir( dirname( $payments_target ) );
require $payments_target;
