<?php

/**
 * Shared set-up of the webhook tests: a configured site, captured HTTP, an empty log.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Tests;

use PaymentsHeadless\Outbox;
use PaymentsHeadless\Webhook;
use PaymentsHeadless\WebhookLog;

/**
 * HTTP is intercepted with `pre_http_request` (nothing leaves the process); the site URL and the
 * secret are set through Config's filters (the constants may be defined by extra-config.php). The
 * outbox starts and ends empty (its rows, state, lock and cron event).
 */
abstract class WebhookTestCase extends TestCase {

	protected const SITE = 'http://site.example.test';

	protected const SECRET = 'test-secret-0123456789abcdef';

	/** @var list<array{url: string, args: array<string, mixed>}> Requests WordPress tried to send. */
	protected array $requests = array();

	/** @var array<string, mixed>|\WP_Error What the fake site answers (its acknowledgement by default). */
	protected array|\WP_Error $answer = array(
		'response' => array(
			'code'    => 202,
			'message' => 'Accepted',
		),
		'body'     => '{"accepted":"x","job":"j"}',
	);

	/** @var list<array<string, mixed>|\WP_Error> Answers of the next calls, in order (then $answer). */
	protected array $answers = array();

	/** @var (callable(int): void)|null Runs while the site "handles" a call (its number, from 1). */
	protected $duringSend = null;

	protected function setUp(): void {
		parent::setUp();
		$this->keepOption( WebhookLog::OPTION );
		$this->keepOption( WebhookLog::SEEN_OPTION );
		$this->keepOption( 'sticky_posts' );
		$this->keepOption( Outbox::STATE_OPTION );
		$this->emptyOutbox();
		delete_option( WebhookLog::OPTION );
		delete_option( WebhookLog::SEEN_OPTION );
		$this->filter( 'payments_headless_site_url', static fn (): string => self::SITE );
		$this->filter( 'payments_headless_revalidate_secret', static fn (): string => self::SECRET );
		$this->filter(
			'pre_http_request',
			function ( $pre, array $args, string $url ) {
				$this->requests[] = array(
					'url'  => $url,
					'args' => $args,
				);
				if ( null !== $this->duringSend ) {
					( $this->duringSend )( count( $this->requests ) );
				}
				return array() !== $this->answers ? array_shift( $this->answers ) : $this->answer;
			}
		);
		Webhook::reset();
	}

	protected function tearDown(): void {
		wp_unschedule_hook( Webhook::RETRY_HOOK );
		wp_unschedule_hook( Webhook::DEFERRED_HOOK );
		$this->emptyOutbox();
		parent::tearDown();
		// Deleting the fixtures collected changes: forget them.
		Webhook::reset();
	}


	/** Deletes the outbox's rows, its state, its lock and its cron event. */
	protected function emptyOutbox(): void {
		global $wpdb;
		Outbox::maybeInstall();
		$wpdb->query( 'DELETE FROM ' . Outbox::table() );
		delete_option( Outbox::STATE_OPTION );
		delete_option( Outbox::LOCK_OPTION );
		wp_unschedule_hook( Outbox::CRON_HOOK );
	}

	/**
	 * A version-2 payload: `v` 2, a delivery id of the site's pattern, then the rest as expected.
	 *
	 * @param array<string, mixed> $expected Without `v` and `id`.
	 * @param array<string, mixed> $payload
	 */
	protected function assertPayload( array $expected, array $payload ): void {
		$this->assertSame( 2, $payload['v'] ?? null, 'payload version 2' );
		$this->assertMatchesRegularExpression( '/^[A-Za-z0-9._:-]{1,64}$/', (string) ( $payload['id'] ?? '' ), 'a delivery id' );
		unset( $payload['v'], $payload['id'] );
		$this->assertSame( $expected, $payload );
	}

	/** Ends the "request": what shutdown does. */
	protected function endRequest(): void {
		Webhook::onShutdown();
	}

	/**
	 * The payloads sent, decoded.
	 *
	 * @return list<array<string, mixed>>
	 */
	protected function payloads(): array {
		return array_map(
			static fn ( array $request ): array => json_decode( (string) $request['args']['body'], true ),
			$this->requests
		);
	}

	/**
	 * The one payload sent (fails unless exactly one call was made).
	 *
	 * @return array<string, mixed>
	 */
	protected function onePayload(): array {
		$this->assertCount( 1, $this->requests, 'exactly one call to the site' );
		return $this->payloads()[0];
	}

	/** The slug of a post now. */
	protected function slug( int $postId ): string {
		return (string) get_post_field( 'post_name', $postId );
	}
}
