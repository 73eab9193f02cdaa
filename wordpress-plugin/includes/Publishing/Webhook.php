<?php

/**
 * The revalidation webhook: collects what a request changed on the site and tells the site once.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless;

use WP_Post;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * During a request the hooks below only note what changed: the ids of the posts touched (their
 * slug and section are read at the end, from the final state, so meta saved after the status change
 * counts), the addresses that went away (computed when they go: a trashed item's slug before
 * trashing, a renamed item's old slug), frames and frame types (their pages are looked up at the
 * end) and menus. At `shutdown` the notes go to the durable outbox (Outbox: one row per item, written
 * before anything is sent), which is then sent as ONE `POST {HEADLESS_SITE_URL}/api/revalidate`
 * (docs/revalidation.md, "What the plugin sends"; docs/reliability.md §1 and §5):
 * `{"v": 2, "id": "wp-…", "event": "update", "items": [{"rest_base", "slug", "section"?}], "scope": "items",
 * "redirects": false}`, and retried with backoff until the site acknowledges it.
 *
 * The block editor saves an item twice when meta boxes are on its screen: a REST request, then a
 * `post.php?meta-box-loader=1` POST that saves the boxes. A cookie-authenticated REST save of a post
 * whose block editor screen showed meta boxes (noted when the screen was rendered) therefore
 * defers its notes to a per-user option; the meta-box request merges them and sends once, after
 * the boxes are saved. A deferral whose meta-box request never comes is sent by a WP-cron event
 * DEFER_SECONDS later (or by that user's next admin request after that time).
 *
 * Alerts are not sent: the browser reads them live from WordPress.
 */
final class Webhook {

	/** The site's route. */
	public const PATH = '/api/revalidate';

	/** Seconds before the site's answer is given up (the editor never waits longer). */
	public const TIMEOUT = 5;

	/** The most items one call carries (the site's limit; the outbox caps each payload). */
	public const MAX_ITEMS = Outbox::MAX_ITEMS;

	/** The `shutdown` priority of the sender. */
	public const SHUTDOWN_PRIORITY = 100;

	/**
	 * Cron hook of the one retry of earlier versions (a version-1 payload): still handled, so that
	 * retries scheduled before an update reach the outbox. Nothing schedules it any more.
	 */
	public const RETRY_HOOK = 'payments_headless_retry_delivery';

	/** Cron hook that sends a deferral whose meta-box request never came. */
	public const DEFERRED_HOOK = 'payments_headless_send_deferred';

	/** Seconds a block editor save waits for its meta-box request. */
	public const DEFER_SECONDS = 10;

	/** Option prefix (plus the user id) of a deferred block editor save. Not autoloaded. */
	public const DEFERRED_OPTION = 'payments_headless_deferred_';

	/** Transient prefix (plus user and post id) noting that a block editor screen showed meta boxes. */
	public const META_BOX_SCREEN = 'payments_headless_mbscreen_';

	/** Events: short labels for the log, `[a-z0-9_ ,:-]`, joined with `,`. */
	private const EVENT_PATTERN = '/^[a-z0-9_:-]+$/';

	/** @var array<int, true> Posts whose current address must be regenerated (looked up at the end). */
	private static array $posts = array();

	/** @var array<string, array{rest_base: string, slug: string, section?: string}> Addresses that went away. */
	private static array $gone = array();

	/** @var array<int, true> Frames whose pages must be regenerated. */
	private static array $frames = array();

	/** @var array<string, true> Frame type slugs whose frames' pages must be regenerated. */
	private static array $frameTypes = array();

	/** @var array<string, true> */
	private static array $events = array();

	/** Every page changed (version 2's `scope: "all"`: menus, styles, site settings). */
	private static bool $menu = false;

	/** Whether the redirect table (Seo\RedirectTable) may have changed. */
	private static bool $redirects = false;

	/** @var array<int, true> Posts whose address appeared, moved or went away (menu items may link to them). */
	private static array $linked = array();

	/** @var array<int, string> Slugs of published posts before this request updated them. */
	private static array $slugBefore = array();

	/** @var array<int, true> Posts published in this request (they had no address before). */
	private static array $publishedNow = array();

	/** @var array<int, true> Posts being deleted in this request. */
	private static array $deleting = array();

	/**
	 * Hooks the collectors, the sender and the cron handlers (called from Plugin::boot()).
	 */
	public static function register(): void {
		add_action( 'transition_post_status', array( self::class, 'onTransition' ), 10, 3 );
		add_action( 'pre_post_update', array( self::class, 'onBeforeUpdate' ), 10, 1 );
		add_action( 'post_updated', array( self::class, 'onPostUpdated' ), 10, 3 );
		add_action( 'before_delete_post', array( self::class, 'onBeforeDelete' ), 10, 1 );
		foreach ( array( 'added_post_meta', 'updated_post_meta', 'deleted_post_meta' ) as $hook ) {
			add_action( $hook, array( self::class, 'onMetaChanged' ), 10, 3 );
		}
		add_action( 'update_post_meta', array( self::class, 'onMetaChanging' ), 10, 3 );
		add_action( 'delete_post_meta', array( self::class, 'onMetaChanging' ), 10, 3 );
		add_action( 'add_post_meta', array( self::class, 'onMetaAdding' ), 10, 2 );
		add_action( 'update_option_sticky_posts', array( self::class, 'onStickyChanged' ), 10, 2 );
		add_action( 'add_option_sticky_posts', array( self::class, 'onStickyAdded' ), 10, 2 );
		add_action( 'wp_update_nav_menu', array( self::class, 'onMenuSaved' ) );
		add_action( 'wp_update_nav_menu_item', array( self::class, 'onMenuSaved' ) );
		add_action( 'wp_delete_nav_menu', array( self::class, 'onMenuDeleted' ) );
		add_action( 'update_option_' . NavigationSettings::OPTION, array( self::class, 'onNavigationSetting' ) );
		add_action( 'add_option_' . NavigationSettings::OPTION, array( self::class, 'onNavigationSetting' ) );
		add_action( 'delete_option_' . NavigationSettings::OPTION, array( self::class, 'onNavigationSetting' ) );
		self::registerSeoWatchers();
		add_filter( 'filter_block_editor_meta_boxes', array( self::class, 'noteMetaBoxScreen' ), PHP_INT_MAX );
		// Late: output buffers are flushed (priority 1) and other plugins' shutdown changes are noted.
		add_action( 'shutdown', array( self::class, 'onShutdown' ), self::SHUTDOWN_PRIORITY );
		add_action( self::RETRY_HOOK, array( self::class, 'retry' ) );
		add_action( self::DEFERRED_HOOK, array( self::class, 'sendDeferred' ) );
	}

