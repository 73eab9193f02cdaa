<?php

/**
 * The SEO object from Yoast SEO (21): its own rendering, as `yoast_head_json` carries it.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Seo;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Reads Yoast's presentation through its API (`YoastSEO()->meta`): the values of its head with its
 * variables (`%%sitename%%`...) filled in. When Yoast's own `yoast_head_json` field was already
 * prepared for the item, that is reused (no second rendering).
 */
final class YoastSource implements SeoSource {

	/** Whether Yoast SEO is loaded. */
	public static function available(): bool {
		return defined( 'WPSEO_VERSION' ) && function_exists( 'YoastSEO' );
	}

	public function name(): string {
		return SeoObject::YOAST;
	}

	/**
	 * @param \WP_Post             $post     The item.
	 * @param array<string, mixed> $prepared The REST data prepared so far.
	 * @return array<string, mixed>
	 */
	public function forPost( \WP_Post $post, array $prepared = array() ): array {
		$json = $prepared['yoast_head_json'] ?? null;
		// Reused only when it has what a headless site always needs (see headJson()).
		if ( ! is_array( $json ) || ! isset( $json['title'], $json['robots'] ) ) {
			$json = self::headJson( YoastSEO()->meta->for_post( $post->ID ) );
		}
		if ( null === $json ) {
			return SeoObject::blank( SeoObject::YOAST );
		}
		return self::fromJson( $json );
	}

	public function home(): ?array {
		$json = self::headJson( YoastSEO()->meta->for_home_page() );
		return null === $json ? null : self::fromJson( $json );
	}

	public function search(): ?array {
		global $wp_query;
		if ( ! $wp_query instanceof \WP_Query ) {
			return null;
		}
		// %%searchphrase%% reads the main query's `s`: the token the site replaces. The template
		// (Settings → Search appearance, or Yoast's default) goes through Yoast's variables directly:
		// its title presenter asks wp_get_document_title(), which knows of no search outside one.
		$saved = $wp_query->get( 's' );
		$wp_query->set( 's', SeoRoutes::QUERY_TOKEN );
		try {
			$template = trim( (string) \WPSEO_Options::get( 'title-search-wpseo', '' ) );
			if ( '' === $template ) {
				$template = (string) YoastSEO()->helpers->options->get_title_default( 'title-search-wpseo' );
			}
			$title = wpseo_replace_vars( $template, array() );
		} finally {
			$wp_query->set( 's', $saved );
		}
		$seo          = SeoObject::blank( SeoObject::YOAST );
		$seo['title'] = SeoObject::text( $title );
		// Yoast always says noindex for search results.
		$seo['robots'] = SeoObject::robots( array( 'noindex', 'follow' ) );
		return null === $seo['title'] ? null : $seo;
	}

	public function archive( string $postType ): ?array {
		$title       = \WPSEO_Options::get( 'title-ptarchive-' . $postType, '' );
		$description = \WPSEO_Options::get( 'metadesc-ptarchive-' . $postType, '' );
		if ( '' === trim( (string) $title ) && '' === trim( (string) $description ) ) {
			return null;
		}
		$json = self::headJson( YoastSEO()->meta->for_post_type_archive( $postType ) );
		return null === $json ? null : self::fromJson( $json );
	}

	public function organization(): ?array {
		if ( 'company' !== \WPSEO_Options::get( 'company_or_person', 'company' ) ) {
			return null;
		}
		$name = SeoObject::text( \WPSEO_Options::get( 'company_name', '' ) );
		if ( null === $name ) {
			return null;
		}
		$logo = SeoObject::attachmentImage( (int) \WPSEO_Options::get( 'company_logo_id', 0 ) );
		if ( null === $logo ) {
			$logo = SeoObject::image( array( 'url' => \WPSEO_Options::get( 'company_logo', '' ) ) );
		}
		return array(
			'name' => $name,
			'logo' => null === $logo ? null : array(
				'url'    => $logo['url'],
				'width'  => $logo['width'],
				'height' => $logo['height'],
			),
		);
	}

