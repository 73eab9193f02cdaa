<?php

/**
 * The `seo` field of WordPress alone (docs/seo-and-redirects.md §1): forced with the source filter,
 * so it runs under every SEO stack.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Tests;

use PaymentsHeadless\Seo\SeoObject;

/**
 * @group seo
 */
final class SeoWordPressTest extends SeoTestCase {

	protected function setUp(): void {
		parent::setUp();
		$this->filter( 'payments_headless_seo_source', static fn (): string => SeoObject::WORDPRESS );
	}

	public function testWordPressAloneSendsNoTitleNoCanonicalNoSchema(): void {
		$seo = $this->seoOf( 'news', $this->createPost( 'news', array( 'post_title' => 'Card services' ) ) );
		$this->assertSame( 'wordpress', $seo['source'] ); // phpcs:ignore WordPress.WP.CapitalPDangit.MisspelledInText -- the SEO source's id, not the name.
		$this->assertNull( $seo['title'] );
		$this->assertNull( $seo['canonical'] );
		$this->assertNull( $seo['schema'] );
		$this->assertSame( 'Card services', $seo['og']['title'] );
		$this->assertSame( 'article', $seo['og']['type'] );
		$this->assertSame( get_bloginfo( 'name' ), $seo['og']['site_name'] );
		$this->assertSame( get_locale(), $seo['og']['locale'] );
	}

	public function testTheDescriptionIsTheManualExcerptAsPlainTextOrNull(): void {
		$id  = $this->createPost( 'news', array( 'post_excerpt' => 'Issue &amp; settle <em>cards</em>.' ) );
		$seo = $this->seoOf( 'news', $id );
		$this->assertSame( 'Issue & settle cards.', $seo['description'] );
		$this->assertSame( 'Issue & settle cards.', $seo['og']['description'] );
		$this->assertNull( $this->seoOf( 'news', $this->createPost( 'news', array( 'post_content' => 'Body only.' ) ) )['description'] );
	}

	public function testRobotsFollowSettingsReadingDiscourageSearchEngines(): void {
		$this->keepOption( 'blog_public' );
		$id = $this->createPost( 'news' );
		update_option( 'blog_public', '1' );
		$this->assertSame(
			array(
				'index'             => true,
				'follow'            => true,
				'max_snippet'       => null,
				'max_image_preview' => null,
				'max_video_preview' => null,
				'noarchive'         => false,
				'nosnippet'         => false,
				'noimageindex'      => false,
			),
			$this->seoOf( 'news', $id )['robots']
		);
		update_option( 'blog_public', '0' );
		$robots = $this->seoOf( 'news', $id )['robots'];
		$this->assertFalse( $robots['index'] );
		$this->assertTrue( $robots['follow'] );
	}

	public function testTheOpenGraphImageIsTheFeaturedImageWithWidthHeightAltAndType(): void {
		$image = $this->socialImage( 'A card terminal on a counter' );
		$seo   = $this->seoOf( 'news', $this->createPost( 'news', array( 'meta_input' => array( '_thumbnail_id' => $image['id'] ) ) ) );
		$this->assertSame(
			array(
				'url'    => $image['url'],
				'width'  => 1200,
				'height' => 630,
				'alt'    => 'A card terminal on a counter',
				'type'   => 'image/jpeg',
			),
			$seo['og']['image']
		);
		$this->assertSame(
			array(
				'card'        => 'summary_large_image',
				'title'       => null,
				'description' => null,
				'image'       => null,
			),
			$seo['twitter']
		);
		$bare = $this->seoOf( 'news', $this->createPost( 'news' ) );
		$this->assertNull( $bare['og']['image'] );
		$this->assertSame( 'summary', $bare['twitter']['card'] );
	}

	public function testTimesAreIso8601InUtc(): void {
		$id = $this->createPost(
			'news',
			array(
				'post_date'     => '2026-03-24 09:00:00',
				'post_date_gmt' => '2026-03-24 09:00:00',
			)
		);
		$og = $this->seoOf( 'news', $id )['og'];
		$this->assertSame( '2026-03-24T09:00:00+00:00', $og['published_time'] );
		$this->assertMatchesRegularExpression( '/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/', (string) $og['modified_time'] );
	}

	public function testMarkupInATitleComesOutAsPlainText(): void {
		$id    = $this->createPost( 'news', array( 'post_title' => 'Fees < 2% & more </title><script>alert(1)</script>' ) );
		$title = (string) $this->seoOf( 'news', $id )['og']['title'];
		// WordPress stores a title through kses (the script element goes, its text stays): tags are
		// stripped from what is stored, `<` and `&` arrive as characters.
		$this->assertStringStartsWith( 'Fees < 2% & more', $title );
		$this->assertStringNotContainsString( '</title>', $title );
		$this->assertStringNotContainsString( '&amp;', $title );
	}

	public function testEveryContentTypeCarriesSeoAndOthersDoNot(): void {
		foreach ( array( 'posts', 'news', 'press-releases', 'whitepapers', 'case-studies', 'insights', 'events', 'virtual', 'fp_page' ) as $base ) {
			$this->assertSame( 'wordpress', $this->seoOf( $base, $this->createPost( $base ) )['source'], $base ); // phpcs:ignore WordPress.WP.CapitalPDangit.MisspelledInText -- the SEO source's id, not the name.
		}
		$frame = $this->createPost( 'frame' );
		$this->assertArrayNotHasKey( 'seo', $this->json( $this->rest( 'GET', "/wp/v2/frame/{$frame}" ) ) );
	}
}
