<?php

/**
 * The webhook's durable outbox (docs/reliability.md §1 and §5): written before sending, merged,
 * retried with backoff until acknowledged, refused payloads dropped, one sender at a time.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Tests;

use PaymentsHeadless\Outbox;
use PaymentsHeadless\Webhook;
use PaymentsHeadless\WebhookLog;

final class OutboxTest extends WebhookTestCase {

	private const ACCEPTED = array(
		'response' => array(
			'code'    => 202,
			'message' => 'Accepted',
		),
		'body'     => '{"accepted":"x","job":"j"}',
	);

	public function testThePayloadIsVersionTwoWithADeliveryIdAndScope(): void {
		$id = $this->createPost( 'news', array( 'post_name' => 'ph-ob-shape' ) );
		Webhook::reset();
		wp_update_post(
			array(
				'ID'         => $id,
				'post_title' => 'Shape',
			)
		);
		$this->endRequest();
		$payload = $this->onePayload();
		$this->assertSame( array( 'v', 'id', 'event', 'items', 'scope', 'redirects' ), array_keys( $payload ) );
		$this->assertPayload(
			array(
				'event'     => 'update',
				'items'     => array(
					array(
						'rest_base' => 'news',
						'slug'      => 'ph-ob-shape',
					),
				),
				'scope'     => 'items',
				'redirects' => false,
			),
			$payload
		);
		$this->assertMatchesRegularExpression( '/^wp-\d+-[0-9a-f]{8}$/', $payload['id'] );
		$this->assertSame( $payload['id'], WebhookLog::entries()[0]['id'], 'the log names the delivery' );
		$this->assertSame( 0, Outbox::count(), 'acknowledged: deleted' );
	}

	public function testTheRowIsInTheTableBeforeTheSend(): void {
		$id = $this->createPost( 'news', array( 'post_name' => 'ph-ob-before' ) );
		Webhook::reset();
		$seen             = array();
		$this->duringSend = static function () use ( &$seen ): void {
			$seen = array_map( static fn ( array $row ): string => (string) $row['item'], Outbox::rows() );
		};
		wp_update_post(
			array(
				'ID'         => $id,
				'post_title' => 'Before',
			)
		);
		$this->endRequest();
		$this->assertSame( array( '{"rest_base":"news","slug":"ph-ob-before"}' ), $seen );
		$this->assertSame( 0, Outbox::count() );
	}

	public function testAChangeQueuedByARequestThatDiedBeforeSendingIsSentByTheNextRequest(): void {
		$id = $this->createPost( 'news', array( 'post_name' => 'ph-ob-crash' ) );
		Webhook::reset();
		wp_update_post(
			array(
				'ID'         => $id,
				'post_title' => 'Crash',
			)
		);
		// The request queues, then dies before it sends (what onShutdown does first).
		$this->assertTrue( Outbox::queue( (array) Webhook::takeChanges() ) );
		$this->assertSame( array(), $this->requests );
		$this->assertSame( 1, Outbox::count() );

		// Any next request (here one that changed nothing) sends it at its end.
		$this->endRequest();
		$this->assertSame(
			array(
				array(
					'rest_base' => 'news',
					'slug'      => 'ph-ob-crash',
				),
			),
			$this->onePayload()['items']
		);
		$this->assertSame( 0, Outbox::count() );
		$this->assertFalse( Outbox::isDue() );
	}

	public function testAChangeWaitingInTheOutboxIsAlsoSentByTheCronEvent(): void {
		$this->queueItem( 'ph-ob-cron' );
		$this->assertNotFalse( wp_next_scheduled( Outbox::CRON_HOOK ), 'the recurring event is scheduled' );
		do_action( Outbox::CRON_HOOK );
		$this->assertSame(
			array(
				array(
					'rest_base' => 'news',
					'slug'      => 'ph-ob-cron',
				),
			),
			$this->onePayload()['items']
		);
		$this->assertSame( 0, Outbox::count() );
		$this->assertFalse( wp_next_scheduled( Outbox::CRON_HOOK ), 'an empty outbox needs no event' );
	}

	public function testANewerChangeOfTheSameItemSupersedesItsRowAndKeepsTheFirstQueuedTime(): void {
		global $wpdb;
		$this->queueItem( 'ph-ob-merge', 'publish' );
		$wpdb->query( 'UPDATE ' . Outbox::table() . ' SET first_queued = 1000, updated_at = 1000' );
		$this->queueItem( 'ph-ob-merge', 'update' );
		$this->queueItem( 'ph-ob-other', 'update' );
		$rows = Outbox::rows();
		$this->assertCount( 2, $rows, 'one row per item' );
		$this->assertSame( '{"rest_base":"news","slug":"ph-ob-merge"}', $rows[0]['item'] );
		$this->assertSame( '2', (string) $rows[0]['version'], 'superseded' );
		$this->assertSame( 'update', $rows[0]['event'], 'the newer change' );
		$this->assertSame( '1000', (string) $rows[0]['first_queued'], 'first queued kept' );
		$this->assertGreaterThan( 1000, (int) $rows[0]['updated_at'] );
		$this->assertSame( '1', (string) $rows[1]['version'] );

		// The scope and redirects rows merge too; one delivery sends everything.
		Outbox::queue(
			array(
				'event'     => 'menu_save',
				'items'     => array(),
				'all'       => true,
				'redirects' => false,
			)
		);
		Outbox::queue(
			array(
				'event'     => 'styles',
				'items'     => array(),
				'all'       => true,
				'redirects' => true,
			)
		);
		$this->assertSame( 4, Outbox::count() );
		Outbox::deliver();
		$payload = $this->onePayload();
		$this->assertCount( 2, $payload['items'] );
		$this->assertSame( 'all', $payload['scope'] );
		$this->assertTrue( $payload['redirects'] );
		$this->assertSame( 'update,styles', $payload['event'] );
		$this->assertSame( 0, Outbox::count() );
	}

	public function testAFailedDeliveryIsRetriedWithBackoffUntilTheSiteAcknowledges(): void {
		$this->answer = new \WP_Error( 'http_request_failed', 'cURL error 7: Failed to connect' );
		$id           = $this->createPost( 'news', array( 'post_name' => 'ph-ob-backoff' ) );
		Webhook::reset();
		wp_update_post(
			array(
				'ID'         => $id,
				'post_title' => 'Backoff',
			)
		);
		$this->endRequest();
		$this->assertCount( 1, $this->requests );
		$this->assertRetryIn( 1 );

		// Not yet due: a request's end sends nothing.
		$this->endRequest();
		$this->assertCount( 1, $this->requests, 'the backoff is respected' );

		foreach ( array( 2, 4, 5, 5 ) as $n => $seconds ) {
			$this->makeDue();
			$this->endRequest();
			$this->assertCount( $n + 2, $this->requests );
			$this->assertRetryIn( $seconds );
		}
		$this->assertSame( 5, Outbox::state()['failures'] );
		$this->assertSame( 5, WebhookLog::entries()[0]['attempt'], 'the log counts the attempts' );

		// After an hour of failures: every minute.
		Outbox::saveState( array( 'since' => time() - HOUR_IN_SECONDS ) + Outbox::state() );
		$this->makeDue();
		$this->endRequest();
		$this->assertRetryIn( 60 );

		// The site is back: acknowledged, the row goes, every attempt carried the same item.
		$this->answer = self::ACCEPTED;
		$this->makeDue();
		$this->endRequest();
		$this->assertCount( 7, $this->requests );
		foreach ( $this->payloads() as $payload ) {
			$this->assertSame(
				array(
					array(
						'rest_base' => 'news',
						'slug'      => 'ph-ob-backoff',
					),
				),
				$payload['items']
			);
		}
		$this->assertCount( 7, array_unique( array_column( $this->payloads(), 'id' ) ), 'a new delivery id per attempt' );
		$this->assertSame( 0, Outbox::count() );
		$this->assertFalse( Outbox::isDue() );
		$this->assertSame( 0, Outbox::state()['failures'] );
		$this->assertTrue( WebhookLog::entries()[0]['ok'] );
		$this->assertFalse( wp_next_scheduled( Outbox::CRON_HOOK ) );
	}

	public function testServerErrorsAWrongSecretTimeoutsAndTooManyRequestsAreRetriedAndRetryAfterIsHonoured(): void {
		foreach ( array( 500, 502, 503, 401, 403, 408, 429 ) as $status ) {
			$this->emptyOutbox();
			$this->answer = array(
				'response' => array(
					'code'    => $status,
					'message' => 'x',
				),
				'body'     => '{"error":"later"}',
			);
			$this->queueItem( 'ph-ob-5xx' );
			Outbox::deliver();
			$this->assertSame( 1, Outbox::count(), "HTTP {$status} keeps the row" );
			$this->assertFalse( WebhookLog::entries()[0]['dropped'], (string) $status );
			$this->assertNotNull( WebhookLog::entries()[0]['retry_at'], (string) $status );
		}
		$this->emptyOutbox();
		$this->answer = array(
			'response' => array(
				'code'    => 503,
				'message' => 'Service Unavailable',
			),
			'headers'  => array( 'retry-after' => '5' ),
			'body'     => '{"error":"The change could not be recorded (Redis is unreachable); send it again"}',
		);
		$this->queueItem( 'ph-ob-503' );
		Outbox::deliver();
		$this->assertRetryIn( 5, 'Retry-After: 5 wins over the first backoff of 1 s' );
		$this->assertStringContainsString( 'Redis is unreachable', (string) Outbox::state()['error'] );
	}

	public function testAPermanentRefusalIsLoggedAndDroppedAndDoesNotBlockLaterChanges(): void {
		$this->answer = array(
			'response' => array(
				'code'    => 400,
				'message' => 'Bad Request',
			),
			'body'     => '{"error":"items[0].slug is invalid"}',
		);
		$this->queueItem( 'ph-ob-refused' );
		Outbox::deliver();
		$this->assertSame( 0, Outbox::count(), 'dropped' );
		$entry = WebhookLog::entries()[0];
		$this->assertFalse( $entry['ok'] );
		$this->assertTrue( $entry['dropped'] );
		$this->assertSame( 400, $entry['status'] );
		$this->assertNull( $entry['retry_at'] );
		$this->assertFalse( Outbox::isDue(), 'no retry' );
		$this->assertStringContainsString( 'slug is invalid', (string) Outbox::summary()['error'] );

		$this->answer = self::ACCEPTED;
		$this->queueItem( 'ph-ob-after' );
		Outbox::deliver();
		$this->assertSame(
			array(
				array(
					'rest_base' => 'news',
					'slug'      => 'ph-ob-after',
				),
			),
			$this->payloads()[1]['items']
		);
		$this->assertSame( 0, Outbox::count() );
	}

	public function testARowChangedDuringTheSendIsNotDeletedByItsAcknowledgement(): void {
		$this->queueItem( 'ph-ob-race', 'update' );
		$this->queueItem( 'ph-ob-still' );
		// While the site handles the first call, another request supersedes one row.
		$this->duringSend = function ( int $call ): void {
			if ( 1 === $call ) {
				$this->queueItem( 'ph-ob-race', 'slug_change' );
			}
		};
		// The first call is acknowledged, the second (the changed row, sent again at once) fails.
		$this->answers = array( self::ACCEPTED, new \WP_Error( 'http_request_failed', 'Connection refused' ) );
		Outbox::deliver();
		$this->assertCount( 2, $this->requests );
		$this->assertCount( 2, $this->payloads()[0]['items'] );
		$this->assertSame(
			array(
				array(
					'rest_base' => 'news',
					'slug'      => 'ph-ob-race',
				),
			),
			$this->payloads()[1]['items']
		);
		$this->assertSame( 'slug_change', $this->payloads()[1]['event'] );
		$rows = Outbox::rows();
		$this->assertCount( 1, $rows, 'the acknowledged, unchanged row went; the changed one stays' );
		$this->assertSame( '{"rest_base":"news","slug":"ph-ob-race"}', $rows[0]['item'] );
		$this->assertSame( '2', (string) $rows[0]['version'] );
		$this->assertTrue( Outbox::isDue() || Outbox::state()['at'] > 0, 'a retry is set' );
	}

	public function testOneSenderAtATime(): void {
		global $wpdb;
		$this->queueItem( 'ph-ob-lock' );
		// Another sender holds the lock.
		add_option( Outbox::LOCK_OPTION, ( time() + 30 ) . '|other', '', 'no' );
		$this->assertSame( array(), Outbox::deliver() );
		$this->endRequest();
		$this->assertSame( array(), $this->requests, 'nothing sent while another sender works' );
		$this->assertSame( 1, Outbox::count() );
		$this->assertSame(
			( time() + 30 ) . '|other',
			$wpdb->get_var(
				$wpdb->prepare(
					"SELECT option_value FROM {$wpdb->options} WHERE option_name = %s",
					Outbox::LOCK_OPTION
				)
			),
			'its lock is left alone'
		);

		// A sender that died: its lock expires and is taken over.
		$wpdb->update( $wpdb->options, array( 'option_value' => ( time() - 1 ) . '|other' ), array( 'option_name' => Outbox::LOCK_OPTION ) );
		$this->assertCount( 1, Outbox::deliver() );
		$this->assertSame( 0, Outbox::count() );
		$this->assertNull(
			$wpdb->get_var(
				$wpdb->prepare(
					"SELECT option_value FROM {$wpdb->options} WHERE option_name = %s",
					Outbox::LOCK_OPTION
				)
			),
			'released'
		);
	}

	public function testAPayloadAcknowledgedTwiceDoesNoHarm(): void {
		global $wpdb;
		$this->queueItem( 'ph-ob-twice' );
		// The first sender is slow: its lock expires and a second sender sends the same rows.
		$this->duringSend = function ( int $call ) use ( $wpdb ): void {
			if ( 1 === $call ) {
				$wpdb->update( $wpdb->options, array( 'option_value' => ( time() - 1 ) . '|slow' ), array( 'option_name' => Outbox::LOCK_OPTION ) );
				Outbox::deliver();
			}
		};
		Outbox::deliver();
		$this->assertCount( 2, $this->requests );
		$this->assertSame( $this->payloads()[0]['items'], $this->payloads()[1]['items'], 'the same change, twice' );
		$this->assertSame( 0, Outbox::count() );
		$this->assertTrue( WebhookLog::entries()[0]['ok'] );
		$this->assertTrue( WebhookLog::entries()[1]['ok'] );
		$this->assertSame( '', $wpdb->last_error );
		$this->assertFalse( Outbox::isDue() );
	}

	public function testMoreThanAHundredItemRowsAreOnePayloadWithScopeAll(): void {
		$items = array();
		for ( $i = 0; $i < 101; $i++ ) {
			$items[] = array(
				'rest_base' => 'news',
				'slug'      => 'ph-ob-many-' . $i,
			);
		}
		Outbox::queue(
			array(
				'event'     => 'update',
				'items'     => $items,
				'all'       => false,
				'redirects' => false,
			)
		);
		$this->assertSame( 101, Outbox::count() );
		Outbox::deliver();
		$payload = $this->onePayload();
		$this->assertCount( 100, $payload['items'] );
		$this->assertSame( 'all', $payload['scope'] );
		$this->assertSame( 0, Outbox::count(), 'every row is covered by scope all' );
	}

	public function testALegacyRetryScheduledBeforeAnUpdateGoesThroughTheOutbox(): void {
		$job = array(
			'payload' => array(
				'event' => 'menu_save',
				'items' => array(
					array(
						'rest_base' => 'news',
						'slug'      => 'ph-ob-v1',
					),
				),
				'menu'  => true,
			),
			'id'      => 'x',
		);
		do_action( Webhook::RETRY_HOOK, $job );
		$this->assertPayload(
			array(
				'event'     => 'menu_save',
				'items'     => array(
					array(
						'rest_base' => 'news',
						'slug'      => 'ph-ob-v1',
					),
				),
				'scope'     => 'all',
				'redirects' => false,
			),
			$this->onePayload()
		);
	}

	public function testTheTableIsCreatedWhenTheStoredSchemaVersionDiffers(): void {
		global $wpdb;
		$this->keepOption( Outbox::SCHEMA_OPTION );
		$wpdb->query( 'DROP TABLE IF EXISTS ' . Outbox::table() );
		delete_option( Outbox::SCHEMA_OPTION );
		delete_option( Outbox::STATE_OPTION );
		// What plugins_loaded runs for an already-active plugin (no activation hook).
		$this->assertNotFalse( has_action( 'plugins_loaded', array( Outbox::class, 'maybeInstall' ) ) );
		Outbox::maybeInstall();
		$this->assertSame( Outbox::table(), $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', Outbox::table() ) ) );
		$this->assertSame( Outbox::SCHEMA_VERSION, get_option( Outbox::SCHEMA_OPTION ) );
		$this->assertSame( 0, Outbox::count() );
		foreach ( array( Outbox::SCHEMA_OPTION, Outbox::STATE_OPTION ) as $option ) {
			$this->assertSame(
				'yes',
				$wpdb->get_var(
					$wpdb->prepare(
						"SELECT autoload FROM {$wpdb->options} WHERE option_name = %s",
						$option
					)
				),
				"{$option}: the checks at every request cost no query"
			);
		}
	}

	public function testTheRetryTimeIsAnAutoloadedOption(): void {
		global $wpdb;
		$this->queueItem( 'ph-ob-autoload' );
		$this->assertSame(
			'yes',
			$wpdb->get_var(
				$wpdb->prepare(
					"SELECT autoload FROM {$wpdb->options} WHERE option_name = %s",
					Outbox::STATE_OPTION
				)
			)
		);
		$this->assertTrue( Outbox::isDue(), 'queued and not sent: due now' );
	}

	public function testBackoffSteps(): void {
		$this->assertSame(
			array( 1, 2, 4, 5, 5, 60 ),
			array(
				Outbox::backoff( 1, 0 ),
				Outbox::backoff( 2, 3 ),
				Outbox::backoff( 3, 7 ),
				Outbox::backoff( 4, 11 ),
				Outbox::backoff( 50, 3599 ),
				Outbox::backoff( 51, 3600 ),
			)
		);
	}

	/** Queues one news item as a request would (not sent). */
	private function queueItem( string $slug, string $event = 'update' ): void {
		$this->assertTrue(
			Outbox::queue(
				array(
					'event'     => $event,
					'items'     => array(
						array(
							'rest_base' => 'news',
							'slug'      => $slug,
						),
					),
					'all'       => false,
					'redirects' => false,
				)
			)
		);
	}

	/** The next attempt is due now (time passes without a sleep). */
	private function makeDue(): void {
		Outbox::saveState( array( 'at' => microtime( true ) - 0.001 ) + Outbox::state() );
	}

	private function assertRetryIn( int $seconds, string $message = '' ): void {
		$in = Outbox::state()['at'] - microtime( true );
		$this->assertGreaterThan( $seconds - 1, $in, $message );
		$this->assertLessThanOrEqual( $seconds, $in, $message );
		$this->assertSame( 1, Outbox::count(), 'the row waits' );
		$this->assertFalse( WebhookLog::entries()[0]['ok'] );
	}
}
