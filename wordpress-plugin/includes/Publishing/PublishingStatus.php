<?php

/**
 * The administrators' status screen of the webhook (Tools → Headless publishing), its "Send a test"
 * action and the notice of failed deliveries.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Everything here needs `manage_options`. Output is escaped; the secret is never shown (only
 * whether it is set, through Config::problems()).
 */
final class PublishingStatus {

	/** The screen's page slug (`tools.php?page=…`). */
	public const PAGE = 'payments-headless-publishing';

	/** The admin-post action (and nonce action) of "Send a test". */
	public const TEST_ACTION = 'payments_headless_send_test';

	/** The capability every part of the screen needs. */
	public const CAPABILITY = 'manage_options';

	/** The test payload (version 2, plus a delivery id): the site answers 200 `{"test": true}` without work. */
	public const TEST_PAYLOAD = array(
		'v'     => 2,
		'event' => 'test',
		'items' => array(),
		'scope' => 'items',
	);

	/** Adds the screen under Tools. */
	public static function addPage(): void {
		add_management_page(
			esc_html__( 'Headless publishing', 'payments-headless' ),
			esc_html__( 'Headless publishing', 'payments-headless' ),
			self::CAPABILITY,
			self::PAGE,
			array( self::class, 'render' )
		);
	}

	/** The screen's address. */
	public static function url(): string {
		return admin_url( 'tools.php?page=' . self::PAGE );
	}

