<?php

/**
 * The SEO reads (docs/seo-and-redirects.md §1–2): the `seo` REST field of every content item and
 * `GET /custom-api/v1/seo`, the site's identity and the pages that are not one item.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Seo;

use PaymentsHeadless\ContentModel;
use PaymentsHeadless\RestReads;
use PaymentsHeadless\SiteRoutes;
use WP_REST_Response;
use WP_REST_Server;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Picks the active SEO plugin (Yoast SEO, else Rank Math, else WordPress alone) and serves its
 * values in the normalized shape. Public and read-only.
 */
final class SeoRoutes {

	/** The REST field every content item carries. */
	public const FIELD = 'seo';

	/** The route of the site's identity (under RestReads::ID_NAMESPACE). */
	public const ROUTE = '/seo';

	/**
	 * The search phrase in `search.title` (the site puts the visitor's query, escaped, in its place):
	 * the SEO plugins fill their search-phrase variable with it.
	 */
	public const QUERY_TOKEN = '{query}';

	/** Hooks the REST field and the route. */
	public static function register(): void {
		// Late, so that Yoast's `yoast_head_json` is prepared before `seo` and can be reused.
		add_action( 'rest_api_init', array( self::class, 'registerField' ), 20 );
		add_action( 'rest_api_init', array( self::class, 'registerRoute' ) );
	}

	/**
	 * The REST bases whose items carry `seo`: the site's content types (those with a page on the site).
	 *
	 * @return list<string>
	 */
	public static function restBases(): array {
		return array_merge( array_keys( SiteRoutes::PREFIXES ), array( SiteRoutes::PAGE_BASE ) );
	}

	/** Registers `seo` on every content type's items (after the SEO plugins' own fields). */
	public static function registerField(): void {
		$postTypes = array();
		foreach ( self::restBases() as $restBase ) {
			$postType = ContentModel::postTypeFor( $restBase );
			if ( null !== $postType ) {
				$postTypes[] = $postType;
			}
		}
		register_rest_field(
			$postTypes,
			self::FIELD,
			array(
				'get_callback' => array( self::class, 'field' ),
				'schema'       => SeoObject::jsonSchema(),
			)
		);
	}

	/**
	 * The `seo` value of one item.
	 *
	 * @param array<string, mixed> $prepared The item's REST data prepared so far.
	 * @return array<string, mixed>|null
	 */
	public static function field( array $prepared ): ?array {
		$post = get_post( (int) ( $prepared['id'] ?? 0 ) );
		if ( ! $post instanceof \WP_Post ) {
			return null;
		}
		return self::source()->forPost( $post, $prepared );
	}

	/**
	 * The active source: Yoast SEO when it is active, else Rank Math, else WordPress alone. The filter
	 * `payments_headless_seo_source` (`yoast`, `rankmath`, `wordpress`) may pick another one that is
	 * available (tests force WordPress alone with it).
	 */
	public static function source(): SeoSource {
		$name = YoastSource::available() ? SeoObject::YOAST : ( RankMathSource::available() ? SeoObject::RANK_MATH : SeoObject::WORDPRESS );
		/**
		 * Filters which SEO source serves the SEO objects.
		 *
		 * @param string $name `yoast`, `rankmath` or `wordpress`.
		 */
		$name = apply_filters( 'payments_headless_seo_source', $name );
		if ( SeoObject::YOAST === $name && YoastSource::available() ) {
			return new YoastSource();
		}
		if ( SeoObject::RANK_MATH === $name && RankMathSource::available() ) {
			return new RankMathSource();
		}
		return new WordPressSource();
	}

	/** Registers `GET /custom-api/v1/seo` (public). */
	public static function registerRoute(): void {
		register_rest_route(
			RestReads::ID_NAMESPACE,
			self::ROUTE,
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( self::class, 'site' ),
				'permission_callback' => '__return_true',
			)
		);
	}

	/**
	 * The site's identity: name, tagline, locale, icon, the SEO plugin's organization, and the SEO
	 * objects of the home page, the search results and the content types' listings.
	 */
	public static function site(): WP_REST_Response {
		$source   = self::source();
		$archives = array();
		foreach ( array_keys( SiteRoutes::PREFIXES ) as $restBase ) {
			$postType              = ContentModel::postTypeFor( $restBase );
			$archives[ $restBase ] = null === $postType ? null : $source->archive( $postType );
		}
		return new WP_REST_Response(
			array(
				'source'       => $source->name(),
				'name'         => SeoObject::text( get_option( 'blogname', '' ) ),
				'description'  => SeoObject::text( get_option( 'blogdescription', '' ) ),
				'locale'       => get_locale(),
				'icon'         => self::icon(),
				'organization' => $source->organization(),
				'home'         => $source->home(),
				'search'       => $source->search(),
				'archives'     => (object) $archives,
			),
			200
		);
	}

	/**
	 * The site icon at 512 px `{url, width, height}`, or null.
	 *
	 * @return array<string, mixed>|null
	 */
	private static function icon(): ?array {
		$iconId = (int) get_option( 'site_icon', 0 );
		$source = $iconId > 0 ? wp_get_attachment_image_src( $iconId, array( 512, 512 ) ) : false;
		if ( ! is_array( $source ) ) {
			return null;
		}
		return array(
			'url'    => (string) $source[0],
			'width'  => 0 !== (int) $source[1] ? (int) $source[1] : null,
			'height' => 0 !== (int) $source[2] ? (int) $source[2] : null,
		);
	}
}
