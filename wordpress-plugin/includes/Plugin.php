<?php

/**
 * Wires every concern of the plugin to WordPress's hooks.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless;

if (!defined('ABSPATH')) {
    exit;
}

/**
 * The plugin's entry point: one place that says which class listens to which hook.
 */
final class Plugin
{
    /**
     * Registers the hooks. Called once, when WordPress loads the plugin's main file.
     */
    public static function boot(): void
    {
        add_action('init', [ContentModel::class, 'registerPostTypes'], 5);
        add_action('init', [Fields::class, 'registerMeta'], 20);
        add_action('plugins_loaded', [self::class, 'onPluginsLoaded']);
        add_action('rest_api_init', [RestReads::class, 'registerRoutes']);
        // Core registers /wp/v2/navigation/{id} for wp_navigation at priority 99; ours must come later.
        add_action('rest_api_init', [RestReads::class, 'registerNavigationRoute'], 100);
        add_action('init', [RestReads::class, 'registerAlertQueryFilters'], 20);
        add_action('init', [NavigationSettings::class, 'register'], 20);
        add_action('admin_menu', [NavigationSettings::class, 'addPage']);
        Webhook::register();
        add_action('admin_menu', [PublishingStatus::class, 'addPage']);
        add_action('admin_post_' . PublishingStatus::TEST_ACTION, [PublishingStatus::class, 'sendTest']);
        add_action('admin_notices', [PublishingStatus::class, 'notice']);
    }

    /**
     * Decides, once every plugin is loaded, whether ACF serves the custom fields.
     */
    public static function onPluginsLoaded(): void
    {
        if (self::acfActive()) {
            // ACF serves `acf` in REST and edits the same meta keys in wp-admin: stay out of its way.
            add_action('rest_api_init', [Fields::class, 'registerFieldsMappingField']);
            return;
        }
        add_action('rest_api_init', [Fields::class, 'registerRestFields']);
        add_action('add_meta_boxes', [MetaBoxes::class, 'add'], 10, 2);
        add_action('save_post', [MetaBoxes::class, 'save'], 10, 2);
        add_action('admin_notices', [MetaBoxes::class, 'notice']);
    }

    /**
     * Whether Advanced Custom Fields is active (it then owns the `acf` REST field and the forms).
     */
    public static function acfActive(): bool
    {
        return (bool) apply_filters('payments_headless_acf_active', class_exists('ACF'));
    }

    /**
     * Activation: the post types' permalinks need fresh rewrite rules.
     */
    public static function activate(): void
    {
        ContentModel::registerPostTypes();
        flush_rewrite_rules();
    }

    /**
     * Deactivation: drop the rewrite rules of the post types that go away.
     */
    public static function deactivate(): void
    {
        flush_rewrite_rules();
    }
}
