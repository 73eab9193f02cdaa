<?php

/**
 * Issue 33: the id lists say what the site's sitemap leaves out (docs/seo-and-redirects.md §1,
 * "In the id lists"), from the same SEO object as the item's `seo` field, whichever SEO stack is
 * active.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Tests;

use PaymentsHeadless\Seo\SeoObject;

/**
 * @group seo
 */
final class SeoIdListTest extends SeoTestCase {

	/**
	 * The SEO plugin's post meta for noindex or a canonical, as its editor box saves it.
	 *
	 * @return array<string, mixed>
	 */
	private function meta( string $what, string $value = '' ): array {
		$source = self::activeSource();
		if ( SeoObject::WORDPRESS === $source ) {
			$this->markTestSkipped( 'No SEO plugin: nothing sets noindex or a canonical per item (npm run wordpress:real -- seo yoast|rankmath)' ); // phpcs:ignore WordPress.WP.CapitalPDangit.MisspelledInText -- an npm script's name.
		}
		if ( 'noindex' === $what ) {
			return SeoObject::YOAST === $source ? array( '_yoast_wpseo_meta-robots-noindex' => '1' ) : array( 'rank_math_robots' => array( 'noindex' ) );
		}
		return SeoObject::YOAST === $source ? array( '_yoast_wpseo_canonical' => $value ) : array( 'rank_math_canonical_url' => $value );
	}

	/**
	 * The news-id record of one item.
	 *
	 * @return array<string, mixed>
	 */
	private function record( int $id ): array {
		$response = $this->rest( 'GET', '/custom-api/v1/news-id' );
		$this->assertSame( 200, $response->get_status() );
		foreach ( $this->json( $response ) as $record ) {
			if ( $record['id'] === $id ) {
				return $record;
			}
		}
		$this->fail( "news-id does not list item {$id}" );
	}

	public function testANoindexItemIsMarkedNoindexInItsIdList(): void {
		$id = $this->newsWithMeta( $this->meta( 'noindex' ) );
		$this->assertSame( true, $this->record( $id )['noindex'] );
		$this->assertNull( $this->record( $id )['canonical'] );
	}

	public function testAnItemWhoseCanonicalIsAnotherAddressNamesItInItsIdList(): void {
		$id = $this->newsWithMeta( $this->meta( 'canonical', 'https://partner.example.org/news/original-story' ) );
		$this->assertSame( false, $this->record( $id )['noindex'] );
		$this->assertSame( 'https://partner.example.org/news/original-story', $this->record( $id )['canonical'] );
	}

	public function testAnItemWithItsOwnCanonicalSaysNothing(): void {
		$id = $this->newsWithMeta( array() );
		$this->assertSame(
			array(
				'noindex'   => false,
				'canonical' => null,
			),
			array_intersect_key(
				$this->record( $id ),
				array(
					'noindex'   => 1,
					'canonical' => 1,
				)
			)
		);
	}

	public function testFramesHaveNoIndexingKeys(): void {
		$response = $this->rest( 'GET', '/custom-api/v1/frame-id' );
		foreach ( $this->json( $response ) as $record ) {
			$this->assertArrayNotHasKey( 'noindex', $record );
		}
		$this->assertSame( 200, $response->get_status() );
	}
}
