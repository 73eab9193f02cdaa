<?php

/**
 * The content model: post types at the REST bases the site reads.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Tests;

use PaymentsHeadless\ContentModel;

final class ContentModelTest extends TestCase {

	private const REST_BASES = array(
		'posts',
		'news',
		'press-releases',
		'whitepapers',
		'case-studies',
		'insights',
		'events',
		'virtual',
		'fp_page',
		'frame',
		'frame_type',
		'alert',
	);

	public function testEveryContentTypeIsServedAtTheRestBaseTheSiteReads(): void {
		$types = $this->json( $this->rest( 'GET', '/wp/v2/types' ) );
		$bases = array_column( $types, 'rest_base' );
		foreach ( self::REST_BASES as $base ) {
			$this->assertContains( $base, $bases, "no post type at /wp/v2/{$base}" );
			$this->assertSame( 200, $this->rest( 'GET', "/wp/v2/{$base}" )->get_status(), $base );
		}
	}

	public function testPostTypeNamesAreThePluginsOwnAndFitWordPressLimit(): void {
		foreach ( ContentModel::TYPES as $restBase => $type ) {
			$this->assertLessThanOrEqual( 20, strlen( $type['name'] ) );
			if ( 'posts' !== $restBase ) {
				$this->assertNotSame( $restBase, $type['name'] );
				$this->assertStringStartsWith( 'ph_', $type['name'] );
			}
		}
	}

	public function testContentTypesArePublicAndSearchableWhileFramesFrameTypesAndAlertsAreNot(): void {
		foreach ( ContentModel::TYPES as $restBase => $type ) {
			$object = get_post_type_object( $type['name'] );
			$this->assertNotNull( $object, $restBase );
			$hidden = in_array( $restBase, array( 'frame', 'frame_type', 'alert' ), true );
			$this->assertSame( ! $hidden, $object->public, "{$restBase} public" );
			$this->assertSame( $hidden, $object->exclude_from_search, "{$restBase} exclude_from_search" );
			$this->assertTrue( $object->show_in_rest, "{$restBase} show_in_rest" );
		}
		$search = $this->json( $this->rest( 'GET', '/wp/v2/search', array( 'subtype' => ContentModel::postTypeFor( 'frame' ) ) ) );
		$this->assertSame( 'rest_invalid_param', $search['code'] ?? null, 'frames are not searchable' );
	}

	public function testOnlyTypesWithAPageOnTheSiteHaveAPublicRestBase(): void {
		foreach ( ContentModel::TYPES as $restBase => $type ) {
			$hidden = in_array( $restBase, array( 'frame', 'frame_type', 'alert' ), true );
			$this->assertSame( $hidden ? null : $restBase, ContentModel::publicRestBaseFor( $type['name'] ), $restBase );
		}
		$this->assertNull( ContentModel::publicRestBaseFor( 'page' ), 'core pages are not the site\'s' );
		$this->assertNull( ContentModel::publicRestBaseFor( 'attachment' ) );
	}

	public function testContentTypesSupportTheFeaturesTheSiteAndImportsNeed(): void {
		foreach ( ContentModel::TYPES as $restBase => $type ) {
			foreach ( array( 'title', 'editor', 'excerpt', 'thumbnail', 'revisions', 'custom-fields', 'author' ) as $feature ) {
				$this->assertTrue( post_type_supports( $type['name'], $feature ), "{$restBase} supports {$feature}" );
			}
		}
	}

	public function testPressReleaseAliasAnswersExactlyWhatPressReleasesAnswers(): void {
		$id        = $this->createPost(
			'press-releases',
			array(
				'post_title'   => 'Alias & co',
				'post_content' => 'Body',
			)
		);
		$canonical = $this->rest( 'GET', "/wp/v2/press-releases/{$id}" );
		$alias     = $this->rest( 'GET', "/wp/v2/press-release/{$id}" );
		$this->assertSame( 200, $alias->get_status() );
		$this->assertSame( $this->jsonText( $canonical ), $this->jsonText( $alias ) );
	}

	public function testPressReleaseAliasAnswers404ForUnknownIdsAndForOtherTypes(): void {
		$newsId = $this->createPost( 'news' );
		foreach ( array( 999999999, $newsId ) as $id ) {
			$response = $this->rest( 'GET', "/wp/v2/press-release/{$id}" );
			$this->assertSame( 404, $response->get_status() );
			$this->assertSame( 'rest_post_invalid_id', $this->json( $response )['code'] );
		}
	}

	public function testDraftsAreNotReadableWithoutAuthenticationThroughTheAlias(): void {
		$id = $this->createPost( 'press-releases', array( 'post_status' => 'draft' ) );
		$this->assertSame( 401, $this->rest( 'GET', "/wp/v2/press-release/{$id}" )->get_status() );
		$this->assertSame( 401, $this->rest( 'GET', "/wp/v2/press-releases/{$id}" )->get_status() );
	}

	public function testHiddenTypesArePublishedOnlyInRest(): void {
		$published = $this->createPost( 'frame' );
		$draft     = $this->createPost( 'frame', array( 'post_status' => 'draft' ) );
		$ids       = array_column( $this->json( $this->rest( 'GET', '/wp/v2/frame', array( 'per_page' => 100 ) ) ), 'id' );
		$this->assertContains( $published, $ids );
		$this->assertNotContains( $draft, $ids );
	}
}
