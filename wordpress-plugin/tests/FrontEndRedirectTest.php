<?php

/**
 * The theme front end redirects to the site: the decision, from a request parsed as WordPress
 * parses it (rewrite rules, query, 404 handling), without HTTP.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Tests;

use PaymentsHeadless\FrontEndRedirect;
use PaymentsHeadless\SiteRoutes;

final class FrontEndRedirectTest extends TestCase {

	private const SITE = 'https://site.example.test';

	protected function setUp(): void {
		parent::setUp();
		$this->filter( 'payments_headless_site_url', static fn () => self::SITE );
	}

	/**
	 * The redirect decided for a front-end request to `$uri`, parsed as `index.php` would.
	 *
	 * @return array{url: string, status: int}|null
	 */
	private function targetFor( string $uri ): ?array {
		global $wp_query, $wp_the_query;
		$saved = array( $_SERVER['REQUEST_URI'] ?? null, $_GET, $wp_query, $wp_the_query );
		$query = array();
		parse_str( (string) wp_parse_url( $uri, PHP_URL_QUERY ), $query );
		$_SERVER['REQUEST_URI'] = $uri;
		$_GET                   = $query;
		try {
			$wp = new \WP();
			// The query variables post types and sitemaps registered on WordPress's own instance.
			$wp->public_query_vars  = $GLOBALS['wp']->public_query_vars;
			$wp->private_query_vars = $GLOBALS['wp']->private_query_vars;
			$wp->parse_request();
			$wpQuery      = new \WP_Query();
			$wp_query     = $wpQuery;
			$wp_the_query = $wpQuery;
			$wpQuery->query( $wp->query_vars );
			$wp->handle_404();
			return FrontEndRedirect::target( $wpQuery, $_GET );
		} finally {
			[$_SERVER['REQUEST_URI'], $_GET, $wp_query, $wp_the_query] = $saved;
		}
	}

	/** The item's WordPress permalink path (the link filter is bypassed with the site URL unset). */
	private function wordpressPath( int $id ): string {
		$empty = static fn () => '';
		add_filter( 'payments_headless_site_url', $empty, self::FILTER_PRIORITY + 1 );
		try {
			return (string) wp_parse_url( get_permalink( $id ), PHP_URL_PATH );
		} finally {
			remove_filter( 'payments_headless_site_url', $empty, self::FILTER_PRIORITY + 1 );
		}
	}

	public function testSafeRedirectsMayGoToTheSiteAndNoOtherHost(): void {
		$this->assertSame( self::SITE . '/about-us/news/a', wp_validate_redirect( self::SITE . '/about-us/news/a', false ) );
		$this->assertFalse( wp_validate_redirect( 'https://elsewhere.example.test/', false ) );
		$this->filter( 'payments_headless_site_url', static fn () => '' );
		$this->assertFalse( wp_validate_redirect( self::SITE . '/about-us/news/a', false ), 'without a site URL, no extra host' );
	}

	public function testRunsAfterThePreviewFlowAndBeforeCoresCanonicalRedirects(): void {
		$priority = has_action( 'template_redirect', array( FrontEndRedirect::class, 'handle' ) );
		$this->assertIsInt( $priority );
		$this->assertGreaterThan( 0, $priority, 'the preview flow hooks priority 0 and must run first' );
		$this->assertLessThan( has_action( 'template_redirect', 'redirect_canonical' ), $priority );
		$this->assertLessThan( has_action( 'template_redirect', 'wp_old_slug_redirect' ), $priority );
	}

	public function testAPublishedItemsPermalinkRedirects301ToItsSiteAddress(): void {
		foreach ( array( 'news', 'posts', 'events', 'fp_page' ) as $restBase ) {
			$id = $this->createPost( $restBase, array(), 'fp_page' === $restBase ? array( 'section' => 'industries' ) : array() );
			$this->assertSame(
				array(
					'url'    => SiteRoutes::url( get_post( $id ) ),
					'status' => 301,
				),
				$this->targetFor( $this->wordpressPath( $id ) ),
				$restBase
			);
		}
	}

	public function testPlainLinksOfAnyTypeRedirect301ToTheSiteAddress(): void {
		$news     = $this->createPost( 'news' );
		$post     = $this->createPost( 'posts' );
		$expected = static fn ( int $id ) => array(
			'url'    => SiteRoutes::url( get_post( $id ) ),
			'status' => 301,
		);
		$this->assertSame( $expected( $news ), $this->targetFor( "/?p={$news}" ) );
		$this->assertSame( $expected( $post ), $this->targetFor( "/?p={$post}" ) );
		$this->assertSame( $expected( $news ), $this->targetFor( '/?' . get_post_type( $news ) . '=' . get_post_field( 'post_name', $news ) ) );
	}

	public function testTheHomePageRedirects301ToTheSitesHome(): void {
		$this->assertSame(
			array(
				'url'    => self::SITE . '/',
				'status' => 301,
			),
			$this->targetFor( '/' )
		);
	}

	public function testEverythingElseGoesToTheSitesHomeWith302(): void {
		$draft = $this->createPost(
			'news',
			array(
				'post_status' => 'draft',
				'post_name'   => 'ph-redirect-draft',
			)
		);
		$frame = $this->createPost( 'frame' );
		$home  = array(
			'url'    => self::SITE . '/',
			'status' => 302,
		);
		$this->assertSame( $home, $this->targetFor( '/no-such-thing-' . wp_generate_password( 6, false ) . '/' ), '404' );
		$this->assertSame( $home, $this->targetFor( "/?p={$draft}" ), 'a draft, for a visitor' );
		$this->assertSame( $home, $this->targetFor( "/?p={$frame}" ), 'a type without a page on the site' );
		$this->assertSame( $home, $this->targetFor( '/?s=payments' ), 'search' );
		$this->assertSame( $home, $this->targetFor( '/?author=1' ), 'author archive' );
	}

	public function testPreviewsAreNeverRedirected(): void {
		$news  = $this->createPost( 'news' );
		$draft = $this->createPost( 'news', array( 'post_status' => 'draft' ) );
		$this->assertNull( $this->targetFor( "/?p={$news}&preview=true" ) );
		$this->assertNull( $this->targetFor( "/?p={$draft}&preview=true" ), 'a declined preview' );
		$this->assertNull( $this->targetFor( "/?preview_id={$news}&preview_nonce=abc" ) );
		$this->assertNull( $this->targetFor( '/?customize_changeset_uuid=' . wp_generate_uuid4() ), 'the Customizer\'s preview frame' );
		$this->loginAs( 'editor' );
		$this->assertNull( $this->targetFor( "/?p={$draft}&preview=true" ), 'a preview WordPress shows' );
	}

	public function testFeedsRobotsAndSitemapsAreUntouched(): void {
		$this->assertNull( $this->targetFor( '/feed/' ) );
		$this->assertNull( $this->targetFor( '/?feed=rss2' ) );
		$this->assertNull( $this->targetFor( '/?robots=1' ) );
		$this->assertNull( $this->targetFor( '/wp-sitemap.xml' ) );
	}

	public function testAjaxAndCronRequestsAreUntouched(): void {
		$id   = $this->createPost( 'news' );
		$path = $this->wordpressPath( $id );
		foreach ( array( 'wp_doing_ajax', 'wp_doing_cron' ) as $filter ) {
			add_filter( $filter, '__return_true' );
			try {
				$this->assertNull( $this->targetFor( $path ), $filter );
			} finally {
				remove_filter( $filter, '__return_true' );
			}
		}
	}

	public function testWithoutASiteUrlNothingRedirects(): void {
		$id    = $this->createPost( 'news' );
		$path  = $this->wordpressPath( $id );
		$empty = static fn () => '';
		add_filter( 'payments_headless_site_url', $empty, self::FILTER_PRIORITY + 1 );
		try {
			$this->assertNull( $this->targetFor( $path ) );
			$this->assertNull( $this->targetFor( '/' ) );
			$this->assertNull( $this->targetFor( '/no-such-thing/' ) );
		} finally {
			remove_filter( 'payments_headless_site_url', $empty, self::FILTER_PRIORITY + 1 );
		}
	}
}