	/**
	 * Yoast's head values of a presentation (`yoast_head_json`), or null.
	 *
	 * @param mixed $meta What a `YoastSEO()->meta->for_*()` call answered (false when nothing).
	 * @return array<string, mixed>|null
	 */
	private static function headJson( mixed $meta ): ?array {
		if ( ! is_object( $meta ) || ! method_exists( $meta, 'get_head' ) ) {
			return null;
		}
		// Yoast leaves its title out when the theme has no `title-tag` support, and its robots when
		// WordPress prints them (outside REST requests): the site prints both itself, always.
		add_filter( 'wpseo_frontend_presenter_classes', array( self::class, 'withTitleAndRobots' ), self::PRESENTER_PRIORITY );
		try {
			$head = $meta->get_head();
		} finally {
			remove_filter( 'wpseo_frontend_presenter_classes', array( self::class, 'withTitleAndRobots' ), self::PRESENTER_PRIORITY );
		}
		$json = is_object( $head ) ? ( $head->json ?? null ) : null;
		return is_array( $json ) ? $json : null;
	}

	/** After Yoast's own presenter filters. */
	private const PRESENTER_PRIORITY = 1000;

	/**
	 * Puts Yoast's title and robots presenters back in the list (filter `wpseo_frontend_presenter_classes`).
	 *
	 * @param mixed $presenters Presenter class names.
	 * @return mixed
	 */
	public static function withTitleAndRobots( mixed $presenters ): mixed {
		if ( ! is_array( $presenters ) ) {
			return $presenters;
		}
		foreach ( array( 'Yoast\\WP\\SEO\\Presenters\\Title_Presenter', 'Yoast\\WP\\SEO\\Presenters\\Robots_Presenter' ) as $class ) {
			if ( class_exists( $class ) && ! in_array( $class, $presenters, true ) ) {
				$presenters[] = $class;
			}
		}
		return $presenters;
	}

	/**
	 * The SEO object of Yoast's head values.
	 *
	 * @param array<string, mixed> $json `yoast_head_json`.
	 * @return array<string, mixed>
	 */
	public static function fromJson( array $json ): array {
		$seo                = SeoObject::blank( SeoObject::YOAST );
		$seo['title']       = SeoObject::text( $json['title'] ?? null );
		$seo['description'] = SeoObject::text( $json['description'] ?? null );
		$seo['robots']      = SeoObject::robots( is_array( $json['robots'] ?? null ) ? $json['robots'] : array() );
		$seo['canonical']   = SeoObject::url( $json['canonical'] ?? null );
		$image              = is_array( $json['og_image'][0] ?? null ) ? $json['og_image'][0] : null;
		$seo['og']          = array(
			'type'           => SeoObject::text( $json['og_type'] ?? null ),
			'title'          => SeoObject::text( $json['og_title'] ?? null ),
			'description'    => SeoObject::text( $json['og_description'] ?? null ),
			'image'          => self::image( $image ),
			'site_name'      => SeoObject::text( $json['og_site_name'] ?? null ),
			'locale'         => SeoObject::text( $json['og_locale'] ?? null ),
			'published_time' => SeoObject::time( $json['article_published_time'] ?? null ),
			'modified_time'  => SeoObject::time( $json['article_modified_time'] ?? null ),
		);
		$card               = SeoObject::text( $json['twitter_card'] ?? null );
		$seo['twitter']     = array(
			'card'        => in_array( $card, SeoObject::TWITTER_CARDS, true ) ? $card : null,
			'title'       => SeoObject::text( $json['twitter_title'] ?? null ),
			'description' => SeoObject::text( $json['twitter_description'] ?? null ),
			'image'       => SeoObject::url( $json['twitter_image'] ?? null ),
		);
		$seo['schema']      = SeoObject::schema( $json['schema'] ?? null );
		return $seo;
	}

	/**
	 * Yoast's Open Graph image with the alt text Yoast does not send (its attachment's).
	 *
	 * @param array<string, mixed>|null $image `og_image[0]`: url, width, height, type.
	 * @return array<string, mixed>|null
	 */
	private static function image( ?array $image ): ?array {
		$normalized = SeoObject::image( $image );
		if ( null === $normalized ) {
			return null;
		}
		$attachmentId = SeoObject::attachmentIdFor( $normalized['url'] );
		if ( $attachmentId > 0 ) {
			$normalized['alt'] = SeoObject::text( get_post_meta( $attachmentId, '_wp_attachment_image_alt', true ) );
		}
		return $normalized;
	}
}
