<?php

/**
 * Uninstall: removes the plugin's own setting. Content and its fields (post meta) are the site's
 * data and stay.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

if (!defined('WP_UNINSTALL_PLUGIN')) {
    exit;
}

delete_option('payments_headless_navigation_menus');
