<?php

/**
 * Uninstall: removes the plugin's own settings and the preview reader's role (its users keep no
 * role). Content and its fields (post meta) are the site's data and stay. The plugin's classes are
 * not loaded here: the names are PreviewRole's ROLE and VERSION_OPTION.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

if ( ! defined( 'WP_UNINSTALL_PLUGIN' ) ) {
	exit;
}

delete_option( 'payments_headless_navigation_menus' );
remove_role( 'headless_previewer' );
delete_option( 'payments_headless_roles_version' );

// The webhook's delivery log, its "seen" mark, deferred block editor saves and pending cron events.
delete_option( 'payments_headless_webhook_log' );
delete_option( 'payments_headless_webhook_seen' );
global $wpdb;
// Options by prefix (one per user who deferred, transients): WordPress has no API to list them, and
// an uninstall reads them once, so nothing is cached.
foreach (
	$wpdb->get_col( // phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- see above.
		$wpdb->prepare(
			"SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s OR option_name LIKE %s OR option_name LIKE %s",
			$wpdb->esc_like( 'payments_headless_deferred_' ) . '%',
			$wpdb->esc_like( '_transient_payments_headless_mbscreen_' ) . '%',
			$wpdb->esc_like( '_transient_timeout_payments_headless_mbscreen_' ) . '%'
		)
	) as $payments_headless_option
) {
	delete_option( $payments_headless_option );
}
wp_unschedule_hook( 'payments_headless_retry_delivery' );
wp_unschedule_hook( 'payments_headless_send_deferred' );
// The outbox (Outbox::TABLE, SCHEMA_OPTION, STATE_OPTION, LOCK_OPTION, CRON_HOOK): undelivered changes go with the plugin.
// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching, WordPress.DB.DirectDatabaseQuery.SchemaChange -- uninstall drops the plugin's own table; there is no API for it.
$wpdb->query( 'DROP TABLE IF EXISTS ' . $wpdb->prefix . 'payments_headless_outbox' );
delete_option( 'payments_headless_outbox_schema' );
delete_option( 'payments_headless_outbox_state' );
delete_option( 'payments_headless_outbox_lock' );
wp_unschedule_hook( 'payments_headless_deliver_outbox' );