	/* ---------------------------------------------------------------- collectors */

	/**
	 * Publish, update of a published item, unpublish, trash, restore, a scheduled item going live.
	 *
	 * @param string  $newStatus The new status.
	 * @param string  $old       The old status.
	 * @param WP_Post $post      The post.
	 */
	public static function onTransition( string $newStatus, string $old, WP_Post $post ): void {
		if ( self::ignored( $post ) || ( 'publish' !== $newStatus && 'publish' !== $old ) ) {
			return;
		}
		if ( 'publish' === $newStatus ) {
			self::$posts[ $post->ID ] = true;
			if ( 'publish' !== $old ) {
				self::$publishedNow[ $post->ID ] = true;
				self::$linked[ $post->ID ]       = true;
			}
			if ( 'publish' === $old ) {
				$event = 'update';
			} elseif ( 'trash' === $old ) {
				$event = 'restore';
			} elseif ( 'future' === $old && ( wp_doing_cron() || doing_action( 'publish_future_post' ) ) ) {
				$event = 'cron_publish';
			} else {
				$event = 'publish';
			}
		} else {
			// Published → draft, pending, private, future or trash: the old address must go.
			// WordPress may clear the slug on the way (pending without publish rights): use the one before.
			$slug = 'trash' === $newStatus ? self::slugBeforeTrash( $post ) : ( self::$slugBefore[ $post->ID ] ?? $post->post_name );
			self::gone( $post, $slug );
			self::$linked[ $post->ID ] = true;
			$event                     = 'trash' === $newStatus ? 'trash' : 'unpublish';
			self::noteOldSlugs( $post, $slug );
		}
		if ( 'publish' !== $old ) {
			self::noteOldSlugs( $post, $post->post_name );
		}
		self::event( $event );
		self::noteFrame( $post, $post->post_name );
	}

	/**
	 * Remembers a published item's slug before an update writes the new state.
	 *
	 * @param int $postId The post about to be updated.
	 */
	public static function onBeforeUpdate( int $postId ): void {
		$post = get_post( $postId );
		if ( $post instanceof WP_Post && 'publish' === $post->post_status && '' !== $post->post_name ) {
			self::$slugBefore[ $postId ] = $post->post_name;
		}
	}

	/**
	 * A slug change of a published item: the old address goes, the new one is read at the end.
	 *
	 * @param int     $postId The post.
	 * @param WP_Post $after  The post after the update.
	 * @param WP_Post $before The post before.
	 */
	public static function onPostUpdated( int $postId, WP_Post $after, WP_Post $before ): void {
		if (
			self::ignored( $after ) || 'publish' !== $before->post_status || 'publish' !== $after->post_status
			|| $before->post_name === $after->post_name
		) {
			return;
		}
		self::gone( $before, $before->post_name );
		self::$posts[ $postId ]  = true;
		self::$linked[ $postId ] = true;
		self::event( 'slug_change' );
		// A frame type's frames name it by slug: the frames still naming the old slug changed too.
		self::noteFrame( $before, $before->post_name );
	}

	/**
	 * Deleting a published item (a trashed one's address is already gone).
	 *
	 * @param int $postId The post about to be deleted.
	 */
	public static function onBeforeDelete( int $postId ): void {
		$post = get_post( $postId );
		if ( ! $post instanceof WP_Post ) {
			return;
		}
		if ( 'nav_menu_item' === $post->post_type ) {
			self::onMenuSaved();
			return;
		}
		if ( self::ignored( $post ) || 'publish' !== $post->post_status ) {
			return;
		}
		// Its meta is deleted next: not a field change.
		self::$deleting[ $postId ] = true;
		self::noteOldSlugs( $post, $post->post_name );
		self::gone( $post, $post->post_name );
		self::noteFrame( $post, $post->post_name );
		self::event( 'delete' );
	}

	/**
	 * Before a field of a published frame page changes its `section`, its old address goes.
	 *
	 * @param mixed  $metaId   Meta id(s) (unused).
	 * @param int    $postId   The post.
	 * @param string $metaKey  The meta key.
	 */
	public static function onMetaChanging( mixed $metaId, int $postId, string $metaKey ): void {
		if ( 'section' !== $metaKey || $postId <= 0 ) {
			return;
		}
		$post = get_post( $postId );
		if (
			$post instanceof WP_Post && 'publish' === $post->post_status && 'fp_page' === self::restBase( $post )
			&& ! isset( self::$publishedNow[ $postId ] )
		) {
			self::gone( $post, $post->post_name );
			// Its old slugs now point at the new section's address.
			self::noteOldSlugs( $post, $post->post_name );
		}
	}

	/**
	 * Before a field is added (same as onMetaChanging(), whose hooks pass the meta id first).
	 *
	 * @param int    $postId  The post.
	 * @param string $metaKey The meta key.
	 */
	public static function onMetaAdding( int $postId, string $metaKey ): void {
		self::onMetaChanging( 0, $postId, $metaKey );
	}

