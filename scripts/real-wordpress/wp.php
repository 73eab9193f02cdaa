<?php
/**
 * WordPress set-up steps the harness runs from the command line (Debian has no wp-cli):
 *
 *   php wp.php install    installs WordPress into the empty database (wp_install)
 *   php wp.php configure  activates the plugin and the theme, sets pretty permalinks, and prints
 *                         a fresh application password for the administrator as JSON
 *   php wp.php seo STACK  switches the third-party SEO stack (issue 33): `yoast` (Yoast SEO and
 *                         Redirection active), `rankmath` (Rank Math alone), `none`; creates
 *                         Redirection's tables when it is active and they are missing
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

if ( 'seo' === $payments_step ) {
	$payments_stacks = array(
		'yoast'    => array( 'wordpress-seo/wp-seo.php', 'redirection/redirection.php' ),
		'rankmath' => array( 'seo-by-rank-math/rank-math.php' ),
		'none'     => array(),
	);
	$payments_stack = $argv[2] ?? '';
	if ( ! isset( $payments_stacks[ $payments_stack ] ) ) {
		fwrite( STDERR, "usage: php wp.php seo yoast|rankmath|none\n" );
		exit( 2 );
	}
	require '/usr/share/wordpress/wp-load.php';
	require_once ABSPATH . 'wp-admin/includes/plugin.php';
	$payments_wanted = $payments_stacks[ $payments_stack ];
	$payments_all    = array_merge( ...array_values( $payments_stacks ) );
	// Off first: Yoast and Rank Math are never active together.
	$payments_off = array_values( array_filter( $payments_all, fn( $file ) => ! in_array( $file, $payments_wanted, true ) && is_plugin_active( $file ) ) );
	if ( array() !== $payments_off ) {
		deactivate_plugins( $payments_off );
	}
	if ( in_array( 'seo-by-rank-math/rank-math.php', $payments_wanted, true ) ) {
		// The setup wizard's "Skip Now": without it Rank Math loads nothing (see the shared README).
		update_option( 'rank_math_registration_skip', true );
		update_option( 'rank_math_wizard_completed', true );
	}
	foreach ( $payments_wanted as $payments_file ) {
		if ( is_plugin_active( $payments_file ) ) {
			continue;
		}
		$payments_result = activate_plugin( $payments_file );
		if ( is_wp_error( $payments_result ) ) {
			fwrite( STDERR, 'Could not activate ' . $payments_file . ': ' . $payments_result->get_error_message() . "\n" );
			exit( 1 );
		}
	}
	if ( in_array( 'seo-by-rank-math/rank-math.php', $payments_wanted, true ) ) {
		// Its "Headless CMS Support" setting: the rankmath/v1/getHead route.
		$payments_general                     = get_option( 'rank-math-options-general', array() );
		$payments_general                     = is_array( $payments_general ) ? $payments_general : array();
		$payments_general['headless_support'] = 'on';
		update_option( 'rank-math-options-general', $payments_general );
		// A test instance pings no search engine: Rank Math's Instant Indexing module (on by
		// default) posts every change to IndexNow, which the webhook tests would count as calls.
		$payments_modules = get_option( 'rank_math_modules', array() );
		if ( is_array( $payments_modules ) && in_array( 'instant-indexing', $payments_modules, true ) ) {
			update_option( 'rank_math_modules', array_values( array_diff( $payments_modules, array( 'instant-indexing' ) ) ) );
		}
	}
	$payments_tables = false;
	if ( in_array( 'redirection/redirection.php', $payments_wanted, true ) ) {
		// Redirection makes its tables in its setup wizard, not on activation. Its install is
		// re-runnable (CREATE TABLE IF NOT EXISTS, groups only when none) and ends by storing
		// the schema version: that option says it is done.
		$payments_red = get_option( 'redirection_options', array() );
		if ( ! is_array( $payments_red ) || ( $payments_red['database'] ?? '' ) !== REDIRECTION_DB_VERSION ) {
			require_once WP_PLUGIN_DIR . '/redirection/models/group.php';
			require_once WP_PLUGIN_DIR . '/redirection/database/database.php';
			$payments_installed = Red_Database::get_latest_database()->install();
			if ( is_wp_error( $payments_installed ) ) {
				fwrite( STDERR, 'Could not create the Redirection tables: ' . $payments_installed->get_error_message() . "\n" );
				exit( 1 );
			}
			$payments_tables = true;
		}
	}
	payments_out(
		array(
			'stack'             => $payments_stack,
			'active'            => array_values( array_filter( $payments_all, 'is_plugin_active' ) ),
			'redirectionTables' => $payments_tables,
		)
	);
	exit( 0 );
}

fwrite( STDERR, "usage: php wp.php install|configure|seo STACK\n" );
exit( 2 );
