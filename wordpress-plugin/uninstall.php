<?php

/**
 * Uninstall: removes the plugin's own settings and the preview reader's role (its users keep no
 * role). Content and its fields (post meta) are the site's data and stay. The plugin's classes are
 * not loaded here: the names are PreviewRole's ROLE and VERSION_OPTION.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

if (!defined('WP_UNINSTALL_PLUGIN')) {
    exit;
}

delete_option('payments_headless_navigation_menus');
remove_role('headless_previewer');
delete_option('payments_headless_roles_version');