	/**
	 * The featured image, a site field (`acf`) or a frame type's mapping of a published item changed.
	 *
	 * @param mixed  $metaId   Meta id(s) (unused).
	 * @param int    $postId   The post.
	 * @param string $metaKey  The meta key.
	 */
	public static function onMetaChanged( mixed $metaId, int $postId, string $metaKey ): void {
		if ( Seo\RedirectTable::OLD_SLUG_META === $metaKey ) {
			self::onOldSlugChanged( $postId );
			return;
		}
		// 0 when a key is deleted from every post at once (get_post(0) would be the global post).
		$post = $postId > 0 ? get_post( $postId ) : null;
		if (
			! $post instanceof WP_Post || self::ignored( $post ) || 'publish' !== $post->post_status
			|| isset( self::$deleting[ $postId ] )
		) {
			return;
		}
		$restBase = (string) self::restBase( $post );
		if ( '_thumbnail_id' === $metaKey ) {
			$event = 'featured_image';
		} elseif ( self::isField( $restBase, $metaKey ) ) {
			$event = 'field_update';
		} elseif ( self::isSeoMeta( $metaKey ) ) {
			// Yoast's or Rank Math's title, description, robots, canonical, social card... (issue 33).
			$event = 'seo_update';
		} else {
			return;
		}
		self::$posts[ $postId ] = true;
		self::noteFrame( $post, $post->post_name );
		self::event( $event );
	}

	/**
	 * Sticky posts changed: the posts that became or stopped being sticky.
	 *
	 * @param mixed $old      The old list.
	 * @param mixed $newValue The new list.
	 */
	public static function onStickyChanged( mixed $old, mixed $newValue ): void {
		$old      = array_map( 'intval', is_array( $old ) ? $old : array() );
		$newValue = array_map( 'intval', is_array( $newValue ) ? $newValue : array() );
		$changed  = array_merge( array_diff( $old, $newValue ), array_diff( $newValue, $old ) );
		foreach ( array_unique( $changed ) as $postId ) {
			$post = get_post( $postId );
			if ( $post instanceof WP_Post && ! self::ignored( $post ) && 'publish' === $post->post_status ) {
				self::$posts[ $postId ] = true;
				self::event( 'sticky' );
			}
		}
	}

	/**
	 * The sticky list was created.
	 *
	 * @param string $option The option name (unused).
	 * @param mixed  $value  The new list.
	 */
	public static function onStickyAdded( string $option, mixed $value ): void {
		self::onStickyChanged( array(), $value );
	}

	/** A menu or one of its items was saved. */
	public static function onMenuSaved(): void {
		self::$menu = true;
		self::event( 'menu_save' );
	}

	/**
	 * The global styles changed (a theme switch, a Site Editor save): every page's look changed, and
	 * the site clears its global-styles cache with the menu's.
	 */
	public static function onStylesChanged(): void {
		self::$menu = true;
		self::event( 'styles' );
	}

	/** A menu was deleted. */
	public static function onMenuDeleted(): void {
		self::$menu = true;
		self::event( 'menu_delete' );
	}

	/** The plugin's navigation id setting changed. */
	public static function onNavigationSetting(): void {
		self::$menu = true;
		self::event( 'navigation_setting' );
	}

	/* ---------------------------------------------------------------- SEO and redirects (issue 33) */

	/** Options of Settings → General and of the SEO plugins that every page shows (`site_settings`). */
	public const SITE_SETTINGS_OPTIONS = array(
		'blogname',
		'blogdescription',
		'site_icon',
		'wpseo',
		'wpseo_titles',
		'wpseo_social',
		'rank-math-options-general',
		'rank-math-options-titles',
	);

	/**
	 * Keys of Yoast's `wpseo` option that Yoast itself rewrites as it works (indexing state,
	 * notices, versions, integrations' tokens): a change of only these is no settings change, and
	 * must not regenerate every page.
	 */
	private const WPSEO_INTERNAL_KEYS = '/(^|_)(indexing|indexables|indexation|version|dismiss|notification|tracking|activat|'
		. 'last_|first_|_on$|ignore|import|myyoast|semrush|wincher|zapier|workouts|reading_list|finished_steps|index_now|'
		. 'home_url|permalink|base_url|taxonomy_slugs|license|ryte|installation|should_redirect|timestamp|_time$|_date$|'
		. 'inclusive_language|algolia|wordproof|clean_|deny_|show_new_content_type_notification)/';

	/** Meta keys of Yoast and Rank Math that are scores and analysis, not what a page shows. */
	private const SEO_ANALYSIS_META = '/^(_yoast_wpseo_(content_score|linkdex|focuskw|focuskeywords|keywordsynonyms|is_cornerstone|'
		. 'inclusive_language_score|zapier_trigger_sent|wordproof_timestamp)|rank_math_(seo_score|focus_keyword|pillar_content|'
		. 'internal_links_processed|analytic_object_id|contentai_score|primary_.*|news_sitemap_.*|'
		. 'keyword_.*|redirections?_.*))$/';

	/** Plugins whose activation changes the redirect table (their rules start or stop being served). */
	private const REDIRECT_PLUGINS = array( 'redirection/redirection.php', 'wordpress-seo-premium/wp-seo-premium.php' );

	/**
	 * Hooks what changes the redirect table and the site-wide settings (register()).
	 */
	private static function registerSeoWatchers(): void {
		foreach ( self::SITE_SETTINGS_OPTIONS as $option ) {
			add_action( 'update_option_' . $option, array( self::class, 'onSiteSettingUpdated' ), 10, 3 );
			add_action( 'add_option_' . $option, array( self::class, 'onSiteSettingAdded' ), 10, 2 );
			add_action( 'delete_option_' . $option, array( self::class, 'onSiteSettingDeleted' ) );
		}
		// Redirection's own notices of a rule written, deleted, enabled or disabled.
		$hooks = array( 'redirection_redirect_updated', 'redirection_redirect_deleted', 'redirection_redirect_enabled', 'redirection_redirect_disabled' );
		foreach ( $hooks as $hook ) {
			add_action( $hook, array( self::class, 'onRedirectionChanged' ) );
		}
		// Its default flags apply to every rule that does not set its own.
		foreach ( array( 'update_option_redirection_options', 'add_option_redirection_options' ) as $hook ) {
			add_action( $hook, array( self::class, 'onRedirectionChanged' ) );
		}
		foreach ( array( 'update_option_', 'add_option_', 'delete_option_' ) as $prefix ) {
			add_action( $prefix . 'wpseo-premium-redirects-base', array( self::class, 'onYoastRedirectsChanged' ) );
		}
		add_action( 'activated_plugin', array( self::class, 'onPluginToggled' ) );
		add_action( 'deactivated_plugin', array( self::class, 'onPluginToggled' ) );
		// Redirection writes its groups, and bulk-enables, -disables and -deletes its rules (its REST
		// API, the list screen's bulk actions), with plain queries that fire no hook: its tables'
		// writes are watched instead, wherever they come from. Only with Redirection loaded.
		add_action( 'plugins_loaded', array( self::class, 'watchRedirectionTables' ) );
	}

