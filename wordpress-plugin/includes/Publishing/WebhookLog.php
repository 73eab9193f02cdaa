<?php

/**
 * The log of the webhook's deliveries, for the status screen and the failure notice.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The last ENTRIES deliveries, newest first, in one option that is not autoloaded (it is read only
 * by the status screen and the notice). An entry: `time`, `id` (the delivery id sent), `event`,
 * `items`, `scope` (`items` or `all`), `redirects`, `attempt` (1, then the failures in a row + 1),
 * `status` (HTTP status or null), `error` (null when it worked), `ok`, `retry_at` (when the outbox
 * tries again, or null), `dropped` (a permanent refusal: its rows were dropped). Entries of earlier
 * versions may carry `menu` instead of `scope`. Never a secret: the secret travels in a header only.
 */
final class WebhookLog {

	/** The option holding the log. */
	public const OPTION = 'payments_headless_webhook_log';

	/** The option holding the time an administrator last looked at the failures (status screen). */
	public const SEEN_OPTION = 'payments_headless_webhook_seen';

	/** How many deliveries are kept. */
	public const ENTRIES = 20;

	/**
	 * Adds a delivery (newest first) and keeps the last ENTRIES.
	 *
	 * @param array<string, mixed> $entry
	 */
	public static function add( array $entry ): void {
		$log = self::entries();
		array_unshift( $log, $entry );
		update_option( self::OPTION, array_slice( $log, 0, self::ENTRIES ), false );
	}

	/**
	 * The deliveries, newest first.
	 *
	 * @return list<array<string, mixed>>
	 */
	public static function entries(): array {
		$log = get_option( self::OPTION, array() );
		return is_array( $log ) ? array_values( array_filter( $log, 'is_array' ) ) : array();
	}

	/**
	 * Failed deliveries newer than the last visit of the status screen (they earn a notice).
	 *
	 * @return list<array<string, mixed>>
	 */
	public static function unseenFailures(): array {
		$seen = (int) get_option( self::SEEN_OPTION, 0 );
		return array_values(
			array_filter(
				self::entries(),
				static fn ( array $entry ): bool => empty( $entry['ok'] ) && (int) ( $entry['time'] ?? 0 ) > $seen
			)
		);
	}

	/** The status screen was seen: failures so far no longer earn a notice (they stay in the log). */
	public static function markSeen(): void {
		update_option( self::SEEN_OPTION, time(), false );
	}
}
