<?php

/**
 * Shared helpers of the SEO tests: the `seo` field of an item, which source is active.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Tests;

use PaymentsHeadless\Seo\RankMathSource;
use PaymentsHeadless\Seo\SeoObject;
use PaymentsHeadless\Seo\YoastSource;

/**
 * The SEO stack of the instance is switched with the harness's `seo <yoast|rankmath|none>` command (docs/real-wordpress.md);
 * a test of one plugin is skipped (with the reason) when that plugin is not the active one.
 */
abstract class SeoTestCase extends TestCase {

	/** The keys of the SEO object, in order (docs/seo-and-redirects.md §1). */
	protected const KEYS = array( 'source', 'title', 'description', 'robots', 'canonical', 'og', 'twitter', 'schema' );

	/** The source the plugin picks on this instance. */
	protected static function activeSource(): string {
		if ( YoastSource::available() ) {
			return SeoObject::YOAST;
		}
		return RankMathSource::available() ? SeoObject::RANK_MATH : SeoObject::WORDPRESS;
	}

	/** Skips the test unless the source is the active one. */
	protected function requireSource( string $source ): void {
		$active = self::activeSource();
		if ( $active !== $source ) {
			$this->markTestSkipped(
				// phpcs:ignore WordPress.WP.CapitalPDangit.MisspelledInText -- an npm script's name.
				"Needs the SEO stack '{$source}' (active: '{$active}'): npm run wordpress:real -- seo "
				. ( SeoObject::WORDPRESS === $source ? 'none' : $source )
			);
		}
	}

	/**
	 * The item's `seo` field as the REST API sends it (read by id).
	 *
	 * @return array<string, mixed>
	 */
	protected function seoOf( string $restBase, int $postId ): array {
		$response = $this->rest( 'GET', "/wp/v2/{$restBase}/{$postId}" );
		$this->assertSame( 200, $response->get_status() );
		$data = $this->json( $response );
		$this->assertIsArray( $data['seo'] ?? null, 'the item carries seo' );
		$this->assertSame( self::KEYS, array_keys( $data['seo'] ), 'every key of the SEO object, always' );
		return $data['seo'];
	}

	/**
	 * A published news item with post meta set at creation (before `save_post`, as the editor saves it).
	 *
	 * @param array<string, mixed> $meta
	 * @param array<string, mixed> $post
	 */
	protected function newsWithMeta( array $meta, array $post = array() ): int {
		return $this->createPost( 'news', array_merge( array( 'meta_input' => $meta ), $post ) );
	}

	/**
	 * An uploaded 1200×630 JPEG with alt text.
	 *
	 * @return array{id: int, url: string}
	 */
	protected function socialImage( string $alt ): array {
		$image = $this->uploadImage( 'seo-card', 1200, 630 );
		update_post_meta( $image['id'], '_wp_attachment_image_alt', $alt );
		return $image;
	}
}
