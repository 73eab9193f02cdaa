<?php

/**
 * Published items' links name their address on the site.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Filters `get_permalink()` (`post_link` for blog posts, `post_type_link` for the plugin's types),
 * so every link WordPress makes from it gives the site's address of a PUBLISHED item of the site's
 * content types: the REST `link` field (and so the block editor's "View" links), wp-admin's row
 * actions, the admin bar, the "Post published. View post" notice, menu items linking to posts
 * (`url`), `/wp/v2/search` results (`url`), feeds and core sitemaps.
 *
 * Left as WordPress makes them: unpublished items (drafts, pending, scheduled, private: their
 * links are WordPress's own, which can preview; the preview flow sets their REST `link`), types
 * without a page on the site (frames, frame types, alerts, core pages, attachments), and every
 * link while `HEADLESS_SITE_URL` is not set.
 *
 * The slug editor (`get_sample_permalink()`, REST `permalink_template`) shows the site's address
 * with WordPress's `%postname%` placeholder for a published item, so the slug stays editable.
 */
final class SiteLinks {

	/** The placeholder WordPress's slug editors replace with the slug being edited. */
	private const PLACEHOLDER = '%postname%';

	/**
	 * `post_link` and `post_type_link`: the item's site address, or WordPress's link.
	 *
	 * @param mixed $link      WordPress's permalink.
	 * @param mixed $post      The item.
	 * @param mixed $leavename Whether WordPress left the slug as a placeholder (the slug editor).
	 * @return mixed
	 */
	public static function filterPermalink( $link, $post, $leavename = false ) {
		if ( ! $post instanceof \WP_Post || ! self::isPublished( $post ) ) {
			return $link;
		}
		if ( $leavename ) {
			$marker = 'payments-headless-slug-placeholder';
			$url    = SiteRoutes::url( $post, $marker );
			return null === $url ? $link : str_replace( $marker, self::PLACEHOLDER, $url );
		}
		return SiteRoutes::url( $post ) ?? $link;
	}

	/**
	 * WordPress's own permalink of the item (its front end's address), as if this filter were not
	 * there: what SEO plugins may have stored before `HEADLESS_SITE_URL` was set.
	 */
	public static function wordpressPermalink( \WP_Post $post ): ?string {
		remove_filter( 'post_link', array( self::class, 'filterPermalink' ), 10 );
		remove_filter( 'post_type_link', array( self::class, 'filterPermalink' ), 10 );
		try {
			$link = get_permalink( $post );
		} finally {
			add_filter( 'post_link', array( self::class, 'filterPermalink' ), 10, 3 );
			add_filter( 'post_type_link', array( self::class, 'filterPermalink' ), 10, 3 );
		}
		return is_string( $link ) ? $link : null;
	}

	/**
	 * Whether the item is published. `get_sample_permalink()` pretends that drafts are published
	 * (`filter` is then `sample`): their stored status decides.
	 */
	private static function isPublished( \WP_Post $post ): bool {
		if ( 'sample' === $post->filter && $post->ID > 0 ) {
			return 'publish' === get_post_status( $post->ID );
		}
		return 'publish' === $post->post_status;
	}
}