	/** Watches Redirection's table writes when Redirection is loaded (plugins_loaded). */
	public static function watchRedirectionTables(): void {
		if ( defined( 'REDIRECTION_VERSION' ) ) {
			add_filter( 'query', array( self::class, 'onQuery' ) );
		}
	}

	/**
	 * A query that writes Redirection's rules or groups notes `redirects` (a hit counter or its
	 * reset, which only touch `last_count` and `last_access`, does not). Returned unchanged.
	 *
	 * @param mixed $query The SQL about to run.
	 * @return mixed
	 */
	public static function onQuery( mixed $query ): mixed {
		if ( ! is_string( $query ) || false === stripos( $query, 'redirection_' ) || self::$redirects ) {
			return $query;
		}
		global $wpdb;
		$tables = preg_quote( $wpdb->prefix, '/' ) . 'redirection_(?:items|groups)\b';
		if ( ! preg_match( '/^\s*(INSERT|UPDATE|DELETE|REPLACE|TRUNCATE|DROP|ALTER)\b[^;]*?\b' . $tables . '/i', $query, $m ) ) {
			return $query;
		}
		if ( 'UPDATE' === strtoupper( $m[1] ) && preg_match( '/\bSET\b(.*?)(\bWHERE\b|$)/is', $query, $set ) ) {
			preg_match_all( '/(?:^|,)\s*`?([a-z_]+)`?\s*=/i', $set[1], $columns );
			if ( array() === array_diff( array_map( 'strtolower', $columns[1] ), array( 'last_count', 'last_access' ) ) ) {
				return $query;
			}
		}
		self::onRedirectionChanged();
		return $query;
	}

	/** A Redirection rule, group or setting changed. */
	public static function onRedirectionChanged(): void {
		self::$redirects = true;
		self::event( 'redirection' );
	}

	/** Yoast Premium's redirects changed. */
	public static function onYoastRedirectsChanged(): void {
		self::$redirects = true;
		self::event( 'yoast_redirects' );
	}

	/**
	 * Redirection or Yoast Premium was activated or deactivated: its rules start or stop being served.
	 *
	 * @param mixed $plugin The plugin's file (`folder/file.php`).
	 */
	public static function onPluginToggled( mixed $plugin ): void {
		if ( in_array( $plugin, self::REDIRECT_PLUGINS, true ) ) {
			self::$redirects = true;
			self::event( 'redirect_plugin' );
		}
	}

	/**
	 * A site-wide setting every page shows changed (Settings → General, an SEO plugin's settings):
	 * `scope: "all"` regenerates every page and clears the site's layout data.
	 *
	 * @param mixed  $old      The old value.
	 * @param mixed  $newValue The new value.
	 * @param string $option   The option.
	 */
	public static function onSiteSettingUpdated( mixed $old, mixed $newValue, string $option ): void {
		if ( 'wpseo' === $option && is_array( $old ) && is_array( $newValue ) && ! self::wpseoSettingsChanged( $old, $newValue ) ) {
			return;
		}
		self::$menu = true;
		self::event( 'site_settings' );
	}

	/**
	 * A site-wide setting was created (an SEO plugin's first activation, a first site icon).
	 *
	 * @param string $option The option.
	 * @param mixed  $value  Its value.
	 */
	public static function onSiteSettingAdded( string $option, mixed $value ): void {
		self::onSiteSettingUpdated( null, $value, $option );
	}

	/** A site-wide setting was deleted. */
	public static function onSiteSettingDeleted(): void {
		self::$menu = true;
		self::event( 'site_settings' );
	}

	/**
	 * Whether a change of Yoast's `wpseo` option touches a setting (not only Yoast's own state).
	 *
	 * @param array<string, mixed> $old
	 * @param array<string, mixed> $newValue
	 */
	private static function wpseoSettingsChanged( array $old, array $newValue ): bool {
		foreach ( array_unique( array_merge( array_keys( $old ), array_keys( $newValue ) ) ) as $key ) {
			$key = (string) $key;
			if (
				( ! array_key_exists( $key, $old ) || ! array_key_exists( $key, $newValue ) || $old[ $key ] !== $newValue[ $key ] )
				&& 1 !== preg_match( self::WPSEO_INTERNAL_KEYS, $key )
			) {
				return true;
			}
		}
		return false;
	}

	/** Whether a meta key is one of Yoast's or Rank Math's per-item SEO values (not a score). */
	private static function isSeoMeta( string $metaKey ): bool {
		return ( str_starts_with( $metaKey, '_yoast_wpseo_' ) || str_starts_with( $metaKey, 'rank_math_' ) )
			&& 1 !== preg_match( self::SEO_ANALYSIS_META, $metaKey );
	}

	/**
	 * `_wp_old_slug` was added, changed or deleted: the old slugs of a published item of the site
	 * are redirects (0: deleted from every post at once).
	 *
	 * @param int $postId The post.
	 */
	private static function onOldSlugChanged( int $postId ): void {
		$post = $postId > 0 ? get_post( $postId ) : null;
		if ( 0 === $postId || ( $post instanceof WP_Post && ! self::ignored( $post ) && 'publish' === $post->post_status ) ) {
			self::$redirects = true;
		}
	}

