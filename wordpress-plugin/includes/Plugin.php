<?php

/**
 * Wires every concern of the plugin to WordPress's hooks.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The plugin's entry point: one place that says which class listens to which hook.
 */
final class Plugin {

	/** The text domain of every string the plugin shows (the header's `Text Domain`). */
	public const TEXT_DOMAIN = 'payments-headless';

	/** `init` priority of loadTextDomain(): before the post types' labels (5) and every screen. */
	public const TEXT_DOMAIN_PRIORITY = 0;

	/**
	 * Registers the hooks. Called once, when WordPress loads the plugin's main file.
	 */
	public static function boot(): void {
		add_action( 'init', array( self::class, 'loadTextDomain' ), self::TEXT_DOMAIN_PRIORITY );
		add_action( 'init', array( ContentModel::class, 'registerPostTypes' ), 5 );
		add_action( 'init', array( Fields::class, 'registerMeta' ), 20 );
		add_action( 'plugins_loaded', array( self::class, 'onPluginsLoaded' ) );
		add_action( 'rest_api_init', array( RestReads::class, 'registerRoutes' ) );
		// Core registers /wp/v2/navigation/{id} for wp_navigation at priority 99; ours must come later.
		add_action( 'rest_api_init', array( RestReads::class, 'registerNavigationRoute' ), 100 );
		add_action( 'init', array( RestReads::class, 'registerAlertQueryFilters' ), 20 );
		add_action( 'init', array( NavigationSettings::class, 'register' ), 20 );
		add_action( 'admin_menu', array( NavigationSettings::class, 'addPage' ) );
		// Published items' links name their site address; the theme front end redirects to the site.
		add_filter( 'post_link', array( SiteLinks::class, 'filterPermalink' ), 10, 3 );
		add_filter( 'post_type_link', array( SiteLinks::class, 'filterPermalink' ), 10, 3 );
		add_action( 'template_redirect', array( FrontEndRedirect::class, 'handle' ), FrontEndRedirect::PRIORITY );
		// Both redirects to the site use wp_safe_redirect(): the site's host is allowed, no other.
		add_filter( 'allowed_redirect_hosts', array( SiteRoutes::class, 'allowedRedirectHosts' ) );
		// Issue 10: every change visitors would see reaches the site in one webhook call per request.
		Webhook::register();
		// Issue 35: what the site must hear waits in a durable outbox until the site acknowledges it.
		Outbox::register();
		// Issue 17: the blocks and render CSS of each item, the global stylesheet, frame images.
		BlockStyles::register();
		GlobalStyles::register();
		ImageAttachments::register();
		// Issue 19: WordPress's copies of a JPEG photo are written as WebP (fewer bytes on phones).
		WebpCopies::register();
		// Issue 33: the `seo` field of every content item and /custom-api/v1/seo, from the SEO plugin;
		// the redirect table the site answers from (old slugs, Redirection, Yoast Premium).
		Seo\SeoRoutes::register();
		Seo\RedirectTable::register();
		add_action( 'admin_menu', array( PublishingStatus::class, 'addPage' ) );
		add_action( 'admin_post_' . PublishingStatus::TEST_ACTION, array( PublishingStatus::class, 'sendTest' ) );
		add_action( 'admin_notices', array( PublishingStatus::class, 'notice' ) );
		self::bootPreview();
	}

	/**
	 * Issue 11: the preview reader's role, the preview links and redirect, the preview read.
	 */
	private static function bootPreview(): void {
		// A re-activated or updated plugin runs no activation hook: the role is checked on init.
		add_action( 'init', array( PreviewRole::class, 'ensure' ), 1 );
		add_filter( 'map_meta_cap', array( PreviewRole::class, 'mapMetaCap' ), 10, 4 );
		// Late, so that WordPress's preview URL wins over filters that send permalinks to the site.
		add_filter( 'preview_post_link', array( PreviewLinks::class, 'previewPostLink' ), 100, 2 );
		PreviewLinks::registerRestLinkFilters();
		// Priority 0: before the headless front-end redirect and redirect_canonical.
		add_action( 'template_redirect', array( PreviewLinks::class, 'redirect' ), 0 );
		add_action( 'admin_notices', array( PreviewLinks::class, 'notice' ) );
		add_action( 'enqueue_block_editor_assets', array( PreviewLinks::class, 'blockEditorNotice' ) );
		add_action( 'rest_api_init', array( PreviewRead::class, 'registerRoute' ) );
	}

	/**
	 * Loads the plugin's translations: `wp-content/languages/plugins/payments-headless-{locale}.mo`
	 * (translate.wordpress.org's), else the plugin's own `languages/` folder (the header's Domain Path).
	 */
	public static function loadTextDomain(): void {
		load_plugin_textdomain( self::TEXT_DOMAIN, false, basename( dirname( __DIR__ ) ) . '/languages' );
	}

	/**
	 * Decides, once every plugin is loaded, whether ACF serves the custom fields.
	 */
	public static function onPluginsLoaded(): void {
		if ( self::acfActive() ) {
			// ACF serves `acf` in REST and edits the same meta keys in wp-admin: stay out of its way.
			add_action( 'rest_api_init', array( Fields::class, 'registerFieldsMappingField' ) );
			return;
		}
		add_action( 'rest_api_init', array( Fields::class, 'registerRestFields' ) );
		add_action( 'add_meta_boxes', array( MetaBoxes::class, 'add' ), 10, 2 );
		add_action( 'save_post', array( MetaBoxes::class, 'save' ), 10, 2 );
		add_action( 'admin_notices', array( MetaBoxes::class, 'notice' ) );
	}

	/**
	 * Whether Advanced Custom Fields is active (it then owns the `acf` REST field and the forms).
	 */
	public static function acfActive(): bool {
		return (bool) apply_filters( 'payments_headless_acf_active', class_exists( 'ACF' ) );
	}

	/**
	 * Activation: the post types' permalinks need fresh rewrite rules; the preview reader's role;
	 * the webhook's outbox table.
	 */
	public static function activate(): void {
		ContentModel::registerPostTypes();
		PreviewRole::install();
		Outbox::install();
		flush_rewrite_rules();
	}

	/**
	 * Deactivation: drop the rewrite rules of the post types that go away.
	 */
	public static function deactivate(): void {
		// The outbox's rows stay (a re-activation sends them); its cron event goes with the plugin.
		wp_clear_scheduled_hook( Outbox::CRON_HOOK );
		flush_rewrite_rules();
	}
}
