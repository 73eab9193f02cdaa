<?php

/**
 * The SEO object of WordPress alone (no SEO plugin active).
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Seo;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * What WordPress itself knows: no title (the site composes `{title} | {site name}`), the manual
 * excerpt, robots from Settings → Reading, Open Graph from the item and its featured image.
 */
final class WordPressSource implements SeoSource {

	public function name(): string {
		return SeoObject::WORDPRESS;
	}

	/**
	 * @param \WP_Post             $post     The item.
	 * @param array<string, mixed> $prepared Unused.
	 * @return array<string, mixed>
	 */
	public function forPost( \WP_Post $post, array $prepared = array() ): array {
		$seo                    = SeoObject::blank( SeoObject::WORDPRESS );
		$description            = self::plain( (string) $post->post_excerpt );
		$seo['description']     = $description;
		$seo['robots']          = self::siteRobots();
		$image                  = SeoObject::attachmentImage( (int) get_post_thumbnail_id( $post ) );
		$seo['og']              = array(
			'type'           => 'article',
			'title'          => self::plain( get_the_title( $post ) ),
			'description'    => $description,
			'image'          => $image,
			'site_name'      => self::plain( (string) get_bloginfo( 'name' ) ),
			'locale'         => get_locale(),
			'published_time' => SeoObject::time( get_post_time( 'c', true, $post ) ),
			'modified_time'  => SeoObject::time( get_post_modified_time( 'c', true, $post ) ),
		);
		$seo['twitter']['card'] = null === $image ? 'summary' : 'summary_large_image';
		return $seo;
	}

	/**
	 * Robots from Settings → Reading: "Discourage search engines" (`blog_public` 0) is noindex.
	 *
	 * @return array<string, mixed>
	 */
	public static function siteRobots(): array {
		return SeoObject::robots( '0' === (string) get_option( 'blog_public', '1' ) ? array( 'noindex' ) : array() );
	}

	/** Text without markup (titles and excerpts are HTML in WordPress), references decoded. */
	private static function plain( string $html ): ?string {
		return SeoObject::text( wp_strip_all_tags( $html, true ) );
	}

	public function home(): ?array {
		return null;
	}

	public function search(): ?array {
		return null;
	}

	public function archive( string $postType ): ?array {
		return null;
	}

	public function organization(): ?array {
		return null;
	}
}
