<?php

/**
 * Issue 17: `block_styles` (docs/blocks.md, REST contract 1).
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Tests;

use PaymentsHeadless\BlockStyles;

final class BlockStylesTest extends TestCase {

	private static function fixture(): string {
		return (string) file_get_contents( __DIR__ . '/fixtures/blocks.html' );
	}

	/** A post (or item of a REST base) with block content. */
	private function blockPost( string $restBase, string $content, array $post = array() ): int {
		return $this->createPost( $restBase, array_merge( array( 'post_content' => wp_slash( $content ) ), $post ) );
	}

	/** The generated ids (`wp-container-…`, `wp-block-gallery-…`, `wp-duotone-…`) in a text. */
	private static function generatedIds( string $text ): array {
		preg_match_all( '/(?<![\w-])wp-(?:container|block-gallery|duotone-[a-z0-9_-]+?)-[\d-]+(?![\w-])/', $text, $m );
		return array_values( array_unique( $m[0] ) );
	}

	public function testEveryContentTypeCarriesBlockStylesOnCollectionSlugAndIdReads(): void {
		foreach ( array( 'posts', 'news', 'press-releases', 'whitepapers', 'case-studies', 'insights', 'events', 'virtual', 'fp_page' ) as $base ) {
			$id    = $this->blockPost( $base, "<!-- wp:paragraph -->\n<p>Hi</p>\n<!-- /wp:paragraph -->" );
			$slug  = (string) get_post_field( 'post_name', $id );
			$reads = array(
				'id'         => $this->json( $this->rest( 'GET', "/wp/v2/{$base}/{$id}" ) ),
				'slug'       => $this->json( $this->rest( 'GET', "/wp/v2/{$base}", array( 'slug' => $slug ) ) )[0],
				'collection' => $this->json( $this->rest( 'GET', "/wp/v2/{$base}", array( 'include' => array( $id ) ) ) )[0],
			);
			foreach ( $reads as $read => $item ) {
				$this->assertSame(
					array(
						'blocks' => array( 'core/paragraph' ),
						'css'    => '',
					),
					$item['block_styles'],
					"{$base} {$read}"
				);
			}
		}
	}

	public function testBlocksListsEveryBlockOnceWithInnerAndReusableBlocksAndEndsCycles(): void {
		$a = $this->createPost(
			'posts',
			array(
				'post_type'    => 'wp_block',
				'post_content' => '',
			)
		);
		$b = $this->createPost(
			'posts',
			array(
				'post_type'    => 'wp_block',
				'post_content' => wp_slash(
					"<!-- wp:quote -->\n<blockquote class=\"wp-block-quote\"><!-- wp:block {\"ref\":{$a}} /--></blockquote>\n<!-- /wp:quote -->"
				),
			)
		);
		// A refers to B, B to A: a cycle.
		wp_update_post(
			array(
				'ID'           => $a,
				'post_content' => wp_slash( "<!-- wp:separator /-->\n<!-- wp:block {\"ref\":{$b}} /-->" ),
			)
		);
		$draft   = $this->createPost(
			'posts',
			array(
				'post_type'    => 'wp_block',
				'post_status'  => 'draft',
				'post_content' => '<!-- wp:spacer /-->',
			)
		);
		$content = "<!-- wp:group -->\n<div class=\"wp-block-group\"><!-- wp:heading -->\n<h2>T</h2>\n<!-- /wp:heading -->"
			. "<!-- wp:paragraph -->\n<p>x</p>\n<!-- /wp:paragraph --></div>\n<!-- /wp:group -->\n"
			. "<!-- wp:paragraph -->\n<p>y</p>\n<!-- /wp:paragraph -->\n<!-- wp:block {\"ref\":{$a}} /-->\n"
			. "<!-- wp:block {\"ref\":{$draft}} /-->\n<p>classic</p>";
		$this->assertSame(
			array( 'core/group', 'core/heading', 'core/paragraph', 'core/block', 'core/separator', 'core/quote' ),
			BlockStyles::blockNames( $content ),
			'depth first, each once; the published reusable blocks expanded once; the draft one not'
		);
		$id = $this->blockPost( 'posts', $content );
		$this->assertSame(
			array( 'core/group', 'core/heading', 'core/paragraph', 'core/block', 'core/separator', 'core/quote' ),
			$this->json( $this->rest( 'GET', "/wp/v2/posts/{$id}" ) )['block_styles']['blocks']
		);
		$this->assertSame( array(), BlockStyles::blockNames( '<p>Classic editor text</p>' ) );
	}

	public function testCssHoldsTheItemsLayoutLinkColourGalleryGapAndDuotoneCss(): void {
		$id   = $this->blockPost( 'posts', self::fixture() );
		$item = $this->json( $this->rest( 'GET', "/wp/v2/posts/{$id}" ) );
		$css  = $item['block_styles']['css'];
		$html = $item['content']['rendered'];
		// Layout (block-supports store): the columns' and the flex group's containers.
		$this->assertStringContainsString( ".wp-block-columns.wp-container-{$id}-1{flex-wrap:nowrap;}", $css );
		$this->assertStringContainsString( ".wp-block-group.wp-container-{$id}-2{flex-wrap:nowrap;justify-content:space-between;}", $css );
		// Element link colour (block-supports store).
		$this->assertMatchesRegularExpression( '/\.wp-elements-[0-9a-f]{32} a\{color:#cf2e2e;\}/', $css );
		// The gallery's gap (wp_enqueue_block_support_styles).
		$this->assertStringContainsString( ".wp-block-gallery.wp-block-gallery-{$id}-3{ --wp--style--unstable-gallery-gap: 2rem; gap: 2rem}", $css );
		// Duotone (an inline-only stylesheet).
		$this->assertStringContainsString(
			".wp-duotone-000000-7bdcb5-{$id}-4 img, .wp-duotone-000000-7bdcb5-{$id}-4 .components-placeholder"
			. "{filter:url('#wp-duotone-000000-7bdcb5-{$id}-4') !important;}",
			$css
		);
		// Every generated class of the HTML has its CSS, and the reverse.
		$this->assertSame(
			array( "wp-container-{$id}-1", "wp-container-{$id}-2", "wp-block-gallery-{$id}-3", "wp-duotone-000000-7bdcb5-{$id}-4" ),
			self::generatedIds( $html )
		);
		$this->assertEqualsCanonicalizing( self::generatedIds( $html ), self::generatedIds( $css ) );
		$this->assertSame(
			array( 'core/columns', 'core/column', 'core/paragraph', 'core/buttons', 'core/button', 'core/group', 'core/gallery', 'core/image' ),
			$item['block_styles']['blocks']
		);
	}

	public function testTwoItemsInOneResponseNeverShareAGeneratedNameAndEachReadNamesThemAlike(): void {
		$first  = $this->blockPost( 'posts', self::fixture() );
		$second = $this->blockPost( 'posts', self::fixture() );
		$list   = $this->json( $this->rest( 'GET', '/wp/v2/posts', array( 'include' => array( $first, $second ) ) ) );
		$this->assertCount( 2, $list );
		$byId      = array_column( $list, null, 'id' );
		$firstIds  = self::generatedIds( $byId[ $first ]['content']['rendered'] );
		$secondIds = self::generatedIds( $byId[ $second ]['content']['rendered'] );
		$this->assertCount( 4, $firstIds );
		$this->assertSame( array(), array_intersect( $firstIds, $secondIds ), 'no shared name' );
		$single = $this->json( $this->rest( 'GET', "/wp/v2/posts/{$second}" ) );
		$this->assertSame( $byId[ $second ]['block_styles'], $single['block_styles'], 'the same names on every read' );
		$this->assertSame( $byId[ $second ]['content']['rendered'], $single['content']['rendered'] );
	}

	public function testAnItemsCssHoldsNothingRenderedForAnotherItemOfTheRequest(): void {
		$styled = $this->blockPost( 'posts', self::fixture(), array( 'post_date' => '2001-01-02 00:00:00' ) );
		$plain  = $this->blockPost( 'posts', "<!-- wp:paragraph -->\n<p>Plain</p>\n<!-- /wp:paragraph -->", array( 'post_date' => '2001-01-01 00:00:00' ) );
		// The styled item renders first (newest first), then the plain one.
		$list = array_column( $this->json( $this->rest( 'GET', '/wp/v2/posts', array( 'include' => array( $styled, $plain ) ) ) ), null, 'id' );
		$this->assertNotSame( '', $list[ $styled ]['block_styles']['css'] );
		$this->assertSame( '', $list[ $plain ]['block_styles']['css'] );
	}

	public function testTheStoreKeepsEveryRuleForTheThemeAfterACapture(): void {
		$store = \WP_Style_Engine::get_store( 'block-supports' );
		$store->add_rule( '.ph-test-before' )->add_declarations( array( 'color' => 'red' ) );
		try {
			$html       = (string) apply_filters( 'the_content', self::fixture() );
			$stylesheet = wp_style_engine_get_stylesheet_from_context( 'block-supports', array( 'prettify' => false ) );
			$this->assertStringContainsString( '.ph-test-before{color:red;}', $stylesheet );
			preg_match( '/wp-container-\d+/', $html, $m );
			$this->assertArrayHasKey( 0, $m );
			$this->assertArrayHasKey( '.wp-block-columns.' . $m[0], $store->get_all_rules(), 'the render\'s rules stay for wp_head' );
		} finally {
			$store->remove_rule( '.ph-test-before' );
		}
	}

	public function testFieldsWithoutContentStillGetTheCss(): void {
		$id   = $this->blockPost( 'posts', self::fixture() );
		$full = $this->json( $this->rest( 'GET', "/wp/v2/posts/{$id}" ) );
		$only = $this->json( $this->rest( 'GET', "/wp/v2/posts/{$id}", array( '_fields' => 'id,block_styles' ) ) );
		$this->assertSame( array( 'id', 'block_styles' ), array_keys( $only ) );
		$this->assertSame( $full['block_styles'], $only['block_styles'] );
	}

	public function testAPasswordProtectedItemShowsNeitherBlocksNorCssWithoutItsPassword(): void {
		$id     = $this->blockPost( 'posts', self::fixture(), array( 'post_password' => 'secret' ) );
		$locked = $this->json( $this->rest( 'GET', "/wp/v2/posts/{$id}" ) );
		$this->assertSame(
			array(
				'blocks' => array(),
				'css'    => '',
			),
			$locked['block_styles']
		);
		$open = $this->json( $this->rest( 'GET', "/wp/v2/posts/{$id}", array( 'password' => 'secret' ) ) );
		$this->assertStringContainsString( "wp-container-{$id}-1", $open['block_styles']['css'] );
		$this->assertStringContainsString( "wp-container-{$id}-1", $open['content']['rendered'] );
	}

	public function testThePreviewReadCarriesTheAutosavesBlocksAndCss(): void {
		$id       = $this->blockPost( 'news', "<!-- wp:paragraph -->\n<p>Old</p>\n<!-- /wp:paragraph -->", array( 'post_status' => 'draft' ) );
		$user     = $this->loginAs( 'headless_previewer' );
		$later    = gmdate( 'Y-m-d H:i:s', time() + 60 );
		$autosave = wp_insert_post(
			array(
				'post_type'     => 'revision',
				'post_status'   => 'inherit',
				'post_parent'   => $id,
				'post_name'     => "{$id}-autosave-v1",
				'post_author'   => $user,
				'post_title'    => 'Autosaved',
				'post_content'  => wp_slash( self::fixture() ),
				'post_date'     => $later,
				'post_date_gmt' => $later,
			),
			true
		);
		$this->assertIsInt( $autosave );
		$preview = $this->json( $this->rest( 'GET', "/custom-api/v1/preview/news/{$id}", array( 'user' => $user ) ) );
		$this->assertContains( 'core/gallery', $preview['block_styles']['blocks'] );
		$this->assertStringContainsString( ".wp-block-gallery.wp-block-gallery-{$id}-3", $preview['block_styles']['css'] );
		$this->assertStringContainsString( "wp-block-gallery-{$id}-3", $preview['content']['rendered'] );
	}

	public function testScopedRenamesOnlyTheIdsTheCssNamesInRenderOrder(): void {
		$html = '<div class="wp-container-12 x"><div class="wp-container-9"></div></div><p>wp-container-5 stays</p>'
			. '<div class="wp-container-120"></div>';
		$css  = '.a.wp-container-12{gap:1px}.b.wp-container-9{gap:2px}';
		$this->assertSame(
			array(
				'html' => '<div class="wp-container-7-2 x"><div class="wp-container-7-1"></div></div><p>wp-container-5 stays</p>'
					. '<div class="wp-container-120"></div>',
				'css'  => '.a.wp-container-7-2{gap:1px}.b.wp-container-7-1{gap:2px}',
			),
			BlockStyles::scoped( $html, $css, 7 )
		);
	}
}
