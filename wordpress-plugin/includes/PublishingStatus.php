<?php

/**
 * The administrators' status screen of the webhook (Tools → Headless publishing), its "Send a test"
 * action and the notice of failed deliveries.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless;

if (!defined('ABSPATH')) {
    exit;
}

/**
 * Everything here needs `manage_options`. Output is escaped; the secret is never shown (only
 * whether it is set, through Config::problems()).
 */
final class PublishingStatus
{
    /** The screen's page slug (`tools.php?page=…`). */
    public const PAGE = 'payments-headless-publishing';

    /** The admin-post action (and nonce action) of "Send a test". */
    public const TEST_ACTION = 'payments_headless_send_test';

    /** The capability every part of the screen needs. */
    public const CAPABILITY = 'manage_options';

    /** The test payload: the site answers 200 without work. */
    public const TEST_PAYLOAD = ['event' => 'test', 'items' => [], 'menu' => false];

    /** Adds the screen under Tools. */
    public static function addPage(): void
    {
        add_management_page(
            esc_html__('Headless publishing', 'payments-headless'),
            esc_html__('Headless publishing', 'payments-headless'),
            self::CAPABILITY,
            self::PAGE,
            [self::class, 'render']
        );
    }

    /** The screen's address. */
    public static function url(): string
    {
        return admin_url('tools.php?page=' . self::PAGE);
    }

    /** The screen: configuration problems, "Send a test", the last deliveries. */
    public static function render(): void
    {
        if (!current_user_can(self::CAPABILITY)) {
            wp_die(esc_html__('Sorry, you are not allowed to see this page.', 'payments-headless'), '', ['response' => 403]);
        }
        WebhookLog::markSeen();
        $siteUrl = Config::siteUrl();
        echo '<div class="wrap"><h1>' . esc_html__('Headless publishing', 'payments-headless') . '</h1>';
        echo '<p>' . esc_html__(
            'Every change that alters what visitors see is sent to the site once per request (POST /api/revalidate). '
            . 'A failed delivery is retried once, a minute later.',
            'payments-headless'
        ) . '</p>';
        self::renderResult();
        echo '<h2>' . esc_html__('Configuration', 'payments-headless') . '</h2>';
        echo '<p>' . esc_html__('Site:', 'payments-headless') . ' <code>'
            . esc_html($siteUrl ?? __('(not set)', 'payments-headless')) . '</code> · '
            . esc_html__('Secret:', 'payments-headless') . ' '
            . esc_html(null !== Config::revalidateSecret() ? __('set', 'payments-headless') : __('not set', 'payments-headless'))
            . '</p>';
        $problems = Config::problems();
        if ([] === $problems) {
            echo '<p>' . esc_html__('No problems found.', 'payments-headless') . '</p>';
        } else {
            echo '<ul class="payments-headless-problems">';
            foreach ($problems as $problem) {
                echo '<li>' . esc_html($problem) . '</li>';
            }
            echo '</ul>';
        }
        echo '<form method="post" action="' . esc_url(admin_url('admin-post.php')) . '">';
        echo '<input type="hidden" name="action" value="' . esc_attr(self::TEST_ACTION) . '">';
        wp_nonce_field(self::TEST_ACTION);
        submit_button(__('Send a test', 'payments-headless'), 'secondary', 'submit', false);
        echo '</form>';
        self::renderLog();
        echo '</div>';
    }

    /** The outcome of "Send a test", after its redirect. */
    private static function renderResult(): void
    {
        // Only a flag to pick a message: nothing from the request is printed.
        $result = isset($_GET['payments_headless_test']) ? sanitize_key((string) $_GET['payments_headless_test']) : '';
        if ('ok' === $result) {
            echo '<div class="notice notice-success"><p>' . esc_html__('The test was delivered.', 'payments-headless') . '</p></div>';
        } elseif ('failed' === $result) {
            echo '<div class="notice notice-error"><p>'
                . esc_html__('The test failed: see the first delivery below.', 'payments-headless') . '</p></div>';
        }
    }

