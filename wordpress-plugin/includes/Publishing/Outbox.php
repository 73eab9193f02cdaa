<?php

/**
 * The webhook's durable outbox: what the site must hear, kept in WordPress's database until the
 * site acknowledges it (docs/reliability.md §5).
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

// The outbox is a queue in its own table, written and read by concurrent requests and WP-cron:
// its queries must see the database as it is now, so none is cached (an object cache would hand a
// sender rows another sender already deleted), and its table has no WordPress API.
// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- see above.

/**
 * One row per thing the site must regenerate: an item (`rest_base` + section + slug), `scope: all`
 * or `redirects`. A request writes its rows (an atomic upsert: a newer change of the same item
 * supersedes the row, keeps its first_queued and bumps its version) BEFORE it sends, so a PHP crash
 * after the write loses nothing: the next request, or the WP-cron event, sends it.
 *
 * A delivery sends every row as one version-2 payload (more than MAX_ITEMS items: `scope: all`)
 * and, when the site acknowledges it (2xx: 202 for a change), deletes each row only when its
 * version is still the one sent (a row changed during the send is sent again). A 4xx other than
 * 401/403/408/429 is a permanent refusal: logged, and the rows dropped. Anything else (no answer,
 * 5xx; 401 and 403, a secret that does not match the site's, which an operator fixes, and the
 * changes must then still arrive; 408, 429) keeps the rows and sets the next attempt: 1, 2, 4 s after the first failures, then
 * every 5 s, every 60 s once the site has failed for an hour (or the site's Retry-After, up to
 * 60 s). That time lives in an autoloaded option, so every request's shutdown can see for free
 * whether a retry is due. One sender at a time: a lock row (with an expiry) in the options table.
 */
final class Outbox {

	/**
	 * 4xx answers that are not the payload's fault, so the rows stay and are sent again: a wrong or
	 * missing secret (401, 403: a setting an operator corrects), a timeout (408), too many requests (429).
	 */
	public const RETRIED_CLIENT_ERRORS = array( 401, 403, 408, 429 );

	/** The table's name without WordPress's prefix. */
	public const TABLE = 'payments_headless_outbox';

	/** The version of the table's schema; a stored mismatch runs dbDelta (an already-active plugin). */
	public const SCHEMA_VERSION = '1';

	/** Option holding the schema version installed. */
	public const SCHEMA_OPTION = 'payments_headless_outbox_schema';

	/** Autoloaded option: `{at, failures, since, error, rev}`; `at` 0 = no retry pending. */
	public const STATE_OPTION = 'payments_headless_outbox_state';

	/** Option row used as the sender's lock (`{expiry}|{token}`; never autoloaded or cached). */
	public const LOCK_OPTION = 'payments_headless_outbox_lock';

	/** Seconds after which a sender's lock is taken over (a sender that died). */
	public const LOCK_SECONDS = 60;

	/** The recurring WP-cron event that retries while rows wait. */
	public const CRON_HOOK = 'payments_headless_deliver_outbox';

	/** Its schedule (every CRON_SECONDS). */
	public const CRON_SCHEDULE = 'payments_headless_minute';

	public const CRON_SECONDS = 60;

	/** The most items one payload carries (the site's limit); more: `scope: all`. */
	public const MAX_ITEMS = 100;

	/** Rows one delivery reads (more wait for the next round; `scope: all` covers them meanwhile). */
	public const MAX_ROWS = 1000;

	/** Deliveries one sender makes while rows keep arriving or changing during its sends. */
	public const MAX_ROUNDS = 5;

	/** The backoff after the 1st, 2nd, 3rd failure; then BACKOFF_STEADY, then BACKOFF_SLOW after an hour. */
	public const BACKOFF = array( 1, 2, 4 );

	public const BACKOFF_STEADY = 5;

	public const BACKOFF_SLOW = 60;

	public const SLOW_AFTER = HOUR_IN_SECONDS;

	/** Hooks the cron event, its schedule and the schema check. */
	public static function register(): void {
		add_filter( 'cron_schedules', array( self::class, 'cronSchedules' ) ); // phpcs:ignore WordPress.WP.CronInterval.ChangeDetected -- once a minute (CRON_SECONDS): the outbox's retry cadence, docs/reliability.md §5.
		add_action( self::CRON_HOOK, array( self::class, 'onCron' ) );
		add_action( 'plugins_loaded', array( self::class, 'maybeInstall' ) );
	}

