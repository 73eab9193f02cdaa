<?php

/**
 * The `seo` field from Rank Math 1.0.218 (docs/seo-and-redirects.md §1). Runs under `seo rankmath`.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Tests;

use PaymentsHeadless\Seo\SeoObject;

/**
 * @group seo
 */
final class SeoRankMathTest extends SeoTestCase {

	protected function setUp(): void {
		parent::setUp();
		$this->requireSource( SeoObject::RANK_MATH );
	}

	public function testTheTitleIsRankMathsRenderingWithSitenameFilledIn(): void {
		$id  = $this->newsWithMeta( array( 'rank_math_title' => '%title% %sep% %sitename% offers' ), array( 'post_title' => 'Card services' ) );
		$seo = $this->seoOf( 'news', $id );
		$this->assertSame( 'rankmath', $seo['source'] );
		$this->assertSame( 'Card services - ' . get_bloginfo( 'name' ) . ' offers', $seo['title'] );
		// Without its own title: the post type's template (%title% %sep% %sitename%).
		$plain = $this->seoOf( 'news', $this->newsWithMeta( array(), array( 'post_title' => 'Plain item' ) ) );
		$this->assertSame( 'Plain item - ' . get_bloginfo( 'name' ), $plain['title'] );
	}

	public function testTheDescriptionIsRankMathsMetaDescriptionAsPlainText(): void {
		$id = $this->newsWithMeta( array( 'rank_math_description' => 'Issue & settle cards at %sitename%.' ) );
		$this->assertSame( 'Issue & settle cards at ' . get_bloginfo( 'name' ) . '.', $this->seoOf( 'news', $id )['description'] );
	}

	public function testANoindexItemSaysIndexFalse(): void {
		$id     = $this->newsWithMeta( array( 'rank_math_robots' => array( 'noindex', 'nofollow' ) ) );
		$robots = $this->seoOf( 'news', $id )['robots'];
		$this->assertFalse( $robots['index'] );
		$this->assertFalse( $robots['follow'] );
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
		$id = $this->newsWithMeta( array( 'rank_math_canonical_url' => 'https://partner.example.org/news/original-story' ) );
		$this->assertSame( 'https://partner.example.org/news/original-story', $this->seoOf( 'news', $id )['canonical'] );
		$plain = $this->newsWithMeta( array() );
		$this->assertSame( get_permalink( $plain ), $this->seoOf( 'news', $plain )['canonical'] );
	}

	public function testTheOpenGraphImageCarriesWidthHeightAltAndType(): void {
		$image = $this->socialImage( 'A card terminal on a counter' );
		$id    = $this->newsWithMeta(
			array(
				'_thumbnail_id'            => $image['id'],
				'rank_math_facebook_title' => 'Share %title%',
			),
			array( 'post_title' => 'Cards' )
		);
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
		$this->assertSame( 'Share Cards', $og['title'] );
		$this->assertSame( 'article', $og['type'] );
		$this->assertSame( get_bloginfo( 'name' ), $og['site_name'] );
		$this->assertSame( 'en_US', $og['locale'] );
	}

	public function testTwitterFieldsAreRankMathsTwitterValues(): void {
		$image   = $this->socialImage( 'Cards' );
		$id      = $this->newsWithMeta(
			array(
				'_thumbnail_id'                  => $image['id'],
				'rank_math_twitter_use_facebook' => 'off',
				'rank_math_twitter_title'        => 'Cards, %sitename% style',
				'rank_math_twitter_description'  => 'Settle in a day.',
			)
		);
		$twitter = $this->seoOf( 'news', $id )['twitter'];
		$this->assertSame( 'summary_large_image', $twitter['card'] );
		$this->assertSame( 'Cards, ' . get_bloginfo( 'name' ) . ' style', $twitter['title'] );
		$this->assertSame( 'Settle in a day.', $twitter['description'] );
		$this->assertSame( $image['url'], $twitter['image'] );
	}

	public function testTheSchemaGraphIsRankMathsJsonLd(): void {
		// Rank Math's default schema for blog posts is an Article; other post types default to none.
		$id  = $this->createPost( 'posts', array( 'post_content' => 'Orchestration in a paragraph.' ) );
		$seo = $this->seoOf( 'posts', $id );
		$this->assertSame( 'https://schema.org', $seo['schema']['@context'] );
		$types = array_map( static fn ( array $node ): string => (string) json_encode( $node['@type'] ), $seo['schema']['@graph'] );
		$this->assertContains( '"WebSite"', $types );
		$this->assertContains( '"WebPage"', $types );
		$this->assertContains( '"BlogPosting"', $types );
	}

	/**
	 * Rank Math strips tags from its titles (`wp_strip_all_tags`); the rest — `<`, `&` — arrives as
	 * characters, never as references: the site escapes.
	 */
	public function testMarkupInAnSeoTitleComesOutAsPlainTextUnescaped(): void {
		$id = $this->newsWithMeta( array( 'rank_math_title' => 'Fees < 2% & more </title><script>alert(1)</script>' ) );
		$this->assertSame( 'Fees < 2% & more', $this->seoOf( 'news', $id )['title'] );
	}

	public function testEachItemOfACollectionGetsItsOwnValues(): void {
		$first  = $this->newsWithMeta(
			array(
				'rank_math_title'  => 'First %sep% %sitename%',
				'rank_math_robots' => array( 'noindex' ),
			)
		);
		$second = $this->newsWithMeta( array( 'rank_math_title' => 'Second %sep% %sitename%' ) );
		$list   = $this->json(
			$this->rest(
				'GET',
				'/wp/v2/news',
				array(
					'include' => array( $first, $second ),
					'_fields' => 'id,seo',
					'orderby' => 'include',
				)
			)
		);
		$this->assertSame( array( $first, $second ), array_column( $list, 'id' ) );
		$this->assertSame( 'First - ' . get_bloginfo( 'name' ), $list[0]['seo']['title'] );
		$this->assertFalse( $list[0]['seo']['robots']['index'] );
		$this->assertSame( 'Second - ' . get_bloginfo( 'name' ), $list[1]['seo']['title'] );
		$this->assertTrue( $list[1]['seo']['robots']['index'] );
		$this->assertSame( $this->seoOf( 'news', $second ), $list[1]['seo'] );
	}
}
