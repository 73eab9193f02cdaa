<?php

/**
 * Preview links: both editors' Preview reaches WordPress's preview URL, which sends an editor to
 * the site's /api/preview with a signed token (contract C).
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Tests;

use PaymentsHeadless\PreviewLinks;
use PaymentsHeadless\PreviewToken;

final class PreviewLinksTest extends TestCase {

	private const SITE   = 'https://site.example.test';
	private const SECRET = 'links-test-preview-secret-0123456789';
	private const NOW    = 1767225600;

	/** HEADLESS_SITE_URL and HEADLESS_PREVIEW_SECRET through Config's filters (constants may exist). */
	private function configure( ?string $site = self::SITE, ?string $secret = self::SECRET ): void {
		$this->filter( 'payments_headless_site_url', static fn () => $site );
		$this->filter( 'payments_headless_preview_secret', static fn () => $secret );
	}

	/** @return array<string, string> */
	private function siteQuery( ?string $url ): array {
		$this->assertIsString( $url );
		$this->assertStringStartsWith( self::SITE . '/api/preview?', $url );
		$query = array();
		parse_str( (string) parse_url( $url, PHP_URL_QUERY ), $query );
		$this->assertSame( array( 'type', 'id', 'user', 'expires', 'token' ), array_keys( $query ) );
		return $query;
	}

	private function assertSignedFor( ?string $url, string $restBase, int $id, int $userId ): void {
		$query = $this->siteQuery( $url );
		$this->assertSame( $restBase, $query['type'] );
		$this->assertSame( (string) $id, $query['id'] );
		$this->assertSame( (string) $userId, $query['user'] );
		$this->assertSame( (string) ( self::NOW + 300 ), $query['expires'] );
		$this->assertSame( PreviewToken::sign( self::SECRET, $restBase, $id, $userId, self::NOW + 300 ), $query['token'] );
	}

	/** @return array<string, string> */
	private function wordpressQuery( string $url ): array {
		$this->assertStringStartsWith( home_url( '/?' ), $url, 'a WordPress URL' );
		$query = array();
		parse_str( (string) parse_url( $url, PHP_URL_QUERY ), $query );
		return $query;
	}

	public function testAnEditorsPreviewOfANewDraftWithoutSlugRedirectsToTheSitesApiPreview(): void {
		$this->configure();
		$userId = $this->loginAs( 'editor' );
		$draft  = $this->createPost(
			'news',
			array(
				'post_status' => 'draft',
				'post_name'   => '',
			)
		);
		$this->assertSame( '', get_post_field( 'post_name', $draft ) );
		$url = PreviewLinks::redirectUrl(
			array(
				'post_type' => 'ph_news',
				'p'         => (string) $draft,
				'preview'   => 'true',
			),
			0,
			self::NOW
		);
		$this->assertSignedFor( $url, 'news', $draft, $userId );
	}

	public function testPendingAndScheduledItemsOfEveryTypeRedirectWithTheirRestBase(): void {
		$this->configure();
		$userId = $this->loginAs( 'editor' );
		$cases  = array(
			array( 'fp_page', 'pending', null ),
			array( 'press-releases', 'future', gmdate( 'Y-m-d H:i:s', time() + 86400 ) ),
			array( 'posts', 'draft', null ),
			array( 'virtual', 'pending', null ),
		);
		foreach ( $cases as [$restBase, $status, $date] ) {
			$post = array( 'post_status' => $status ) + ( null === $date ? array() : array( 'post_date' => $date ) );
			$id   = $this->createPost( $restBase, $post );
			$this->assertSame( $status, get_post_status( $id ) );
			$url = PreviewLinks::redirectUrl(
				array(
					'p'       => (string) $id,
					'preview' => 'true',
				),
				0,
				self::NOW
			);
			$this->assertSignedFor( $url, $restBase, $id, $userId );
		}
	}

	public function testAPublishedItemsAutosavePreviewWithItsNonceRedirects(): void {
		$this->configure();
		$userId = $this->loginAs( 'editor' );
		$id     = $this->createPost( 'events' );
		$query  = array(
			'preview_id'    => (string) $id,
			'preview_nonce' => wp_create_nonce( 'post_preview_' . $id ),
			'preview'       => 'true',
		);
		$this->assertSignedFor( PreviewLinks::redirectUrl( $query, $id, self::NOW ), 'events', $id, $userId );
		// A pretty permalink with preview=true only: the main query's object names the item.
		$this->assertSignedFor( PreviewLinks::redirectUrl( array( 'preview' => 'true' ), $id, self::NOW ), 'events', $id, $userId );
	}

	public function testAWrongPreviewNonceIsLeftToWordPress(): void {
		$this->configure();
		$this->loginAs( 'editor' );
		$id    = $this->createPost( 'events' );
		$query = array(
			'preview_id'    => (string) $id,
			'preview_nonce' => 'not-a-nonce',
			'preview'       => 'true',
		);
		$this->assertNull( PreviewLinks::redirectUrl( $query, $id, self::NOW ) );
	}

	public function testOnlyUsersWhoMayEditTheItemAreRedirected(): void {
		$this->configure();
		$author = $this->loginAs( 'author' );
		$own    = $this->createPost(
			'news',
			array(
				'post_status' => 'draft',
				'post_author' => $author,
			)
		);
		$this->assertSignedFor(
			PreviewLinks::redirectUrl(
				array(
					'p'       => (string) $own,
					'preview' => 'true',
				),
				0,
				self::NOW
			),
			'news',
			$own,
			$author
		);

		$others = $this->createPost(
			'news',
			array(
				'post_status' => 'draft',
				'post_author' => 1,
			)
		);
		$this->assertNull(
			PreviewLinks::redirectUrl(
				array(
					'p'       => (string) $others,
					'preview' => 'true',
				),
				0,
				self::NOW
			),
			'author, not theirs'
		);
		foreach ( array( 'subscriber', 'headless_previewer' ) as $role ) {
			$this->loginAs( $role );
			$this->assertNull(
				PreviewLinks::redirectUrl(
					array(
						'p'       => (string) $own,
						'preview' => 'true',
					),
					0,
					self::NOW
				),
				$role
			);
		}
		wp_set_current_user( 0 );
		$this->assertNull(
			PreviewLinks::redirectUrl(
				array(
					'p'       => (string) $own,
					'preview' => 'true',
				),
				0,
				self::NOW
			),
			'logged out'
		);
	}

	public function testRequestsThatAreNotPreviewsOfASiteItemAreLeftAlone(): void {
		$this->configure();
		$this->loginAs( 'administrator' );
		$news     = $this->createPost( 'news', array( 'post_status' => 'draft' ) );
		$frame    = $this->createPost( 'frame', array( 'post_status' => 'draft' ) );
		$corePage = $this->createPost(
			'posts',
			array(
				'post_type'   => 'page',
				'post_status' => 'draft',
			)
		);
		$trashed  = $this->createPost( 'news', array( 'post_status' => 'trash' ) );
		$this->assertNull( PreviewLinks::redirectUrl( array( 'p' => (string) $news ), 0, self::NOW ), 'no preview parameter' );
		$this->assertNull(
			PreviewLinks::redirectUrl(
				array(
					'p'       => (string) $frame,
					'preview' => 'true',
				),
				0,
				self::NOW
			),
			'frames have no page'
		);
		$this->assertNull(
			PreviewLinks::redirectUrl(
				array(
					'page_id' => (string) $corePage,
					'preview' => 'true',
				),
				0,
				self::NOW
			),
			'core page'
		);
		$this->assertNull(
			PreviewLinks::redirectUrl(
				array(
					'p'       => (string) $trashed,
					'preview' => 'true',
				),
				0,
				self::NOW
			),
			'trash'
		);
		$this->assertNull(
			PreviewLinks::redirectUrl(
				array(
					'p'       => '999999999',
					'preview' => 'true',
				),
				0,
				self::NOW
			),
			'unknown id'
		);
	}

	public function testWithoutTheSiteUrlOrThePreviewSecretWordPresssOwnPreviewStays(): void {
		$this->loginAs( 'editor' );
		$draft = $this->createPost( 'news', array( 'post_status' => 'draft' ) );
		$query = array(
			'p'       => (string) $draft,
			'preview' => 'true',
		);
		foreach ( array( array( null, self::SECRET ), array( self::SITE, null ), array( self::SITE, 'too-short' ) ) as [$site, $secret] ) {
			$this->configure( $site, $secret );
			$this->assertNull( PreviewLinks::redirectUrl( $query, 0, self::NOW ) );
			$this->assertStringContainsString( 'HEADLESS_', (string) PreviewLinks::unavailableReason() );
		}
		$this->configure();
		$this->assertNull( PreviewLinks::unavailableReason() );
		$this->assertNotNull( PreviewLinks::redirectUrl( $query, 0, self::NOW ) );
	}

	public function testTheRedirectRunsFirstOnTemplateRedirect(): void {
		$this->assertSame( 0, has_action( 'template_redirect', array( PreviewLinks::class, 'redirect' ) ) );
	}

	public function testThePreviewPostLinkIsAWordPressUrlEvenWhenPermalinksPointAtTheSite(): void {
		$this->filter( 'post_type_link', static fn () => self::SITE . '/about-us/news/x' );
		$this->filter( 'post_link', static fn () => self::SITE . '/resources/blogs/x' );
		$news = get_post( $this->createPost( 'news', array( 'post_status' => 'draft' ) ) );
		$this->assertSame(
			array(
				'post_type' => 'ph_news',
				'p'         => (string) $news->ID,
				'preview'   => 'true',
			),
			$this->wordpressQuery( get_preview_post_link( $news ) )
		);
		$blog = get_post( $this->createPost( 'posts', array( 'post_status' => 'pending' ) ) );
		$this->assertSame(
			array(
				'p'       => (string) $blog->ID,
				'preview' => 'true',
			),
			$this->wordpressQuery( get_preview_post_link( $blog ) )
		);
	}

	public function testAnAutosavePreviewLinkKeepsItsIdAndNonce(): void {
		$this->filter( 'post_type_link', static fn () => self::SITE . '/about-us/news/x' );
		$news = get_post( $this->createPost( 'news' ) );
		$link = get_preview_post_link(
			$news,
			array(
				'preview_id'    => $news->ID,
				'preview_nonce' => 'abc123',
			)
		);
		$this->assertSame(
			array(
				'post_type'     => 'ph_news',
				'p'             => (string) $news->ID,
				'preview_id'    => (string) $news->ID,
				'preview_nonce' => 'abc123',
				'preview'       => 'true',
			),
			$this->wordpressQuery( $link )
		);
	}

	public function testTheRestLinkOfAnUnpublishedItemIsWordPresssAddressWhichTheBlockEditorPreviews(): void {
		$this->filter( 'post_type_link', static fn () => self::SITE . '/about-us/news/x' );
		$this->loginAs( 'editor' );
		foreach ( array( 'draft', 'pending', 'private' ) as $status ) {
			$id   = $this->createPost( 'news', array( 'post_status' => $status ) );
			$data = $this->json( $this->rest( 'GET', "/wp/v2/news/{$id}", array( 'context' => 'edit' ) ) );
			$this->assertSame(
				array(
					'post_type' => 'ph_news',
					'p'         => (string) $id,
				),
				$this->wordpressQuery( $data['link'] ),
				$status
			);
		}
	}

	public function testTheRestLinkOfAPublishedItemIsNotTouched(): void {
		$this->filter( 'post_type_link', static fn () => self::SITE . '/about-us/news/published' );
		$id = $this->createPost( 'news' );
		$this->assertSame( self::SITE . '/about-us/news/published', $this->json( $this->rest( 'GET', "/wp/v2/news/{$id}" ) )['link'] );
	}
}