	/** The table's full name. */
	public static function table(): string {
		global $wpdb;
		return $wpdb->prefix . self::TABLE;
	}

	/**
	 * Adds the cron schedule.
	 *
	 * @param mixed $schedules WordPress's schedules.
	 * @return mixed
	 */
	public static function cronSchedules( mixed $schedules ): mixed {
		if ( is_array( $schedules ) ) {
			$schedules[ self::CRON_SCHEDULE ] = array(
				'interval' => self::CRON_SECONDS,
				'display'  => __( 'Every minute (Payments Headless outbox)', 'payments-headless' ),
			);
		}
		return $schedules;
	}

	/* ---------------------------------------------------------------- schema */

	/** Creates or updates the table (activation, and a stored schema version that differs). */
	public static function install(): void {
		global $wpdb;
		require_once ABSPATH . 'wp-admin/includes/upgrade.php';
		$table   = self::table();
		$collate = $wpdb->get_charset_collate();
		// dbDelta's format: one column a line, two spaces after PRIMARY KEY.
		dbDelta(
			"CREATE TABLE {$table} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  item_key char(40) NOT NULL,
  kind varchar(20) NOT NULL,
  item text NOT NULL,
  event varchar(100) NOT NULL DEFAULT '',
  version bigint(20) unsigned NOT NULL DEFAULT 1,
  first_queued bigint(20) unsigned NOT NULL,
  updated_at bigint(20) unsigned NOT NULL,
  PRIMARY KEY  (id),
  UNIQUE KEY item_key (item_key),
  KEY first_queued (first_queued)
) {$collate};"
		);
		update_option( self::SCHEMA_OPTION, self::SCHEMA_VERSION, true );
		// The state exists from the start: a missing option would cost every request's shutdown a query.
		add_option(
			self::STATE_OPTION,
			array(
				'at'       => 0.0,
				'failures' => 0,
				'since'    => 0,
				'error'    => null,
			),
			'',
			'yes'
		);
	}

	/** An already-active plugin runs no activation hook: the stored schema version is checked. */
	public static function maybeInstall(): void {
		if ( self::SCHEMA_VERSION !== get_option( self::SCHEMA_OPTION ) ) {
			self::install();
		}
	}

	/* ---------------------------------------------------------------- queueing */

	/**
	 * Writes a request's changes as rows (before anything is sent). False when nothing can be sent
	 * (the site's URL or secret is missing: logged as "Not sent", nothing is kept).
	 *
	 * @param array{event: string, items: list<array<string, string>>, all: bool, redirects: bool} $changes
	 */
	public static function queue( array $changes ): bool {
		if ( null === Config::siteUrl() || null === Config::revalidateSecret() ) {
			WebhookLog::add(
				array_merge(
					self::entry(
						array(
							'event'     => $changes['event'],
							'items'     => $changes['items'],
							'scope'     => $changes['all'] ? 'all' : 'items',
							'redirects' => $changes['redirects'],
						),
						1
					),
					array( 'error' => self::NOT_CONFIGURED )
				)
			);
			return false;
		}
		$rows = array();
		foreach ( $changes['items'] as $item ) {
			$key    = 'item|' . $item['rest_base'] . '|' . ( $item['section'] ?? '' ) . '|' . $item['slug'];
			$rows[] = array( $key, 'item', (string) wp_json_encode( $item ) );
		}
		if ( $changes['all'] ) {
			$rows[] = array( 'scope|all', 'all', '' );
		}
		if ( $changes['redirects'] ) {
			$rows[] = array( 'redirects', 'redirects', '' );
		}
		if ( array() === $rows ) {
			return false;
		}
		$event = substr( $changes['event'], 0, 100 );
		if ( ! self::upsert( $rows, $event ) ) {
			// The table went missing (a restore, a hand-made drop): make it and try once more.
			self::install();
			self::upsert( $rows, $event );
		}
		$state = self::state();
		if ( $state['at'] <= 0 ) {
			// Due now: if this request dies before it sends, any next request sends.
			self::saveState( array( 'at' => microtime( true ) ) + $state );
		}
		if ( false === wp_next_scheduled( self::CRON_HOOK ) ) {
			wp_schedule_event( time() + self::CRON_SECONDS, self::CRON_SCHEDULE, self::CRON_HOOK );
		}
		return true;
	}

	/**
	 * The atomic upsert of rows (one statement per 100): a newer change supersedes the row.
	 *
	 * @param list<array{string, string, string}> $rows key, kind, item JSON
	 */
	private static function upsert( array $rows, string $event ): bool {
		global $wpdb;
		$table = self::table();
		$now   = time();
		$ok    = true;
		foreach ( array_chunk( $rows, 100 ) as $chunk ) {
			$values = array();
			foreach ( $chunk as [$key, $kind, $item] ) {
				$values[] = $wpdb->prepare( '(%s, %s, %s, %s, 1, %d, %d)', sha1( $key ), $kind, $item, $event, $now, $now );
			}
			$sql      = "INSERT INTO {$table} (item_key, kind, item, event, version, first_queued, updated_at) VALUES "
				. implode( ', ', $values )
				. ' ON DUPLICATE KEY UPDATE kind = VALUES(kind), item = VALUES(item), event = VALUES(event),'
				. ' version = version + 1, updated_at = VALUES(updated_at)';
			$suppress = $wpdb->suppress_errors( true );
			// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- the table's name and prepare()d values only.
			$result = $wpdb->query( $sql );
			$wpdb->suppress_errors( $suppress );
			$ok = $ok && false !== $result;
		}
		return $ok;
	}

	/* ---------------------------------------------------------------- delivering */

	/** "Not sent" when the configuration is missing. */
	public const NOT_CONFIGURED = 'Not sent: HEADLESS_SITE_URL or HEADLESS_REVALIDATE_SECRET is not set or invalid.';

	/**
	 * Whether a delivery is due (the autoloaded state only: no query).
	 */
	public static function isDue(): bool {
		$at = self::state()['at'];
		return $at > 0 && $at <= microtime( true );
	}

	/** The recurring cron event: delivers when due, or when rows wait without a time (a lost race). */
	public static function onCron(): void {
		if ( 0 === self::count() ) {
			wp_clear_scheduled_hook( self::CRON_HOOK );
			return;
		}
		$at = self::state()['at'];
		if ( $at <= 0 || $at <= microtime( true ) ) {
			self::deliver();
		}
	}

	/**
	 * Sends what the outbox holds, as long as the site acknowledges and rows remain (at most
	 * MAX_ROUNDS deliveries). Does nothing when another sender holds the lock.
	 *
	 * @return list<array<string, mixed>> The log entries of the deliveries made.
	 */
	public static function deliver(): array {
		$token = self::lock();
		if ( null === $token ) {
			return array();
		}
		$entries = array();
		try {
			$failed = false;
			for ( $round = 0; $round < self::MAX_ROUNDS && ! $failed; $round++ ) {
				$rows = self::rows( self::MAX_ROWS );
				if ( array() === $rows ) {
					break;
				}
				$entry     = self::deliverRows( $rows );
				$entries[] = $entry;
				$failed    = ! $entry['ok'] && empty( $entry['dropped'] );
			}
			if ( ! $failed ) {
				// Cleared before counting: a row queued meanwhile sets it again, or is counted here.
				self::saveState(
					array(
						'at'       => 0.0,
						'failures' => 0,
						'since'    => 0,
					) + self::state()
				);
				if ( self::count() > 0 ) {
					self::saveState( array( 'at' => microtime( true ) ) + self::state() );
				} else {
					wp_clear_scheduled_hook( self::CRON_HOOK );
				}
			} elseif ( false === wp_next_scheduled( self::CRON_HOOK ) ) {
				wp_schedule_event( time() + self::CRON_SECONDS, self::CRON_SCHEDULE, self::CRON_HOOK );
			}
		} finally {
			self::unlock( $token );
		}
		return $entries;
	}

	/**
	 * One delivery of rows; the outcome is applied to the rows and the state, and logged.
	 *
	 * @param list<array<string, mixed>> $rows
	 * @return array<string, mixed> The log entry.
	 */
	private static function deliverRows( array $rows ): array {
		$state   = self::state();
		$payload = self::payload( $rows );
		$entry   = self::entry( $payload, $state['failures'] + 1 );
		$result  = Webhook::send( $payload );
		$entry   = array_merge( $entry, $result );
		$now     = microtime( true );
		$status  = $result['status'];
		$refused = null !== $status && $status >= 400 && $status < 500 && ! in_array( $status, self::RETRIED_CLIENT_ERRORS, true );
		if ( $entry['ok'] || $refused ) {
			// Acknowledged (or refused for good): the rows sent go, unless they changed meanwhile.
			self::deleteSent( $rows );
			$entry['dropped'] = $refused;
			self::saveState(
				array(
					'failures' => 0,
					'since'    => 0,
					'error'    => $refused ? $entry['error'] : null,
				) + $state
			);
		} else {
			$failures   = $state['failures'] + 1;
			$since      = $state['since'] > 0 ? $state['since'] : (int) $now;
			$delay      = self::backoff( $failures, (int) $now - $since );
			$retryAfter = $result['retry_after'];
			if ( null !== $retryAfter ) {
				$delay = max( $delay, min( $retryAfter, self::BACKOFF_SLOW ) );
			}
			$entry['retry_at'] = (int) ceil( $now + $delay );
			self::saveState(
				array(
					'at'       => $now + $delay,
					'failures' => $failures,
					'since'    => $since,
					'error'    => $entry['error'],
				) + $state
			);
		}
		unset( $entry['retry_after'] );
		WebhookLog::add( $entry );
		return $entry;
	}

	/**
	 * Seconds before the next attempt after the n-th failure in a row.
	 *
	 * @param int $failures       Failures in a row, 1 for the first.
	 * @param int $failingSeconds Seconds since the first of them.
	 */
	public static function backoff( int $failures, int $failingSeconds ): int {
		if ( $failingSeconds >= self::SLOW_AFTER ) {
			return self::BACKOFF_SLOW;
		}
		return self::BACKOFF[ $failures - 1 ] ?? self::BACKOFF_STEADY;
	}

	/**
	 * The version-2 payload of rows (docs/reliability.md §1).
	 *
	 * @param list<array<string, mixed>> $rows
	 * @return array{v: int, id: string, event: string, items: list<array<string, string>>, scope: string, redirects: bool}
	 */
	public static function payload( array $rows ): array {
		$items     = array();
		$all       = false;
		$redirects = false;
		$events    = array();
		foreach ( $rows as $row ) {
			foreach ( explode( ',', (string) $row['event'] ) as $event ) {
				$events[ $event ] = true;
			}
			if ( 'all' === $row['kind'] ) {
				$all = true;
			} elseif ( 'redirects' === $row['kind'] ) {
				$redirects = true;
			} elseif ( 'item' === $row['kind'] ) {
				$item = json_decode( (string) $row['item'], true );
				if ( is_array( $item ) && isset( $item['rest_base'], $item['slug'] ) ) {
					$items[] = $item;
				}
			}
		}
		if ( count( $items ) > self::MAX_ITEMS ) {
			// Every page is regenerated: the first items (addresses that went away first) still listed.
			$items = array_slice( $items, 0, self::MAX_ITEMS );
			$all   = true;
		}
		return array(
			'v'         => 2,
			'id'        => 'wp-' . time() . '-' . bin2hex( random_bytes( 4 ) ),
			'event'     => Webhook::eventLabel( array_keys( $events ) ),
			'items'     => $items,
			'scope'     => $all ? 'all' : 'items',
			'redirects' => $redirects,
		);
	}

	/**
	 * A log entry for a payload (before its outcome).
	 *
	 * @param array<string, mixed> $payload
	 * @return array<string, mixed>
	 */
	public static function entry( array $payload, int $attempt ): array {
		return array(
			'time'      => time(),
			'id'        => $payload['id'] ?? null,
			'event'     => (string) $payload['event'],
			'items'     => $payload['items'],
			'scope'     => (string) ( $payload['scope'] ?? 'items' ),
			'redirects' => ! empty( $payload['redirects'] ),
			'attempt'   => $attempt,
			'status'    => null,
			'error'     => null,
			'ok'        => false,
			'retry_at'  => null,
			'dropped'   => false,
		);
	}

	/**
	 * The rows, oldest first.
	 *
	 * @return list<array<string, mixed>>
	 */
	public static function rows( int $limit = self::MAX_ROWS ): array {
		global $wpdb;
		$table    = self::table();
		$suppress = $wpdb->suppress_errors( true );
		$rows     = $wpdb->get_results(
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- {$table} is the table's name ($wpdb->prefix and a constant).
			$wpdb->prepare( "SELECT id, version, kind, item, event, first_queued, updated_at FROM {$table} ORDER BY id LIMIT %d", $limit ),
			ARRAY_A
		);
		$wpdb->suppress_errors( $suppress );
		return is_array( $rows ) ? array_values( $rows ) : array();
	}

	/**
	 * Deletes the rows sent, each only at the version sent.
	 *
	 * @param list<array<string, mixed>> $rows
	 */
	private static function deleteSent( array $rows ): void {
		global $wpdb;
		$table = self::table();
		foreach ( array_chunk( $rows, 200 ) as $chunk ) {
			$where = array();
			foreach ( $chunk as $row ) {
				$where[] = $wpdb->prepare( '(id = %d AND version = %d)', (int) $row['id'], (int) $row['version'] );
			}
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared -- the table's name and prepare()d conditions only.
			$wpdb->query( "DELETE FROM {$table} WHERE " . implode( ' OR ', $where ) );
		}
	}

	/** How many rows wait. */
	public static function count(): int {
		global $wpdb;
		$table    = self::table();
		$suppress = $wpdb->suppress_errors( true );
		$count    = $wpdb->get_var( "SELECT COUNT(*) FROM {$table}" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the table's name only.
		$wpdb->suppress_errors( $suppress );
		return (int) $count;
	}

	/**
	 * For the status screen: rows waiting, the oldest's first_queued (null when empty), the next
	 * attempt (null when none is set), failures in a row and the last error.
	 *
	 * @return array{count: int, oldest: int|null, next: float|null, failures: int, error: string|null}
	 */
	public static function summary(): array {
		global $wpdb;
		$table    = self::table();
		$suppress = $wpdb->suppress_errors( true );
		$row      = $wpdb->get_row( "SELECT COUNT(*) AS n, MIN(first_queued) AS oldest FROM {$table}", ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the table's name only.
		$wpdb->suppress_errors( $suppress );
		$state = self::state();
		$count = is_array( $row ) ? (int) $row['n'] : 0;
		return array(
			'count'    => $count,
			'oldest'   => $count > 0 ? (int) $row['oldest'] : null,
			'next'     => $count > 0 && $state['at'] > 0 ? $state['at'] : null,
			'failures' => $state['failures'],
			'error'    => $state['error'],
		);
	}

	/* ---------------------------------------------------------------- state and lock */

	/**
	 * The retry state (autoloaded option).
	 *
	 * @return array{at: float, failures: int, since: int, error: string|null}
	 */
	public static function state(): array {
		$state = get_option( self::STATE_OPTION, array() );
		$state = is_array( $state ) ? $state : array();
		return array(
			'at'       => (float) ( $state['at'] ?? 0 ),
			'failures' => (int) ( $state['failures'] ?? 0 ),
			'since'    => (int) ( $state['since'] ?? 0 ),
			'error'    => isset( $state['error'] ) && is_string( $state['error'] ) ? $state['error'] : null,
		);
	}

	/**
	 * Writes the state. `rev` makes each write differ from what this process read, so that
	 * update_option never skips a write because its cached copy (another request may have written
	 * since) happens to be equal.
	 *
	 * @param array<string, mixed> $state
	 */
	public static function saveState( array $state ): void {
		$state = array(
			'at'       => (float) ( $state['at'] ?? 0 ),
			'failures' => (int) ( $state['failures'] ?? 0 ),
			'since'    => (int) ( $state['since'] ?? 0 ),
			'error'    => $state['error'] ?? null,
			'rev'      => uniqid( '', true ),
		);
		update_option( self::STATE_OPTION, $state, true );
	}

	/** Takes the sender's lock; the token to release it, or null when another sender holds it. */
	private static function lock(): ?string {
		global $wpdb;
		$now   = time();
		$token = ( $now + self::LOCK_SECONDS ) . '|' . bin2hex( random_bytes( 8 ) );
		$taken = $wpdb->query(
			$wpdb->prepare(
				"INSERT IGNORE INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, %s, 'no')",
				self::LOCK_OPTION,
				$token
			)
		);
		if ( 1 !== $taken ) {
			// A lock whose sender died (its expiry passed) is taken over, atomically.
			$taken = $wpdb->query(
				$wpdb->prepare(
					"UPDATE {$wpdb->options} SET option_value = %s WHERE option_name = %s"
					. " AND CAST(SUBSTRING_INDEX(option_value, '|', 1) AS UNSIGNED) < %d",
					$token,
					self::LOCK_OPTION,
					$now
				)
			);
		}
		return 1 === $taken ? $token : null;
	}

	/** Releases the lock (only this sender's). */
	private static function unlock( string $token ): void {
		global $wpdb;
		$wpdb->query(
			$wpdb->prepare(
				"DELETE FROM {$wpdb->options} WHERE option_name = %s AND option_value = %s",
				self::LOCK_OPTION,
				$token
			)
		);
	}
}
// phpcs:enable
