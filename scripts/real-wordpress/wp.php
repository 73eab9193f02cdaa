<?php
/**
 * WordPress set-up steps the harness runs from the command line (Debian has no wp-cli):
 *
 *   php wp.php install    installs WordPress into the empty database (wp_install)
 *   php wp.php configure  activates the plugin and the theme, sets pretty permalinks, and prints
 *                         a fresh application password for the administrator as JSON
 *
 * The instance comes from the environment: PAYMENTS_WP_HOST (HTTP_HOST, e.g. 127.0.0.1:8881),
 * PAYMENTS_WP_CONFIG (Debian config name), PAYMENTS_WP_ADMIN_USER / _PASSWORD, PAYMENTS_WP_PLUGIN.
 */

$payments_step = $argv[1] ?? '';
$_SERVER['HTTP_HOST'] = getenv( 'PAYMENTS_WP_HOST' );
$_SERVER['WORDPRESS_CONFIG'] = getenv( 'PAYMENTS_WP_CONFIG' );
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['SERVER_NAME'] = '127.0.0.1';
$_SERVER['SERVER_PORT'] = '80';
$_SERVER['REQUEST_METHOD'] = 'GET';

function payments_out( array $data ): void {
	fwrite( STDOUT, json_encode( $data ) . "\n" );
}

if ( 'install' === $payments_step ) {
	define( 'WP_INSTALLING', true );
	require '/usr/share/wordpress/wp-load.php';
	// No mail is sent from a test install.
	function wp_new_blog_notification() {}
	require_once ABSPATH . 'wp-admin/includes/upgrade.php';
	if ( is_blog_installed() ) {
		payments_out( array( 'installed' => false ) );
		exit( 0 );
	}
	$result = wp_install( 'Corvane Payments', getenv( 'PAYMENTS_WP_ADMIN_USER' ), 'admin@example.test', true, '', getenv( 'PAYMENTS_WP_ADMIN_PASSWORD' ) );
	update_option( 'blogdescription', 'Payments that keep your business moving' );
	// The seed is the whole content: no "Hello world!", sample page or privacy policy draft.
	foreach ( get_posts( array( 'post_type' => 'any', 'post_status' => 'any', 'numberposts' => -1 ) ) as $payments_post ) {
		wp_delete_post( $payments_post->ID, true );
	}
	update_option( 'timezone_string', 'UTC' );
	payments_out( array( 'installed' => true, 'user_id' => $result['user_id'] ) );
	exit( 0 );
}

if ( 'configure' === $payments_step ) {
	require '/usr/share/wordpress/wp-load.php';
	require_once ABSPATH . 'wp-admin/includes/plugin.php';
	$plugin = getenv( 'PAYMENTS_WP_PLUGIN' );
	$activated = activate_plugin( $plugin );
	if ( is_wp_error( $activated ) ) {
		fwrite( STDERR, 'Could not activate ' . $plugin . ': ' . $activated->get_error_message() . "\n" );
		exit( 1 );
	}
	if ( wp_get_theme( 'twentytwentythree' )->exists() ) {
		switch_theme( 'twentytwentythree' );
	}
	update_option( 'permalink_structure', '/%postname%/' );
	flush_rewrite_rules( false );
	$user = get_user_by( 'login', getenv( 'PAYMENTS_WP_ADMIN_USER' ) );
	if ( ! $user ) {
		fwrite( STDERR, "No administrator\n" );
		exit( 1 );
	}
	foreach ( WP_Application_Passwords::get_user_application_passwords( $user->ID ) as $item ) {
		if ( 'harness' === $item['name'] ) {
			WP_Application_Passwords::delete_application_password( $user->ID, $item['uuid'] );
		}
	}
	$created = WP_Application_Passwords::create_new_application_password( $user->ID, array( 'name' => 'harness' ) );
	if ( is_wp_error( $created ) ) {
		fwrite( STDERR, 'Could not create an application password: ' . $created->get_error_message() . "\n" );
		exit( 1 );
	}
	// The site's preview reader (issue 11): a user of the plugin's least-privilege role
	// `headless_previewer` (made at activation) with an application password of its own.
	$previewer = get_user_by( 'login', 'headless-previewer' );
	if ( ! $previewer ) {
		$previewer_id = wp_insert_user(
			array(
				'user_login' => 'headless-previewer',
				'user_pass'  => wp_generate_password( 32 ),
				'user_email' => 'headless-previewer@example.test',
				'role'       => 'subscriber',
			)
		);
		if ( is_wp_error( $previewer_id ) ) {
			fwrite( STDERR, 'Could not create the preview user: ' . $previewer_id->get_error_message() . "\n" );
			exit( 1 );
		}
		$previewer = get_user_by( 'id', $previewer_id );
	}
	if ( get_role( 'headless_previewer' ) ) {
		$previewer->set_role( 'headless_previewer' );
	}
	foreach ( WP_Application_Passwords::get_user_application_passwords( $previewer->ID ) as $item ) {
		if ( 'site-preview' === $item['name'] ) {
			WP_Application_Passwords::delete_application_password( $previewer->ID, $item['uuid'] );
		}
	}
	$preview_password = WP_Application_Passwords::create_new_application_password( $previewer->ID, array( 'name' => 'site-preview' ) );
	if ( is_wp_error( $preview_password ) ) {
		fwrite( STDERR, 'Could not create the preview application password: ' . $preview_password->get_error_message() . "\n" );
		exit( 1 );
	}
	payments_out(
		array(
			'appPassword'     => $created[0],
			'previewUser'     => 'headless-previewer',
			'previewPassword' => $preview_password[0],
			'pluginActive'    => is_plugin_active( $plugin ),
		)
	);
	exit( 0 );
}

fwrite( STDERR, "usage: php wp.php install|configure\n" );
exit( 2 );
