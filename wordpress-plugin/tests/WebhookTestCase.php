<?php

/**
 * Shared set-up of the webhook tests: a configured site, captured HTTP, an empty log.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Tests;

use PaymentsHeadless\Webhook;
use PaymentsHeadless\WebhookLog;

/**
 * HTTP is intercepted with `pre_http_request` (nothing leaves the process); the site URL and the
 * secret are set through Config's filters (the constants may be defined by extra-config.php).
 */
abstract class WebhookTestCase extends TestCase
{
    protected const SITE = 'http://site.example.test';

    protected const SECRET = 'test-secret-0123456789abcdef';

    /** @var list<array{url: string, args: array<string, mixed>}> Requests WordPress tried to send. */
    protected array $requests = [];

    /** @var array<string, mixed>|\WP_Error What the fake site answers. */
    protected array|\WP_Error $answer = ['response' => ['code' => 200, 'message' => 'OK'], 'body' => '{}'];

    protected function setUp(): void
    {
        parent::setUp();
        $this->keepOption(WebhookLog::OPTION);
        $this->keepOption(WebhookLog::SEEN_OPTION);
        $this->keepOption('sticky_posts');
        delete_option(WebhookLog::OPTION);
        delete_option(WebhookLog::SEEN_OPTION);
        $this->filter('payments_headless_site_url', static fn (): string => self::SITE);
        $this->filter('payments_headless_revalidate_secret', static fn (): string => self::SECRET);
        $this->filter('pre_http_request', function ($pre, array $args, string $url) {
            $this->requests[] = ['url' => $url, 'args' => $args];
            return $this->answer;
        });
        Webhook::reset();
    }

    protected function tearDown(): void
    {
        wp_unschedule_hook(Webhook::RETRY_HOOK);
        wp_unschedule_hook(Webhook::DEFERRED_HOOK);
        parent::tearDown();
        // Deleting the fixtures collected changes: forget them.
        Webhook::reset();
    }


    /** Ends the "request": what shutdown does. */
    protected function endRequest(): void
    {
        Webhook::onShutdown();
    }

    /**
     * The payloads sent, decoded.
     *
     * @return list<array<string, mixed>>
     */
    protected function payloads(): array
    {
        return array_map(
            static fn (array $request): array => json_decode((string) $request['args']['body'], true),
            $this->requests
        );
    }

    /**
     * The one payload sent (fails unless exactly one call was made).
     *
     * @return array<string, mixed>
     */
    protected function onePayload(): array
    {
        $this->assertCount(1, $this->requests, 'exactly one call to the site');
        return $this->payloads()[0];
    }

    /** The slug of a post now. */
    protected function slug(int $postId): string
    {
        return (string) get_post_field('post_name', $postId);
    }
}