    /** The last deliveries, newest first. */
    private static function renderLog(): void
    {
        echo '<h2>' . esc_html__('Last deliveries', 'payments-headless') . '</h2>';
        $entries = WebhookLog::entries();
        if ([] === $entries) {
            echo '<p>' . esc_html__('Nothing was sent yet.', 'payments-headless') . '</p>';
            return;
        }
        echo '<table class="widefat striped payments-headless-log"><thead><tr>';
        foreach (['Time (UTC)', 'Event', 'Sent', 'HTTP status', 'Result', 'Attempt'] as $heading) {
            echo '<th scope="col">' . esc_html($heading) . '</th>';
        }
        echo '</tr></thead><tbody>';
        foreach ($entries as $entry) {
            $items = [];
            foreach ((array) ($entry['items'] ?? []) as $item) {
                if (is_array($item)) {
                    $items[] = implode('/', array_map('strval', array_filter([
                        $item['rest_base'] ?? '', $item['section'] ?? '', $item['slug'] ?? '',
                    ], static fn ($part): bool => '' !== $part)));
                }
            }
            if (!empty($entry['menu'])) {
                $items[] = 'menu';
            }
            if (!empty($entry['redirects'])) {
                $items[] = 'redirects';
            }
            $result = !empty($entry['ok']) ? 'delivered' : 'failed: ' . (string) ($entry['error'] ?? '');
            if (empty($entry['ok']) && !empty($entry['retry_at'])) {
                $result .= sprintf(' (retry at %s)', gmdate('H:i:s', (int) $entry['retry_at']));
            }
            echo '<tr class="' . esc_attr(!empty($entry['ok']) ? 'is-delivered' : 'is-failed') . '">';
            echo '<td>' . esc_html(gmdate('Y-m-d H:i:s', (int) ($entry['time'] ?? 0))) . '</td>';
            echo '<td>' . esc_html((string) ($entry['event'] ?? '')) . '</td>';
            echo '<td>' . esc_html([] === $items ? '(nothing)' : implode(', ', $items)) . '</td>';
            echo '<td>' . esc_html(isset($entry['status']) ? (string) $entry['status'] : '—') . '</td>';
            echo '<td>' . esc_html($result) . '</td>';
            echo '<td>' . esc_html((string) ($entry['attempt'] ?? 1)) . '</td>';
            echo '</tr>';
        }
        echo '</tbody></table>';
    }

    /**
     * "Send a test" (admin-post): nonce and capability checked, the test payload sent at once (no
     * retry: it is a test), then back to the screen.
     */
    public static function sendTest(): void
    {
        if (!current_user_can(self::CAPABILITY)) {
            wp_die(esc_html__('Sorry, you are not allowed to do that.', 'payments-headless'), '', ['response' => 403]);
        }
        check_admin_referer(self::TEST_ACTION);
        $entry = self::test();
        wp_safe_redirect(add_query_arg('payments_headless_test', !empty($entry['ok']) ? 'ok' : 'failed', self::url()));
        exit;
    }

    /**
     * Sends the test payload now and returns the log entry.
     *
     * @return array<string, mixed>
     */
    public static function test(): array
    {
        return Webhook::deliver(self::TEST_PAYLOAD, 1, false);
    }

    /** The notice of failed deliveries, to administrators, on every wp-admin screen but the status screen. */
    public static function notice(): void
    {
        if (!current_user_can(self::CAPABILITY)) {
            return;
        }
        $screen = function_exists('get_current_screen') ? get_current_screen() : null;
        if (null !== $screen && 'tools_page_' . self::PAGE === $screen->id) {
            return;
        }
        $failures = WebhookLog::unseenFailures();
        if ([] === $failures) {
            return;
        }
        $pending = count(array_filter(
            $failures,
            static fn (array $entry): bool => !empty($entry['retry_at']) && (int) $entry['retry_at'] >= time()
        ));
        $text = sprintf(
            /* translators: %d: number of failed deliveries */
            _n(
                '%d delivery to the site failed: visitors may see old content.',
                '%d deliveries to the site failed: visitors may see old content.',
                count($failures),
                'payments-headless'
            ),
            count($failures)
        );
        if ($pending > 0) {
            $text .= ' ' . __('A retry is scheduled.', 'payments-headless');
        }
        echo '<div class="notice notice-error payments-headless-delivery-failed"><p>' . esc_html($text) . ' <a href="'
            . esc_url(self::url()) . '">' . esc_html__('See Headless publishing', 'payments-headless') . '</a></p></div>';
    }
}