	/** The screen: configuration problems, "Send a test", the last deliveries. */
	public static function render(): void {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to see this page.', 'payments-headless' ), '', array( 'response' => 403 ) );
		}
		WebhookLog::markSeen();
		$siteUrl = Config::siteUrl();
		echo '<div class="wrap"><h1>' . esc_html__( 'Headless publishing', 'payments-headless' ) . '</h1>';
		echo '<p>' . esc_html__( 'Every change that alters what visitors see is written to an outbox in the database, then sent to the site (POST /api/revalidate). It stays there, and is retried (after 1, 2, 4 s, then every 5 s; every minute after an hour), until the site acknowledges it.', 'payments-headless' ) . '</p>';
		self::renderResult();
		self::renderOutbox();
		echo '<h2>' . esc_html__( 'Configuration', 'payments-headless' ) . '</h2>';
		echo '<p>' . esc_html__( 'Site:', 'payments-headless' ) . ' <code>'
			. esc_html( $siteUrl ?? __( '(not set)', 'payments-headless' ) ) . '</code> · '
			. esc_html__( 'Secret:', 'payments-headless' ) . ' '
			. esc_html( null !== Config::revalidateSecret() ? __( 'set', 'payments-headless' ) : __( 'not set', 'payments-headless' ) )
			. '</p>';
		$problems = Config::problems();
		if ( array() === $problems ) {
			echo '<p>' . esc_html__( 'No problems found.', 'payments-headless' ) . '</p>';
		} else {
			echo '<ul class="payments-headless-problems">';
			foreach ( $problems as $problem ) {
				echo '<li>' . esc_html( $problem ) . '</li>';
			}
			echo '</ul>';
		}
		echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '">';
		echo '<input type="hidden" name="action" value="' . esc_attr( self::TEST_ACTION ) . '">';
		wp_nonce_field( self::TEST_ACTION );
		submit_button( __( 'Send a test', 'payments-headless' ), 'secondary', 'submit', false );
		echo '</form>';
		self::renderLog();
		echo '</div>';
	}

	/** The outcome of "Send a test", after its redirect. */
	private static function renderResult(): void {
		// Only a flag to pick a message, set by sendTest()'s redirect (which checked the nonce): nothing
		// from the request is printed or changes anything.
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- see above.
		$result = isset( $_GET['payments_headless_test'] ) ? sanitize_key( wp_unslash( (string) $_GET['payments_headless_test'] ) ) : '';
		if ( 'ok' === $result ) {
			echo '<div class="notice notice-success"><p>' . esc_html__( 'The test was delivered.', 'payments-headless' ) . '</p></div>';
		} elseif ( 'failed' === $result ) {
			echo '<div class="notice notice-error"><p>'
				. esc_html__( 'The test failed: see the first delivery below.', 'payments-headless' ) . '</p></div>';
		}
	}

	/** The outbox: how many changes wait, the oldest's age, the next attempt, the last error. */
	private static function renderOutbox(): void {
		$outbox = Outbox::summary();
		echo '<h2>' . esc_html__( 'Outbox', 'payments-headless' ) . '</h2>';
		echo '<p class="payments-headless-outbox">';
		if ( 0 === $outbox['count'] ) {
			echo esc_html__( 'Empty: the site has acknowledged every change.', 'payments-headless' );
		} else {
			$oldest = (int) $outbox['oldest'];
			echo esc_html(
				sprintf(
				/* translators: 1: number of changes, 2: age such as "5 mins", 3: UTC time */
					_n(
						'%1$d change waits for the site; the oldest was queued %2$s ago (%3$s UTC).',
						'%1$d changes wait for the site; the oldest was queued %2$s ago (%3$s UTC).',
						$outbox['count'],
						'payments-headless'
					),
					$outbox['count'],
					human_time_diff( $oldest, time() ),
					gmdate( 'Y-m-d H:i:s', $oldest )
				)
			);
			if ( null !== $outbox['next'] ) {
				echo ' ' . esc_html(
					sprintf(
					/* translators: 1: UTC time, 2: failures in a row */
						__( 'Next attempt: %1$s UTC (after %2$d failed attempts in a row).', 'payments-headless' ),
						gmdate( 'H:i:s', (int) ceil( $outbox['next'] ) ),
						$outbox['failures']
					)
				);
			}
		}
		echo '</p>';
		if ( null !== $outbox['error'] ) {
			echo '<p class="payments-headless-outbox-error">' . esc_html__( 'Last error:', 'payments-headless' ) . ' '
				. esc_html( $outbox['error'] ) . '</p>';
		}
	}

	/** The last deliveries, newest first. */
	private static function renderLog(): void {
		echo '<h2>' . esc_html__( 'Last deliveries', 'payments-headless' ) . '</h2>';
		$entries = WebhookLog::entries();
		if ( array() === $entries ) {
			echo '<p>' . esc_html__( 'Nothing was sent yet.', 'payments-headless' ) . '</p>';
			return;
		}
		echo '<table class="widefat striped payments-headless-log"><thead><tr>';
		$headings = array(
			__( 'Time (UTC)', 'payments-headless' ),
			__( 'Delivery', 'payments-headless' ),
			__( 'Event', 'payments-headless' ),
			__( 'Sent', 'payments-headless' ),
			__( 'HTTP status', 'payments-headless' ),
			__( 'Result', 'payments-headless' ),
			__( 'Attempt', 'payments-headless' ),
		);
		foreach ( $headings as $heading ) {
			echo '<th scope="col">' . esc_html( $heading ) . '</th>';
		}
		echo '</tr></thead><tbody>';
		foreach ( $entries as $entry ) {
			$items = array();
			foreach ( (array) ( $entry['items'] ?? array() ) as $item ) {
				if ( is_array( $item ) ) {
					$items[] = implode(
						'/',
						array_map(
							'strval',
							array_filter(
								array(
									$item['rest_base'] ?? '',
									$item['section'] ?? '',
									$item['slug'] ?? '',
								),
								static fn ( $part ): bool => '' !== $part
							)
						)
					);
				}
			}
			// `menu`: an entry logged by an earlier version (version 1's flag).
			if ( 'all' === ( $entry['scope'] ?? null ) || ! empty( $entry['menu'] ) ) {
				$items[] = __( 'all pages', 'payments-headless' );
			}
			if ( ! empty( $entry['redirects'] ) ) {
				$items[] = __( 'redirects', 'payments-headless' );
			}
			if ( ! empty( $entry['ok'] ) ) {
				$result = __( 'delivered', 'payments-headless' );
			} elseif ( ! empty( $entry['dropped'] ) ) {
				/* translators: %s: the error. */
				$result = sprintf( __( 'refused for good, dropped: %s', 'payments-headless' ), (string) ( $entry['error'] ?? '' ) );
			} else {
				/* translators: %s: the error. */
				$result = sprintf( __( 'failed: %s', 'payments-headless' ), (string) ( $entry['error'] ?? '' ) );
			}
			if ( empty( $entry['ok'] ) && ! empty( $entry['retry_at'] ) ) {
				/* translators: %s: UTC time. */
				$result .= ' ' . sprintf( __( '(retry at %s)', 'payments-headless' ), gmdate( 'H:i:s', (int) $entry['retry_at'] ) );
			}
			echo '<tr class="' . esc_attr( ! empty( $entry['ok'] ) ? 'is-delivered' : 'is-failed' ) . '">';
			echo '<td>' . esc_html( gmdate( 'Y-m-d H:i:s', (int) ( $entry['time'] ?? 0 ) ) ) . '</td>';
			echo '<td>' . esc_html( is_string( $entry['id'] ?? null ) ? $entry['id'] : '—' ) . '</td>';
			echo '<td>' . esc_html( (string) ( $entry['event'] ?? '' ) ) . '</td>';
			echo '<td>' . esc_html( array() === $items ? __( '(nothing)', 'payments-headless' ) : implode( ', ', $items ) ) . '</td>';
			echo '<td>' . esc_html( isset( $entry['status'] ) ? (string) $entry['status'] : '—' ) . '</td>';
			echo '<td>' . esc_html( $result ) . '</td>';
			echo '<td>' . esc_html( (string) ( $entry['attempt'] ?? 1 ) ) . '</td>';
			echo '</tr>';
		}
		echo '</tbody></table>';
	}

	/**
	 * "Send a test" (admin-post): nonce and capability checked, the test payload sent at once (no
	 * retry: it is a test), then back to the screen.
	 */
	public static function sendTest(): void {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to do that.', 'payments-headless' ), '', array( 'response' => 403 ) );
		}
		check_admin_referer( self::TEST_ACTION );
		$entry = self::test();
		wp_safe_redirect( add_query_arg( 'payments_headless_test', ! empty( $entry['ok'] ) ? 'ok' : 'failed', self::url() ) );
		exit;
	}

	/**
	 * Sends the test payload now (not through the outbox: a test is not retried) and returns the
	 * log entry. Delivered means the site's 200 `{"test": true}`.
	 *
	 * @return array<string, mixed>
	 */
	public static function test(): array {
		$payload = array(
			'v'  => 2,
			'id' => 'wp-test-' . time() . '-' . bin2hex( random_bytes( 4 ) ),
		) + self::TEST_PAYLOAD;
		$entry   = array_merge( Outbox::entry( $payload, 1 ), Webhook::send( $payload ) );
		unset( $entry['retry_after'] );
		WebhookLog::add( $entry );
		return $entry;
	}

	/** The notice of failed deliveries, to administrators, on every wp-admin screen but the status screen. */
	public static function notice(): void {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			return;
		}
		$screen = function_exists( 'get_current_screen' ) ? get_current_screen() : null;
		if ( null !== $screen && 'tools_page_' . self::PAGE === $screen->id ) {
			return;
		}
		$failures = WebhookLog::unseenFailures();
		if ( array() === $failures ) {
			return;
		}
		$pending = Outbox::count();
		$text    = sprintf(
			/* translators: %d: number of failed deliveries */
			_n(
				'%d delivery to the site failed: visitors may see old content.',
				'%d deliveries to the site failed: visitors may see old content.',
				count( $failures ),
				'payments-headless'
			),
			count( $failures )
		);
		if ( $pending > 0 ) {
			$text .= ' ' . sprintf(
				/* translators: %d: number of changes in the outbox */
				_n(
					'%d change waits in the outbox and is retried until the site acknowledges it.',
					'%d changes wait in the outbox and are retried until the site acknowledges them.',
					$pending,
					'payments-headless'
				),
				$pending
			);
		}
		echo '<div class="notice notice-error payments-headless-delivery-failed"><p>' . esc_html( $text ) . ' <a href="'
			. esc_url( self::url() ) . '">' . esc_html__( 'See Headless publishing', 'payments-headless' ) . '</a></p></div>';
	}
}
