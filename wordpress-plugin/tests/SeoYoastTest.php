<?php

/**
 * The `seo` field from Yoast SEO 21 (docs/seo-and-redirects.md §1). Runs under `seo yoast`.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Tests;

use PaymentsHeadless\Seo\SeoObject;

/**
 * @group seo
 */
final class SeoYoastTest extends SeoTestCase {

	protected function setUp(): void {
		parent::setUp();
		$this->requireSource( SeoObject::YOAST );
	}

	public function testTheTitleIsYoastsRenderingWithSitenameFilledIn(): void {
		$id  = $this->newsWithMeta( array( '_yoast_wpseo_title' => '%%title%% %%sep%% %%sitename%% offers' ), array( 'post_title' => 'Card services' ) );
		$seo = $this->seoOf( 'news', $id );
		$this->assertSame( 'yoast', $seo['source'] );
		$this->assertSame( 'Card services - ' . get_bloginfo( 'name' ) . ' offers', $seo['title'] );
	}

	public function testTheDescriptionIsYoastsMetaDescriptionAsPlainText(): void {
		$id = $this->newsWithMeta( array( '_yoast_wpseo_metadesc' => 'Issue &amp; settle cards at %%sitename%%.' ) );
		$this->assertSame( 'Issue & settle cards at ' . get_bloginfo( 'name' ) . '.', $this->seoOf( 'news', $id )['description'] );
	}

	public function testANoindexItemSaysIndexFalse(): void {
		$id     = $this->newsWithMeta( array( '_yoast_wpseo_meta-robots-noindex' => '1' ) );
		$robots = $this->seoOf( 'news', $id )['robots'];
		$this->assertFalse( $robots['index'] );
		$this->assertTrue( $robots['follow'] );
		$plain = $this->seoOf( 'news', $this->newsWithMeta( array() ) )['robots'];
		$this->assertSame(
			array(
				'index'             => true,
				'follow'            => true,
				'max_snippet'       => -1,
				'max_image_preview' => 'large',
				'max_video_preview' => -1,
				'noarchive'         => false,
				'nosnippet'         => false,
				'noimageindex'      => false,
			),
			$plain
		);
	}

	public function testAnExternalCanonicalIsKeptAsWritten(): void {
		$id = $this->newsWithMeta( array( '_yoast_wpseo_canonical' => 'https://partner.example.org/news/original-story' ) );
		$this->assertSame( 'https://partner.example.org/news/original-story', $this->seoOf( 'news', $id )['canonical'] );
	}

	public function testTheOpenGraphImageCarriesWidthHeightAltAndType(): void {
		$image = $this->socialImage( 'A card terminal on a counter' );
		$id    = $this->newsWithMeta( array( '_thumbnail_id' => $image['id'] ) );
		$og    = $this->seoOf( 'news', $id )['og'];
		$this->assertSame(
			array(
				'url'    => $image['url'],
				'width'  => 1200,
				'height' => 630,
				'alt'    => 'A card terminal on a counter',
				'type'   => 'image/jpeg',
			),
			$og['image']
		);
		$this->assertSame( 'article', $og['type'] );
		$this->assertSame( get_bloginfo( 'name' ), $og['site_name'] );
		$this->assertSame( 'en_US', $og['locale'] );
	}

	public function testTwitterFieldsAreYoastsTwitterValuesAndNullWhenNotSet(): void {
		$id      = $this->newsWithMeta(
			array(
				'_yoast_wpseo_twitter-title'       => 'Cards, %%sitename%% style',
				'_yoast_wpseo_twitter-description' => 'Settle in a day.',
			)
		);
		$twitter = $this->seoOf( 'news', $id )['twitter'];
		$this->assertSame( 'summary_large_image', $twitter['card'] );
		$this->assertSame( 'Cards, ' . get_bloginfo( 'name' ) . ' style', $twitter['title'] );
		$this->assertSame( 'Settle in a day.', $twitter['description'] );
		$this->assertSame(
			array(
				'card'        => 'summary_large_image',
				'title'       => null,
				'description' => null,
				'image'       => null,
			),
			$this->seoOf( 'news', $this->newsWithMeta( array() ) )['twitter']
		);
	}

	public function testTheSchemaGraphIsYoastsWithTheWebPageOfTheItem(): void {
		$id  = $this->newsWithMeta( array() );
		$seo = $this->seoOf( 'news', $id );
		$this->assertSame( 'https://schema.org', $seo['schema']['@context'] );
		$types = array_map( static fn ( array $node ): string => (string) json_encode( $node['@type'] ), $seo['schema']['@graph'] );
		$this->assertContains( '"WebPage"', $types );
		$this->assertContains( '"WebSite"', $types );
	}

	/**
	 * Yoast strips tags from what it renders (its variables' replacement does `wp_strip_all_tags`);
	 * the rest — `<`, `&`, quotes — arrives as characters, never as references: the site escapes.
	 */
	public function testMarkupInAnSeoTitleComesOutAsPlainTextUnescaped(): void {
		$id  = $this->newsWithMeta( array( '_yoast_wpseo_title' => 'Fees < 2% & more </title><script>alert(1)</script>' ) );
		$seo = $this->seoOf( 'news', $id );
		$this->assertSame( 'Fees < 2% & more', $seo['title'] );
		$this->assertSame( 'Fees < 2% & more', $seo['og']['title'] );
	}

	public function testCollectionsAndFieldsFilterCarryTheSameObject(): void {
		$id   = $this->newsWithMeta( array( '_yoast_wpseo_title' => 'Listed %%sep%% %%sitename%%' ) );
		$byId = $this->seoOf( 'news', $id );
		$list = $this->json(
			$this->rest(
				'GET',
				'/wp/v2/news',
				array(
					'include' => array( $id ),
					'_fields' => 'id,seo',
				)
			)
		);
		$this->assertSame(
			array(
				array(
					'id'  => $id,
					'seo' => $byId,
				),
			),
			$list
		);
	}
}
