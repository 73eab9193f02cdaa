<?php

/**
 * The site's preview read: GET /custom-api/v1/preview/{rest_base}/{id}?user={id} (contract C).
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Tests;

use PaymentsHeadless\ContentModel;

final class PreviewReadTest extends TestCase {

	/**
	 * An autosave revision of a post by a user, with a chosen date (GMT = local: the site is UTC).
	 */
	private function autosave(
		int $postId,
		int $userId,
		string $date,
		string $title,
		string $content = 'Autosaved body',
		string $excerpt = 'Autosaved excerpt'
	): int {
		$id = wp_insert_post(
			array(
				'post_type'     => 'revision',
				'post_status'   => 'inherit',
				'post_parent'   => $postId,
				'post_name'     => $postId . '-autosave-v1',
				'post_author'   => $userId,
				'post_title'    => $title,
				'post_content'  => $content,
				'post_excerpt'  => $excerpt,
				'post_date'     => $date,
				'post_date_gmt' => $date,
			),
			true
		);
		$this->assertIsInt( $id );
		return $id;
	}

	private function read( string $restBase, int $id, array $params = array() ): \WP_REST_Response {
		return $this->rest( 'GET', "/custom-api/v1/preview/{$restBase}/{$id}", $params );
	}

	private function editor(): int {
		$id = $this->loginAs( 'editor' );
		wp_set_current_user( 0 );
		return $id;
	}

	public function testADraftAnswersExactlyWhatCoresSingleItemReadGivesAnAdministrator(): void {
		$draft = $this->createPost(
			'whitepapers',
			array(
				'post_status'  => 'draft',
				'post_content' => '<p>Draft body</p>',
			),
			array( 'summary' => 'S' )
		);
		$this->loginAs( 'administrator' );
		$core = $this->json( $this->rest( 'GET', "/wp/v2/whitepapers/{$draft}" ) );
		$this->loginAs( 'headless_previewer' );
		$this->assertSame( 403, $this->rest( 'GET', "/wp/v2/whitepapers/{$draft}", array( 'context' => 'edit' ) )->get_status(), 'no edit context' );
		$response = $this->read( 'whitepapers', $draft );
		$this->assertSame( 200, $response->get_status() );
		// Yoast's `yoast_head` HTML adds admin-only notices for administrators (the harness runs
		// Yoast by default): compared without it; its data (`yoast_head_json`, `seo`) must be equal.
		$read = $this->json( $response );
		unset( $core['yoast_head'], $read['yoast_head'] );
		$this->assertSame( $core, $read );
		$this->assertSame( 'S', $core['acf']['summary'] );
		$this->assertStringContainsString( 'no-store', $response->get_headers()['Cache-Control'] );
	}

	public function testAPublishedItemAnswersExactlyWhatThePublicReadAnswers(): void {
		$id     = $this->createPost( 'news', array( 'post_content' => 'Public body' ) );
		$public = $this->json( $this->rest( 'GET', "/wp/v2/news/{$id}" ) );
		$this->loginAs( 'headless_previewer' );
		$this->assertSame( $public, $this->json( $this->read( 'news', $id ) ) );
	}

	public function testPendingScheduledAndPrivateItemsAreServed(): void {
		$ids = array(
			'pending' => $this->createPost(
				'fp_page',
				array( 'post_status' => 'pending' ),
				array(
					'frames'  => array( 1, 2 ),
					'section' => 'pages',
				)
			),
			'future'  => $this->createPost(
				'fp_page',
				array(
					'post_status' => 'future',
					'post_date'   => gmdate( 'Y-m-d H:i:s', time() + 86400 ),
				)
			),
			'private' => $this->createPost( 'fp_page', array( 'post_status' => 'private' ) ),
		);
		$this->loginAs( 'headless_previewer' );
		foreach ( $ids as $status => $id ) {
			$data = $this->json( $this->read( 'fp_page', $id ) );
			$this->assertSame( $id, $data['id'], $status );
			$this->assertSame( $status, $data['status'] ?? $status, $status );
		}
		$this->assertSame( array( 1, 2 ), $this->json( $this->read( 'fp_page', $ids['pending'] ) )['acf']['frames'] );
	}

	public function testEmbedIncludesTheFeaturedImageOfADraftEvenWhenAttachedToIt(): void {
		$draft = $this->createPost( 'news', array( 'post_status' => 'draft' ) );
		$image = wp_insert_attachment(
			array(
				'post_title'     => 'Draft image',
				'post_mime_type' => 'image/jpeg',
				'post_status'    => 'inherit',
				'guid'           => home_url( '/wp-content/uploads/draft-image.jpg' ),
			),
			false,
			$draft,
			true
		);
		$this->assertIsInt( $image );
		$this->trackPost( $image );
		// set_post_thumbnail() wants an image file; the meta is what it writes.
		update_post_meta( $draft, '_thumbnail_id', $image );
		$this->loginAs( 'headless_previewer' );
		$response = $this->read( 'news', $draft, array( '_embed' => '1' ) );
		$data     = json_decode( (string) wp_json_encode( rest_get_server()->response_to_data( $response, true ) ), true );
		$this->assertSame( $image, $data['featured_media'] );
		$this->assertSame( $image, $data['_embedded']['wp:featuredmedia'][0]['id'] ?? null, 'embedded, not an error' );
	}

	public function testTheUsersNewerAutosaveReplacesTitleContentAndExcerpt(): void {
		$editor = $this->editor();
		$id     = $this->createPost(
			'news',
			array(
				'post_title'   => 'Published title',
				'post_content' => 'Published body',
				'post_excerpt' => 'Published excerpt',
				'post_date'    => '2024-01-01 10:00:00',
			)
		);
		$this->autosave( $id, $editor, '2024-01-02 10:00:00', 'Edited "title"', '<p>Edited body</p>', 'Edited excerpt' );
		$this->loginAs( 'headless_previewer' );
		$data = $this->json( $this->read( 'news', $id, array( 'user' => $editor ) ) );
		$this->assertSame( 'Edited &#8220;title&#8221;', $data['title']['rendered'] );
		$this->assertStringContainsString( 'Edited body', $data['content']['rendered'] );
		$this->assertStringContainsString( 'Edited excerpt', $data['excerpt']['rendered'] );
		$this->assertSame( 'publish', $data['status'] );
		$this->assertSame( 'Published title', get_post( $id )->post_title, 'the cached post is put back' );
		$this->assertSame( 'Published title', $this->json( $this->rest( 'GET', "/wp/v2/news/{$id}" ) )['title']['rendered'] );
		$this->assertSame( 'Published title', $this->json( $this->read( 'news', $id ) )['title']['rendered'], 'without user' );
	}

	public function testAnAutosaveOlderThanThePostIsIgnored(): void {
		$editor = $this->editor();
		$id     = $this->createPost(
			'news',
			array(
				'post_title' => 'Current title',
				'post_date'  => '2024-01-02 10:00:00',
			)
		);
		$this->autosave( $id, $editor, '2024-01-01 10:00:00', 'Stale title' );
		$this->loginAs( 'headless_previewer' );
		$this->assertSame( 'Current title', $this->json( $this->read( 'news', $id, array( 'user' => $editor ) ) )['title']['rendered'] );
	}

	public function testAnotherUsersAutosaveIsNotShown(): void {
		$editor = $this->editor();
		$other  = $this->editor();
		$id     = $this->createPost(
			'events',
			array(
				'post_title' => 'Event title',
				'post_date'  => '2024-01-01 10:00:00',
			)
		);
		$this->autosave( $id, $other, '2024-01-02 10:00:00', 'Someone else’s title' );
		$this->loginAs( 'headless_previewer' );
		$this->assertSame( 'Event title', $this->json( $this->read( 'events', $id, array( 'user' => $editor ) ) )['title']['rendered'] );
		$this->assertSame( 'Someone else’s title', $this->json( $this->read( 'events', $id, array( 'user' => $other ) ) )['title']['rendered'] );
	}

	public function testThePressReleaseAliasAnswersLikeTheCollectionBase(): void {
		$id = $this->createPost( 'press-releases', array( 'post_status' => 'draft' ) );
		$this->loginAs( 'headless_previewer' );
		$this->assertSame( $this->json( $this->read( 'press-releases', $id ) ), $this->json( $this->read( 'press-release', $id ) ) );
	}

	public function testTrashAutoDraftUnknownIdsAndOtherTypesAnswer404InvalidId(): void {
		$trashed   = $this->createPost( 'news', array( 'post_status' => 'trash' ) );
		$autoDraft = $this->createPost( 'news', array( 'post_status' => 'auto-draft' ) );
		$news      = $this->createPost( 'news', array( 'post_status' => 'draft' ) );
		$corePage  = $this->createPost(
			'posts',
			array(
				'post_type'   => 'page',
				'post_status' => 'draft',
			)
		);
		$this->loginAs( 'headless_previewer' );
		$cases = array(
			array( 'news', $trashed ),
			array( 'news', $autoDraft ),
			array( 'news', 999999999 ),
			array( 'events', $news ),
			array( 'posts', $corePage ),
			array( 'pages', $corePage ),
			array( 'page', $corePage ),
			array( 'nope', $news ),
		);
		foreach ( $cases as [$restBase, $id] ) {
			$response = $this->read( $restBase, $id );
			$this->assertSame( 404, $response->get_status(), "{$restBase}/{$id}" );
			$this->assertSame( 'rest_post_invalid_id', $this->json( $response )['code'] );
		}
	}

	public function testEveryContentModelBaseIsServed(): void {
		$ids = array();
		foreach ( array_keys( ContentModel::TYPES ) as $restBase ) {
			$ids[ $restBase ] = $this->createPost( $restBase, array( 'post_status' => 'draft' ) );
		}
		$this->loginAs( 'headless_previewer' );
		foreach ( $ids as $restBase => $id ) {
			$this->assertSame( 200, $this->read( $restBase, $id )->get_status(), $restBase );
		}
	}

	public function testWithoutTheCapabilityTheReadIsRefused(): void {
		$draft    = $this->createPost( 'news', array( 'post_status' => 'draft' ) );
		$response = $this->read( 'news', $draft );
		$this->assertSame( 401, $response->get_status(), 'logged out' );
		$this->assertSame( 'rest_forbidden', $this->json( $response )['code'] );
		foreach ( array( 'subscriber', 'editor', 'administrator' ) as $role ) {
			$this->loginAs( $role );
			$this->assertSame( 403, $this->read( 'news', $draft )->get_status(), $role );
		}
	}
}