	/**
	 * An item appears, moves or goes away: the redirect table changes when it has old slugs (they
	 * are served for published items only) or when its address is another item's old one (a
	 * published item's address is never redirected).
	 *
	 * @param WP_Post $post The item.
	 * @param string  $slug Its slug at this address.
	 */
	private static function noteOldSlugs( WP_Post $post, string $slug ): void {
		if ( self::$redirects || null === ContentModel::publicRestBaseFor( $post->post_type ) ) {
			return;
		}
		global $wpdb;
		$meta = Seo\RedirectTable::OLD_SLUG_META;
		// One indexed lookup per save of a published item, which must see the database as it is now
		// (WordPress has no API for "is this an old slug of any item"; a cached answer could be stale).
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- see above.
		$found = $wpdb->get_var(
			$wpdb->prepare(
				"SELECT 1 FROM {$wpdb->postmeta} WHERE meta_key = %s AND (post_id = %d OR meta_value = %s) LIMIT 1",
				$meta,
				$post->ID,
				'' === $slug ? $post->post_name : $slug
			)
		);
		if ( null !== $found ) {
			self::$redirects = true;
		}
	}

	/**
	 * Notes, while the block editor renders, that this user's editor of this post shows meta boxes:
	 * its saves will be followed by a meta-box request (see the class comment).
	 *
	 * @param mixed $metaBoxes The global meta box state (returned unchanged).
	 * @return mixed
	 */
	public static function noteMetaBoxScreen( mixed $metaBoxes ): mixed {
		$screen = function_exists( 'get_current_screen' ) ? get_current_screen() : null;
		$post   = get_post();
		if ( null === $screen || ! $post instanceof WP_Post || ! is_array( $metaBoxes ) || null === self::restBase( $post ) ) {
			return $metaBoxes;
		}
		foreach ( array( 'side', 'normal', 'advanced' ) as $location ) {
			foreach ( (array) ( $metaBoxes[ $screen->id ][ $location ] ?? array() ) as $boxes ) {
				foreach ( (array) $boxes as $box ) {
					// The block editor's own rule (the_block_editor_meta_boxes()).
					if ( is_array( $box ) && ! empty( $box['title'] ) && empty( $box['args']['__back_compat_meta_box'] ) ) {
						set_transient( self::metaBoxScreenKey( get_current_user_id(), $post->ID ), 1, DAY_IN_SECONDS );
						return $metaBoxes;
					}
				}
			}
		}
		delete_transient( self::metaBoxScreenKey( get_current_user_id(), $post->ID ) );
		return $metaBoxes;
	}

	/* ---------------------------------------------------------------- sending */

	/**
	 * The end of the request: what was collected goes to the outbox (or waits for the meta-box
	 * request), then the outbox is sent: at once when this request queued something, else when a
	 * retry is due (any request's shutdown serves as a retry timer; the autoloaded state costs no query).
	 */
	public static function onShutdown(): void {
		$userId = get_current_user_id();
		if ( $userId > 0 && self::isMetaBoxRequest() ) {
			self::mergeState( self::claimDeferred( $userId ) );
		} elseif ( $userId > 0 && is_admin() ) {
			self::sendStaleDeferred( $userId );
		}
		$queued = false;
		if ( self::hasChanges() && ! self::deferForMetaBoxes( $userId ) ) {
			$changes = self::takeChanges();
			$queued  = null !== $changes && Outbox::queue( $changes );
		}
		if ( ! $queued && ! Outbox::isDue() ) {
			return;
		}
		if ( function_exists( 'fastcgi_finish_request' ) ) {
			fastcgi_finish_request();
		}
		Outbox::deliver();
	}

	/**
	 * The cron event of a deferral whose meta-box request never came.
	 *
	 * @param mixed $userId The user who saved.
	 */
	public static function sendDeferred( mixed $userId ): void {
		$state = self::claimDeferred( (int) $userId );
		if ( null === $state ) {
			return;
		}
		$saved = self::takeState();
		self::mergeState( $state );
		$changes = self::takeChanges();
		self::mergeState( $saved );
		if ( null !== $changes && Outbox::queue( $changes ) ) {
			Outbox::deliver();
		}
	}

	/**
	 * A retry scheduled by an earlier version of the plugin (one retry, a version-1 payload, by
	 * RETRY_HOOK): its changes go to the outbox, so an update loses nothing.
	 *
	 * @param mixed $job `{payload, id}` as scheduled.
	 */
	public static function retry( mixed $job ): void {
		$payload = is_array( $job ) && isset( $job['payload'] ) && is_array( $job['payload'] ) ? $job['payload'] : null;
		if ( null === $payload ) {
			return;
		}
		$items   = array_values(
			array_filter(
				(array) ( $payload['items'] ?? array() ),
				static fn ( $item ): bool => is_array( $item ) && isset( $item['rest_base'], $item['slug'] )
			)
		);
		$changes = array(
			'event'     => self::eventLabel( explode( ',', (string) ( $payload['event'] ?? 'update' ) ) ),
			'items'     => $items,
			'all'       => ! empty( $payload['menu'] ) || 'all' === ( $payload['scope'] ?? null ),
			'redirects' => ! empty( $payload['redirects'] ),
		);
		if ( Outbox::queue( $changes ) ) {
			Outbox::deliver();
		}
	}

	/**
	 * POSTs one payload to the site now (no log, no retry: the outbox and the test decide).
	 *
	 * @param array<string, mixed> $payload
	 * @return array{status: int|null, error: string|null, ok: bool, retry_after: int|null}
	 */
	public static function send( array $payload ): array {
		$siteUrl = Config::siteUrl();
		$secret  = Config::revalidateSecret();
		if ( null === $siteUrl || null === $secret ) {
			return array(
				'status'      => null,
				'error'       => Outbox::NOT_CONFIGURED,
				'ok'          => false,
				'retry_after' => null,
			);
		}
		$response = wp_remote_post(
			$siteUrl . self::PATH,
			array(
				'timeout'     => self::TIMEOUT,
				'redirection' => 0,
				'headers'     => array(
					'Content-Type'        => 'application/json',
					'x-revalidate-secret' => $secret,
				),
				'body'        => (string) wp_json_encode( $payload ),
				'data_format' => 'body',
			)
		);
		if ( is_wp_error( $response ) ) {
			return array(
				'status'      => null,
				'error'       => self::clip( $response->get_error_message() ),
				'ok'          => false,
				'retry_after' => null,
			);
		}
		$status     = (int) wp_remote_retrieve_response_code( $response );
		$ok         = $status >= 200 && $status < 300;
		$retryAfter = wp_remote_retrieve_header( $response, 'retry-after' );
		return array(
			'status'      => $status,
			'error'       => $ok ? null : self::clip( sprintf( 'HTTP %d: %s', $status, wp_remote_retrieve_body( $response ) ) ),
			'ok'          => $ok,
			'retry_after' => is_string( $retryAfter ) && ctype_digit( trim( $retryAfter ) ) ? (int) trim( $retryAfter ) : null,
		);
	}

