<?php

/**
 * The status screen of the webhook, its "Send a test" action and the failure notice.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Tests;

use PaymentsHeadless\Outbox;
use PaymentsHeadless\PublishingStatus;
use PaymentsHeadless\WebhookLog;

final class PublishingStatusTest extends WebhookTestCase {

	protected function setUp(): void {
		parent::setUp();
		$this->filter(
			'wp_die_handler',
			static fn (): callable => static function ( $message, $title = '', $args = array() ): void {
				// phpcs:ignore WordPress.Security.EscapeOutput.ExceptionNotEscaped -- a test double: the message is asserted, never output.
				throw new StatusStopped( 'die: ' . ( is_string( $message ) ? $message : '' ), (int) ( $args['response'] ?? 500 ) );
			}
		);
		$this->filter(
			'wp_redirect',
			static function ( string $location ): string {
				throw new StatusStopped( 'redirect: ' . $location ); // phpcs:ignore WordPress.Security.EscapeOutput.ExceptionNotEscaped -- a test double: the message is asserted, never output.
			}
		);
	}

	protected function tearDown(): void {
		unset( $_REQUEST['_wpnonce'], $_POST['_wpnonce'], $_GET['payments_headless_test'] );
		parent::tearDown();
	}

	public function testTheScreenIsForAdministratorsOnly(): void {
		$this->loginAs( 'editor' );
		try {
			$this->render();
			$this->fail( 'an editor saw the screen' );
		} catch ( StatusStopped $stopped ) {
			$this->assertSame( 403, $stopped->getCode() );
		}
	}

	public function testTheScreenShowsTheDeliveriesEscapedAndNeverTheSecret(): void {
		$this->loginAs( 'administrator' );
		WebhookLog::add(
			array(
				'time'     => 1700000000,
				'event'    => 'update',
				'items'    => array(
					array(
						'rest_base' => 'fp_page',
						'slug'      => 'a',
						'section'   => 'pages',
					),
				),
				'scope'    => 'all',
				'attempt'  => 2,
				'status'   => 502,
				'error'    => 'HTTP 502: <script>alert(1)</script>',
				'ok'       => false,
				'retry_at' => null,
			)
		);
		$html = $this->render();
		$this->assertStringContainsString( '2023-11-14 22:13:20', $html );
		$this->assertStringContainsString( 'fp_page/pages/a, all pages', $html );
		$this->assertStringContainsString( '<td>502</td>', $html );
		$this->assertStringContainsString( '&lt;script&gt;', $html );
		$this->assertStringNotContainsString( '<script>alert(1)', $html );
		$this->assertStringContainsString( self::SITE, $html );
		$this->assertStringNotContainsString( self::SECRET, $html );
		$this->assertStringContainsString( 'name="action" value="payments_headless_send_test"', $html );
		$this->assertStringContainsString( 'name="_wpnonce"', $html );
	}

	public function testTheScreenShowsTheOutboxLengthItsOldestEntryAndTheLastError(): void {
		global $wpdb;
		$this->loginAs( 'administrator' );
		$this->assertStringContainsString( 'Empty: the site has acknowledged every change.', $this->render() );

		foreach ( array( 'ph-ps-a', 'ph-ps-b', 'ph-ps-c' ) as $slug ) {
			Outbox::queue(
				array(
					'event'     => 'update',
					'items'     => array(
						array(
							'rest_base' => 'news',
							'slug'      => $slug,
						),
					),
					'all'       => false,
					'redirects' => false,
				)
			);
		}
		$oldest = time() - 2 * HOUR_IN_SECONDS;
		$wpdb->query( $wpdb->prepare( 'UPDATE ' . Outbox::table() . ' SET first_queued = %d WHERE item LIKE %s', $oldest, '%ph-ps-a%' ) );
		$this->answer = array(
			'response' => array(
				'code'    => 502,
				'message' => 'Bad Gateway',
			),
			'body'     => '<b>upstream</b> down',
		);
		Outbox::deliver();
		$html = $this->render();
		$this->assertStringContainsString(
			'3 changes wait for the site; the oldest was queued 2 hours ago (' . gmdate( 'Y-m-d H:i:s', $oldest ) . ' UTC).',
			$html
		);
		$this->assertStringContainsString( 'after 1 failed attempts in a row', $html );
		$this->assertStringContainsString( 'Last error: HTTP 502: upstream down', $html );
		$this->assertStringNotContainsString( '<b>upstream', $html );
	}

	public function testTheScreenListsConfigurationProblems(): void {
		$this->loginAs( 'administrator' );
		$this->filter( 'payments_headless_revalidate_secret', static fn (): string => 'short' );
		$html = $this->render();
		$this->assertStringContainsString( 'HEADLESS_REVALIDATE_SECRET must be at least 16 characters long.', $html );
		$this->assertStringNotContainsString( '>short<', $html );
	}

	public function testSendATestNeedsTheCapability(): void {
		$this->loginAs( 'editor' );
		$_REQUEST['_wpnonce'] = wp_create_nonce( PublishingStatus::TEST_ACTION );
		$this->expectExceptionCode( 403 );
		try {
			PublishingStatus::sendTest();
		} finally {
			$this->assertSame( array(), $this->requests );
		}
	}

	public function testSendATestNeedsTheNonce(): void {
		$this->loginAs( 'administrator' );
		$_REQUEST['_wpnonce'] = 'not-a-nonce';
		try {
			PublishingStatus::sendTest();
			$this->fail( 'sent without a nonce' );
		} catch ( StatusStopped $stopped ) {
			$this->assertStringStartsWith( 'die:', $stopped->getMessage() );
		}
		$this->assertSame( array(), $this->requests );
	}

	public function testSendATestSendsTheTestPayloadAndComesBack(): void {
		$this->loginAs( 'administrator' );
		$_REQUEST['_wpnonce'] = wp_create_nonce( PublishingStatus::TEST_ACTION );
		try {
			PublishingStatus::sendTest();
			$this->fail( 'no redirect' );
		} catch ( StatusStopped $stopped ) {
			$this->assertStringContainsString( 'tools.php?page=payments-headless-publishing', $stopped->getMessage() );
			$this->assertStringContainsString( 'payments_headless_test=ok', $stopped->getMessage() );
		}
		$this->assertPayload(
			array(
				'event' => 'test',
				'items' => array(),
				'scope' => 'items',
			),
			$this->onePayload()
		);
		$this->assertStringStartsWith( 'wp-test-', $this->onePayload()['id'] );
		$this->assertSame( 'test', WebhookLog::entries()[0]['event'] );
	}

	public function testAFailedTestIsShownAndNotRetried(): void {
		$this->loginAs( 'administrator' );
		$this->answer = array(
			'response' => array(
				'code'    => 401,
				'message' => 'Unauthorized',
			),
			'body'     => '{"error":"bad secret"}',
		);
		$entry        = PublishingStatus::test();
		$this->assertFalse( $entry['ok'] );
		$this->assertNull( $entry['retry_at'] );
		$this->assertSame( 0, Outbox::count(), 'a test is not queued' );
		$this->assertFalse( wp_next_scheduled( Outbox::CRON_HOOK ) );
	}

	public function testAFailedDeliveryShowsANoticeToAdministratorsUntilTheScreenIsSeen(): void {
		$this->answer = new \WP_Error( 'http_request_failed', 'Connection refused' );
		$id           = $this->createPost( 'news' );
		\PaymentsHeadless\Webhook::reset();
		wp_update_post(
			array(
				'ID'         => $id,
				'post_title' => 'Fails',
			)
		);
		$this->endRequest();

		$this->loginAs( 'editor' );
		$this->assertSame( '', $this->notice(), 'editors get no notice' );
		$this->loginAs( 'administrator' );
		$notice = $this->notice();
		$this->assertStringContainsString( '1 delivery to the site failed', $notice );
		$this->assertStringContainsString( '1 change waits in the outbox and is retried until the site acknowledges it.', $notice );
		$this->assertStringContainsString( esc_url( PublishingStatus::url() ), $notice );

		// A second earlier than now, so the visit is surely after the failure.
		WebhookLog::markSeen();
		update_option( WebhookLog::SEEN_OPTION, time() + 1, false );
		$this->assertSame( '', $this->notice() );
		$this->assertCount( 1, WebhookLog::entries(), 'the failure stays in the log' );
	}

	private function render(): string {
		ob_start();
		try {
			PublishingStatus::render();
		} finally {
			$html = (string) ob_get_clean();
		}
		return $html;
	}

	private function notice(): string {
		ob_start();
		PublishingStatus::notice();
		return (string) ob_get_clean();
	}
}
