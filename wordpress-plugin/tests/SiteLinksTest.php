<?php

/**
 * Site routes and links: published items of the site's types are linked at their site address.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Tests;

use PaymentsHeadless\ContentModel;
use PaymentsHeadless\SiteRoutes;

final class SiteLinksTest extends TestCase {

	private const SITE = 'https://site.example.test';

	protected function setUp(): void {
		parent::setUp();
		$this->filter( 'payments_headless_site_url', static fn () => self::SITE );
	}

	public function testEveryContentTypeHasTheSitePathOfTheSitesContentTypeTable(): void {
		$expected = array(
			'posts'          => '/resources/blogs/a-slug',
			'news'           => '/about-us/news/a-slug',
			'press-releases' => '/about-us/press-release/a-slug',
			'whitepapers'    => '/resources/white-papers/a-slug',
			'case-studies'   => '/resources/case-studies/a-slug',
			'insights'       => '/resources/insights/a-slug',
			'events'         => '/about-us/events/a-slug',
			'virtual'        => '/about-us/partner-interviews/a-slug',
			'fp_page'        => '/pages/a-slug',
		);
		foreach ( $expected as $restBase => $path ) {
			$post = get_post( $this->createPost( $restBase, array( 'post_name' => 'a-slug' ) ) );
			$slug = $post->post_name;
			$this->assertSame( str_replace( 'a-slug', $slug, $path ), SiteRoutes::path( $post ), $restBase );
			$this->assertSame( self::SITE . str_replace( 'a-slug', $slug, $path ), SiteRoutes::url( $post ), $restBase );
			$this->assertSame( str_replace( 'a-slug', 'other', $path ), SiteRoutes::path( $post, 'other' ), "{$restBase}: slug argument" );
		}
	}

	public function testFramePagesLiveInTheirSectionAndHomeAndContactUsAtTheirOwnAddresses(): void {
		$inSection = get_post( $this->createPost( 'fp_page', array( 'post_name' => 'ph-sectioned' ), array( 'section' => 'industries' ) ) );
		$this->assertSame( '/industries/ph-sectioned', SiteRoutes::path( $inSection ) );
		$plain = get_post( $this->createPost( 'fp_page', array( 'post_name' => 'ph-plain' ) ) );
		$this->assertSame( '/pages/ph-plain', SiteRoutes::path( $plain ) );
		$this->assertSame( '/', SiteRoutes::path( $plain, 'home' ) );
		$this->assertSame( '/contact-us', SiteRoutes::path( $plain, 'contact-us' ) );
		$this->assertSame( self::SITE . '/', SiteRoutes::url( $plain, 'home' ) );
	}

	public function testTypesWithoutAPageOnTheSiteAndItemsWithoutSlugHaveNoAddress(): void {
		foreach ( array( 'frame', 'frame_type', 'alert' ) as $restBase ) {
			$this->assertNull( SiteRoutes::path( get_post( $this->createPost( $restBase ) ) ), $restBase );
		}
		$page = get_post( $this->createPost( 'posts', array( 'post_type' => 'page' ) ) );
		$this->assertNull( SiteRoutes::path( $page ), 'core page' );
		$draft = get_post( $this->createPost( 'news', array( 'post_status' => 'draft' ) ) );
		$this->assertSame( '', $draft->post_name );
		$this->assertNull( SiteRoutes::path( $draft ), 'a draft without a slug' );
	}

	public function testNonAsciiSlugsStayPercentEncodedAsWordPressStoresThemAndTheSiteWritesThem(): void {
		$post = get_post( $this->createPost( 'news', array( 'post_title' => 'Caf✓ Zürich' ) ) );
		$this->assertMatchesRegularExpression( '/^caf%e2%9c%93-zurich/', $post->post_name );
		$this->assertSame( '/about-us/news/' . $post->post_name, SiteRoutes::path( $post ) );
		$this->assertSame( '/about-us/news/50%25-off%20now', SiteRoutes::path( $post, '50%-off now' ) );
	}

	public function testTheSitePathIsFilterable(): void {
		$post   = get_post( $this->createPost( 'news' ) );
		$filter = static fn ( $path ) => '/elsewhere' . $path;
		add_filter( 'payments_headless_site_path', $filter );
		try {
			$this->assertSame( '/elsewhere/about-us/news/' . $post->post_name, SiteRoutes::path( $post ) );
		} finally {
			remove_filter( 'payments_headless_site_path', $filter );
		}
	}

	public function testWithoutASiteUrlThereIsNoSiteAddressAndPermalinksStayWordPresss(): void {
		$empty = static fn () => '';
		add_filter( 'payments_headless_site_url', $empty, self::FILTER_PRIORITY + 1 );
		try {
			$post = get_post( $this->createPost( 'news' ) );
			$this->assertNull( SiteRoutes::url( $post ) );
			$this->assertStringStartsWith( home_url( '/' ), get_permalink( $post ) );
		} finally {
			remove_filter( 'payments_headless_site_url', $empty, self::FILTER_PRIORITY + 1 );
		}
	}

	public function testRestLinkOfPublishedItemsIsTheirSiteAddress(): void {
		$news = $this->createPost( 'news' );
		$post = $this->createPost( 'posts' );
		$page = $this->createPost( 'fp_page', array(), array( 'section' => 'industries' ) );
		$this->assertSame( SiteRoutes::url( get_post( $news ) ), $this->json( $this->rest( 'GET', "/wp/v2/news/{$news}" ) )['link'] );
		$this->assertSame( SiteRoutes::url( get_post( $post ) ), $this->json( $this->rest( 'GET', "/wp/v2/posts/{$post}" ) )['link'] );
		$link = $this->json( $this->rest( 'GET', "/wp/v2/fp_page/{$page}" ) )['link'];
		$this->assertSame( self::SITE . '/industries/' . get_post_field( 'post_name', $page ), $link );
	}

	public function testUnpublishedItemsKeepWordPresssOwnLinks(): void {
		foreach ( array( 'draft', 'pending', 'private', 'future' ) as $status ) {
			$args = array(
				'post_status' => $status,
				'post_name'   => 'ph-unpublished-' . $status,
			);
			if ( 'future' === $status ) {
				$args['post_date'] = gmdate( 'Y-m-d H:i:s', time() + 86400 );
			}
			$id = $this->createPost( 'news', $args );
			$this->assertStringStartsWith( home_url( '/' ), get_permalink( $id ), $status );
			$this->assertStringNotContainsString( self::SITE, get_permalink( $id ), $status );
		}
		$this->loginAs( 'editor' );
		$draft = $this->createPost(
			'news',
			array(
				'post_status' => 'draft',
				'post_name'   => 'ph-draft-rest',
			)
		);
		$link  = $this->json( $this->rest( 'GET', "/wp/v2/news/{$draft}", array( 'context' => 'edit' ) ) )['link'];
		$this->assertStringStartsWith( home_url( '/' ), $link );
	}

	public function testWpAdminViewLinksUseThePermalinkSoTheSiteAddress(): void {
		// Row actions, the admin bar's "View", and the "Post published. View post" notice all print
		// get_permalink(); the block editor's View link is the REST `link` (tested above).
		$id = $this->createPost( 'press-releases' );
		$this->assertSame( SiteRoutes::url( get_post( $id ) ), get_permalink( $id ) );
		$this->assertSame( SiteRoutes::url( get_post( $id ) ), get_permalink( get_post( $id ) ) );
	}

	public function testTheSlugEditorShowsThePublishedItemsSiteAddressWithThePlaceholder(): void {
		require_once ABSPATH . 'wp-admin/includes/post.php';
		$published         = $this->createPost( 'news', array( 'post_name' => 'ph-sample' ) );
		[$template, $slug] = get_sample_permalink( $published );
		$this->assertSame( self::SITE . '/about-us/news/%postname%', $template );
		$this->assertSame( 'ph-sample', $slug );
		$draft           = $this->createPost(
			'news',
			array(
				'post_status' => 'draft',
				'post_name'   => 'ph-sample-draft',
			)
		);
		[$draftTemplate] = get_sample_permalink( $draft );
		$this->assertStringStartsWith( home_url( '/' ), $draftTemplate, 'a draft keeps WordPress\'s' );
	}

	public function testMenuItemsLinkingToPostsCarryTheSiteAddress(): void {
		$news = $this->createPost( 'news' );
		// The seed's home page when there is one (a second `home` would be renamed `home-2`).
		$homes = get_posts(
			array(
				'post_type'   => ContentModel::postTypeFor( 'fp_page' ),
				'name'        => 'home',
				'numberposts' => 1,
			)
		);
		$page  = array() !== $homes ? $homes[0]->ID : $this->createPost( 'fp_page', array( 'post_name' => 'home' ) );
		$menu  = $this->createMenu( 'PH site links' );
		$this->addMenuItem(
			$menu,
			array(
				'type'      => 'post_type',
				'object'    => get_post_type( $news ),
				'object-id' => $news,
				'title'     => 'News',
			)
		);
		$this->addMenuItem(
			$menu,
			array(
				'type'      => 'post_type',
				'object'    => get_post_type( $page ),
				'object-id' => $page,
				'title'     => 'Home',
			)
		);
		// What the navigation route serves as `url` (wp_setup_nav_menu_item's permalink).
		$urls = array_map( static fn ( $item ) => $item->url, wp_get_nav_menu_items( $menu ) );
		$this->assertSame( array( SiteRoutes::url( get_post( $news ) ), SiteRoutes::url( get_post( $page ) ) ), $urls );
		$this->assertSame( self::SITE . '/', $urls[1], 'the home page' );
	}

	public function testSearchResultsCarryTheSiteAddress(): void {
		$title   = 'Ph searchable ' . wp_generate_password( 8, false );
		$id      = $this->createPost( 'insights', array( 'post_title' => $title ) );
		$results = $this->json( $this->rest( 'GET', '/wp/v2/search', array( 'search' => $title ) ) );
		$this->assertSame( array( SiteRoutes::url( get_post( $id ) ) ), array_column( $results, 'url' ) );
	}
}