	/**
	 * What was collected, or null when nothing on the site changed; the notes are reset. Slugs and
	 * sections are read now, from the final state. `items` are not capped here (the outbox caps
	 * each payload); `all` is version 2's `scope: "all"`.
	 *
	 * @return array{event: string, items: list<array<string, string>>, all: bool, redirects: bool}|null
	 */
	public static function takeChanges(): ?array {
		$state = self::takeState();
		// `_id` is internal (the meta-box check), not part of the payload.
		$items    = array_map( static fn ( array $item ): array => array_diff_key( $item, array( '_id' => true ) ), $state['gone'] );
		$postIds  = array_keys( $state['posts'] );
		$frameIds = array_merge(
			array_map( 'intval', array_keys( $state['frames'] ) ),
			self::framesOfTypes( array_map( 'strval', array_keys( $state['frameTypes'] ) ) )
		);
		$postIds  = array_merge( $postIds, self::pagesUsingFrames( array_values( array_unique( $frameIds ) ) ) );
		$postIds  = array_values( array_unique( array_map( 'intval', $postIds ) ) );
		// The posts and their fields (a frame page's section) in two queries, not two per post.
		_prime_post_caches( $postIds, false, true );
		$changed = array();
		foreach ( $postIds as $postId ) {
			$post = get_post( $postId );
			$item = $post instanceof WP_Post && 'publish' === $post->post_status ? self::item( $post, $post->post_name ) : null;
			if ( null !== $item ) {
				$changed[ self::key( $item ) ] = $item;
			}
		}
		// Addresses that went away first: when more than MAX_ITEMS changed, `scope: all` regenerates the rest.
		$items = array_values( array_merge( $items, array_diff_key( $changed, $items ) ) );
		// The navigation leaves out items linking to unpublished content, and links carry the slug.
		$all       = $state['menu'] || self::linkedFromMenu( array_map( 'intval', array_keys( $state['linked'] ) ) );
		$redirects = ! empty( $state['redirects'] );
		if ( array() === $items && ! $all && ! $redirects ) {
			return null;
		}
		$events = array_keys( $state['events'] );
		// An old slug written by a script, say: nothing else happened.
		$events = array() === $events && $redirects ? array( 'redirects' ) : $events;
		return array(
			'event'     => self::eventLabel( $events ),
			'items'     => $items,
			'all'       => $all,
			'redirects' => $redirects,
		);
	}

	/** Forgets everything collected (tests; and after sending). */
	public static function reset(): void {
		self::takeState();
	}

	/* ---------------------------------------------------------------- deferral */

	/** Whether this request is the block editor's meta-box save (`post.php?meta-box-loader=1`). */
	private static function isMetaBoxRequest(): bool {
		// Only the flag's presence is read: post.php checks the request's nonces itself.
		return is_admin() && isset( $_GET['meta-box-loader'] ) && 'post.php' === ( $GLOBALS['pagenow'] ?? '' ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- presence of a flag only; post.php verifies the nonces.
	}

	/**
	 * A cookie-authenticated REST save of a post whose block editor showed meta boxes: keep the notes
	 * for the meta-box request that follows. True when deferred.
	 */
	private static function deferForMetaBoxes( int $userId ): bool {
		$defer = $userId > 0 && defined( 'REST_REQUEST' ) && REST_REQUEST
			&& 0 === did_action( 'application_password_did_authenticate' )
			// Whether the request carries a nonce at all (cookie authentication); the REST server verified it.
			&& ( ! empty( $_SERVER['HTTP_X_WP_NONCE'] ) || ! empty( $_REQUEST['_wpnonce'] ) ) // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- presence only, verified by the REST server.
			// A save; the editor's "Move to trash" (DELETE) is followed by no meta-box request.
			&& 'DELETE' !== self::restMethod();
		if ( $defer ) {
			$defer = false;
			foreach ( array_keys( self::$posts + self::goneIds() ) as $postId ) {
				if ( false !== get_transient( self::metaBoxScreenKey( $userId, (int) $postId ) ) ) {
					$defer = true;
					break;
				}
			}
		}
		/**
		 * Whether this request's notes wait for the block editor's meta-box request.
		 *
		 * @param bool $defer  The plugin's decision.
		 * @param int  $userId The current user.
		 */
		if ( $userId <= 0 || ! apply_filters( 'payments_headless_defer_for_meta_boxes', $defer, $userId ) ) {
			return false;
		}
		$state    = self::takeState();
		$previous = self::claimDeferred( $userId );
		self::mergeState( $previous );
		self::mergeState( $state );
		$state          = self::takeState();
		$state['since'] = is_array( $previous ) && isset( $previous['since'] ) ? (int) $previous['since'] : time();
		update_option( self::DEFERRED_OPTION . $userId, $state, false );
		if ( false === wp_next_scheduled( self::DEFERRED_HOOK, array( $userId ) ) ) {
			wp_schedule_single_event( time() + self::DEFER_SECONDS, self::DEFERRED_HOOK, array( $userId ) );
		}
		return true;
	}

	/** The REST request's method, after WordPress's method overrides (apiFetch sends DELETE as POST). */
	private static function restMethod(): string {
		$method = 'GET';
		if ( isset( $_SERVER['HTTP_X_HTTP_METHOD_OVERRIDE'] ) ) {
			$method = sanitize_text_field( wp_unslash( $_SERVER['HTTP_X_HTTP_METHOD_OVERRIDE'] ) );
		} elseif ( isset( $_GET['_method'] ) ) { // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- the method override's name only; the REST server verified the request.
			$method = sanitize_text_field( wp_unslash( $_GET['_method'] ) ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- as above.
		} elseif ( isset( $_SERVER['REQUEST_METHOD'] ) ) {
			$method = sanitize_text_field( wp_unslash( $_SERVER['REQUEST_METHOD'] ) );
		}
		return strtoupper( $method );
	}

	/**
	 * Takes a user's deferred notes (null when none); only one request can take them.
	 *
	 * @return array<string, mixed>|null
	 */
	private static function claimDeferred( int $userId ): ?array {
		$name  = self::DEFERRED_OPTION . $userId;
		$state = get_option( $name, null );
		if ( ! is_array( $state ) || ! delete_option( $name ) ) {
			return null;
		}
		wp_clear_scheduled_hook( self::DEFERRED_HOOK, array( $userId ) );
		return $state;
	}

	/** A later admin request of the same user sends a deferral older than DEFER_SECONDS. */
	private static function sendStaleDeferred( int $userId ): void {
		$state = get_option( self::DEFERRED_OPTION . $userId, null );
		if ( is_array( $state ) && (int) ( $state['since'] ?? 0 ) <= time() - self::DEFER_SECONDS ) {
			self::sendDeferred( $userId );
		}
	}

	/** The transient name noting a block editor screen with meta boxes. */
	private static function metaBoxScreenKey( int $userId, int $postId ): string {
		return self::META_BOX_SCREEN . $userId . '_' . $postId;
	}

	/* ---------------------------------------------------------------- state */

	/**
	 * Returns the notes and empties them.
	 *
	 * @return array{posts: array<int, true>, gone: array<string, array<string, string>>, frames: array<int, true>,
	 *               frameTypes: array<string, true>, events: array<string, true>, menu: bool, linked: array<int, true>,
	 *               redirects: bool}
	 */
	private static function takeState(): array {
		$state              = array(
			'posts'      => self::$posts,
			'gone'       => self::$gone,
			'frames'     => self::$frames,
			'frameTypes' => self::$frameTypes,
			'events'     => self::$events,
			'menu'       => self::$menu,
			'linked'     => self::$linked,
			'redirects'  => self::$redirects,
		);
		self::$linked       = array();
		self::$redirects    = false;
		self::$posts        = array();
		self::$gone         = array();
		self::$frames       = array();
		self::$frameTypes   = array();
		self::$events       = array();
		self::$menu         = false;
		self::$publishedNow = array();
		self::$deleting     = array();
		self::$slugBefore   = array();
		return $state;
	}

	/**
	 * Adds notes (deferred ones, or saved ones) to the current request's.
	 *
	 * @param array<string, mixed>|null $state
	 */
	private static function mergeState( ?array $state ): void {
		if ( null === $state ) {
			return;
		}
		foreach ( (array) ( $state['posts'] ?? array() ) as $postId => $unused ) {
			self::$posts[ (int) $postId ] = true;
		}
		foreach ( (array) ( $state['gone'] ?? array() ) as $key => $item ) {
			if ( is_array( $item ) ) {
				self::$gone[ (string) $key ] = $item;
			}
		}
		foreach ( (array) ( $state['frames'] ?? array() ) as $frameId => $unused ) {
			self::$frames[ (int) $frameId ] = true;
		}
		foreach ( (array) ( $state['frameTypes'] ?? array() ) as $slug => $unused ) {
			self::$frameTypes[ (string) $slug ] = true;
		}
		foreach ( (array) ( $state['linked'] ?? array() ) as $postId => $unused ) {
			self::$linked[ (int) $postId ] = true;
		}
		foreach ( (array) ( $state['events'] ?? array() ) as $event => $unused ) {
			self::$events[ (string) $event ] = true;
		}
		self::$menu      = self::$menu || ! empty( $state['menu'] );
		self::$redirects = self::$redirects || ! empty( $state['redirects'] );
	}

	private static function hasChanges(): bool {
		return array() !== self::$posts || array() !== self::$gone || array() !== self::$frames || array() !== self::$frameTypes || self::$menu
			|| self::$redirects;
	}

	/**
	 * Post ids of the addresses that went away (for the meta-box screen check).
	 *
	 * @return array<int, true>
	 */
	private static function goneIds(): array {
		$ids = array();
		foreach ( self::$gone as $item ) {
			if ( isset( $item['_id'] ) ) {
				$ids[ (int) $item['_id'] ] = true;
			}
		}
		return $ids;
	}

	/* ---------------------------------------------------------------- helpers */

	/**
	 * Whether a post never concerns the site: not one of its types, an alert (read live), a
	 * revision, an autosave or an auto-draft.
	 */
	private static function ignored( WP_Post $post ): bool {
		if ( ( defined( 'DOING_AUTOSAVE' ) && DOING_AUTOSAVE ) || 'auto-draft' === $post->post_status ) {
			return true;
		}
		if ( wp_is_post_revision( $post ) || wp_is_post_autosave( $post ) ) {
			return true;
		}
		$restBase = self::restBase( $post );
		return null === $restBase || 'alert' === $restBase;
	}

	/** The post's REST base when it is one of the site's types. */
	private static function restBase( WP_Post $post ): ?string {
		return ContentModel::restBaseFor( $post->post_type );
	}

	/**
	 * The address of a post with a slug: `{rest_base, slug}` plus `section` for frame pages; null for
	 * types without an address of their own (frames, frame types, alerts) or without a slug.
	 *
	 * @return array{rest_base: string, slug: string, section?: string}|null
	 */
	private static function item( WP_Post $post, string $slug ): ?array {
		$restBase = ContentModel::publicRestBaseFor( $post->post_type );
		if ( null === $restBase || '' === $slug ) {
			return null;
		}
		$item = array(
			'rest_base' => $restBase,
			'slug'      => $slug,
		);
		if ( 'fp_page' === $restBase ) {
			$item['section'] = SiteRoutes::pageSection( $post );
		}
		return $item;
	}

	/** Notes an address that goes away now (its pages answer 404 after the call). */
	private static function gone( WP_Post $post, string $slug ): void {
		$item = self::item( $post, $slug );
		if ( null !== $item ) {
			// `_id` is internal (the meta-box check); it is removed before sending.
			self::$gone[ self::key( $item ) ] = $item + array( '_id' => (string) $post->ID );
		}
	}

	/**
	 * A frame or frame type changed: note it, so its pages are looked up at the end.
	 */
	private static function noteFrame( WP_Post $post, string $slug ): void {
		$restBase = self::restBase( $post );
		if ( 'frame' === $restBase ) {
			self::$frames[ $post->ID ] = true;
		} elseif ( 'frame_type' === $restBase && '' !== $slug ) {
			self::$frameTypes[ $slug ]                          = true;
			self::$frameTypes[ self::slugBeforeTrash( $post ) ] = true;
		}
	}

	/** The slug a post had before it was trashed (WordPress keeps it in `_wp_desired_post_slug`). */
	private static function slugBeforeTrash( WP_Post $post ): string {
		$desired = get_post_meta( $post->ID, '_wp_desired_post_slug', true );
		if ( is_string( $desired ) && '' !== $desired ) {
			return $desired;
		}
		return (string) preg_replace( '/__trashed(-\d+)?$/', '', $post->post_name );
	}

	/** Whether a meta key is one of the site fields of a REST base (served under `acf`). */
	private static function isField( string $restBase, string $metaKey ): bool {
		if ( isset( Fields::FIELDS[ $restBase ][ $metaKey ] ) ) {
			return true;
		}
		if ( 'frame' === $restBase ) {
			return Fields::FRAME_KEYS_META === $metaKey || 1 === preg_match( Fields::FRAME_KEY, $metaKey );
		}
		return 'frame_type' === $restBase && Fields::MAPPING_META === $metaKey;
	}

	/**
	 * Published frame pages whose `frames` list one of the frames.
	 *
	 * @param list<int> $frameIds
	 * @return list<int>
	 */
	private static function pagesUsingFrames( array $frameIds ): array {
		if ( array() === $frameIds ) {
			return array();
		}
		$pageIds = self::allIds(
			array(
				'post_type'   => ContentModel::postTypeFor( 'fp_page' ),
				'post_status' => 'publish',
			)
		);
		// Every page's fields in one query (a frame change reads them all).
		update_meta_cache( 'post', array_map( 'intval', $pageIds ) );
		$using = array();
		foreach ( $pageIds as $pageId ) {
			$frames = get_post_meta( (int) $pageId, 'frames', true );
			if ( is_array( $frames ) && array() !== array_intersect( $frameIds, array_map( 'intval', $frames ) ) ) {
				$using[] = (int) $pageId;
			}
		}
		return $using;
	}

	/**
	 * Whether a menu item links to one of the posts.
	 *
	 * @param list<int> $postIds
	 */
	private static function linkedFromMenu( array $postIds ): bool {
		if ( array() === $postIds ) {
			return false;
		}
		$items = get_posts(
			array(
				'post_type'        => 'nav_menu_item',
				'post_status'      => 'any',
				'numberposts'      => 1,
				'fields'           => 'ids',
				'suppress_filters' => true,
				'no_found_rows'    => true,
				'meta_query'       => array(
					array(
						'key'   => '_menu_item_type',
						'value' => 'post_type',
					),
					array(
						'key'     => '_menu_item_object_id',
						'value'   => array_map( 'strval', $postIds ),
						'compare' => 'IN',
					),
				),
			)
		);
		return array() !== $items;
	}

	/**
	 * Published frames of frame types (by slug).
	 *
	 * @param list<string> $slugs
	 * @return list<int>
	 */
	private static function framesOfTypes( array $slugs ): array {
		$slugs = array_values( array_filter( $slugs, static fn ( $slug ): bool => '' !== $slug ) );
		if ( array() === $slugs ) {
			return array();
		}
		return self::allIds(
			array(
				'post_type'   => ContentModel::postTypeFor( 'frame' ),
				'post_status' => 'publish',
				'meta_query'  => array(
					array(
						'key'     => 'frame_type',
						'value'   => $slugs,
						'compare' => 'IN',
					),
				),
			)
		);
	}

	/**
	 * Every id a query matches, newest first, read in pages of ContentModel::QUERY_PAGE ids (never one unbounded query).
	 *
	 * @param array<string, mixed> $args The query (post type, status, meta query).
	 * @return list<int>
	 */
	private static function allIds( array $args ): array {
		$args = array_merge(
			$args,
			array(
				'fields'           => 'ids',
				'posts_per_page'   => ContentModel::QUERY_PAGE,
				// A total order, so that no id is skipped or repeated between pages.
				'orderby'          => array(
					'date' => 'DESC',
					'ID'   => 'DESC',
				),
				'suppress_filters' => true,
				'no_found_rows'    => true,
			)
		);
		$ids  = array();
		for ( $page = 1; ; ++$page ) {
			$args['paged'] = $page;
			$chunk         = array_map( 'intval', get_posts( $args ) );
			array_push( $ids, ...$chunk );
			if ( count( $chunk ) < ContentModel::QUERY_PAGE ) {
				return $ids;
			}
		}
	}

	/**
	 * @param array<string, mixed> $item
	 */
	private static function key( array $item ): string {
		return $item['rest_base'] . '|' . ( $item['section'] ?? '' ) . '|' . $item['slug'];
	}

	/** Notes an event label. */
	private static function event( string $event ): void {
		self::$events[ $event ] = true;
	}

	/**
	 * The events joined with `,`, at most 100 characters of `[a-z0-9_ ,:-]`.
	 *
	 * @param list<string> $events
	 */
	public static function eventLabel( array $events ): string {
		$events = array_values( array_filter( $events, static fn ( $e ): bool => 1 === preg_match( self::EVENT_PATTERN, $e ) ) );
		$label  = implode( ',', $events );
		return '' === $label ? 'update' : rtrim( substr( $label, 0, 100 ), ',' );
	}

	/** An error text for the log: one line, at most 300 characters. */
	private static function clip( string $text ): string {
		$text = trim( (string) preg_replace( '/\s+/', ' ', wp_strip_all_tags( $text ) ) );
		return strlen( $text ) > 300 ? substr( $text, 0, 300 ) . '…' : $text;
	}
}
