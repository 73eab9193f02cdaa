<?php

/**
 * Custom fields: stored as post meta under their own names, served and written under `acf`.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Tests;

use PaymentsHeadless\ContentModel;
use PaymentsHeadless\Fields;

final class FieldsTest extends TestCase {

	private const MAPPING = '[{"field":"heading","valueSingle":{"label":"Heading","path":"acf.heading"}},'
		. '{"field":"cta","valueObject":{"label":{"label":"CTA label","path":"acf.cta_label"},"url":{"label":"CTA link","path":"acf.cta_url"}}},'
		. '{"field":"cards","valueList":{"label":"Cards","path":"acf.cards","fields":{"title":{"label":"Title","path":"title"}}}}]';

	public function testAcfOfAnItemWithoutFieldsIsAnEmptyJsonListLikePhpsEmptyArray(): void {
		$id   = $this->createPost( 'news' );
		$text = $this->jsonText( $this->rest( 'GET', "/wp/v2/news/{$id}" ) );
		$this->assertStringContainsString( '"acf":[]', $text );
		$this->assertStringContainsString( '"meta":[]', $text );
	}

	public function testFieldsWrittenThroughRestAreStoredAsPostMetaUnderTheirOwnNames(): void {
		$this->loginAs( 'administrator' );
		$response = $this->rest(
			'POST',
			'/wp/v2/events',
			array(
				'title'  => 'Summit',
				'status' => 'publish',
				'acf'    => array(
					'start_date'       => '2026-05-12T09:00:00',
					'end_date'         => '2026-05-13T17:00:00',
					'location'         => 'Denver, CO',
					'registration_url' => 'https://events.example.com/summit',
				),
			)
		);
		$this->assertSame( 201, $response->get_status(), $this->jsonText( $response ) );
		$id = $this->json( $response )['id'];
		$this->assertSame( 'Denver, CO', get_post_meta( $id, 'location', true ) );
		$this->assertSame( '2026-05-12T09:00:00', get_post_meta( $id, 'start_date', true ) );
		$this->assertSame( 'https://events.example.com/summit', $this->json( $response )['acf']['registration_url'] );
	}

	public function testPageFramesAreServedAsIntegerIdsInOrderAndStringsAsStrings(): void {
		$this->loginAs( 'administrator' );
		$response = $this->rest(
			'POST',
			'/wp/v2/fp_page',
			array(
				'title'  => 'Home',
				'status' => 'publish',
				'acf'    => array(
					'frames'  => array( 30, '12', 7 ),
					'section' => 'pages',
				),
			)
		);
		$this->assertSame( 201, $response->get_status(), $this->jsonText( $response ) );
		wp_set_current_user( 0 );
		$acf = $this->json( $this->rest( 'GET', '/wp/v2/fp_page/' . $this->json( $response )['id'] ) )['acf'];
		$this->assertSame(
			array(
				'frames'  => array( 30, 12, 7 ),
				'section' => 'pages',
			),
			$acf
		);
	}

	public function testFrameDataRoundTripsListsObjectsEmptyStringsAndBackslashes(): void {
		$this->loginAs( 'administrator' );
		$acf      = array(
			'frame_type' => 'card-grid',
			'heading'    => 'Say "hi" \\o/ & <b>bold</b>',
			'image'      => array( 'https://cdn.example.com/a.png', 'https://cdn.example.com/b.png' ),
			'cards'      => array(
				array(
					'title' => 'One',
					'text'  => 'First',
					'link'  => array(
						'title'  => 'More',
						'url'    => '/pages/one',
						'target' => '',
					),
				),
				array(
					'title' => 'Two',
					'text'  => 'Second',
					'link'  => '',
				),
			),
			'cta_label'  => '',
		);
		$response = $this->rest(
			'POST',
			'/wp/v2/frame',
			array(
				'title'  => 'Cards',
				'status' => 'publish',
				'acf'    => $acf,
			)
		);
		$this->assertSame( 201, $response->get_status(), $this->jsonText( $response ) );
		wp_set_current_user( 0 );
		$read = $this->json( $this->rest( 'GET', '/wp/v2/frame/' . $this->json( $response )['id'] ) )['acf'];
		$this->assertSame( $acf, $read );
	}

	public function testAnUpdateChangesTheFieldsSentDeletesNullsAndKeepsTheRest(): void {
		$this->loginAs( 'administrator' );
		$id       = $this->createPost(
			'case-studies',
			array(),
			array(
				'client'    => 'Crestfield',
				'summary'   => 'Old',
				'cta_label' => 'Talk',
				'cta_url'   => '/contact-us',
			)
		);
		$response = $this->rest(
			'PUT',
			"/wp/v2/case-studies/{$id}",
			array(
				'acf' => array(
					'summary'   => 'New',
					'cta_label' => null,
				),
			)
		);
		$this->assertSame( 200, $response->get_status(), $this->jsonText( $response ) );
		$this->assertSame(
			array(
				'client'  => 'Crestfield',
				'summary' => 'New',
				'cta_url' => '/contact-us',
			),
			$this->json( $response )['acf']
		);
		$this->assertFalse( metadata_exists( 'post', $id, 'cta_label' ) );
	}

	public function testFrameTypeFieldsMappingIsServedTopLevelAsTheStringStored(): void {
		$this->loginAs( 'administrator' );
		$response = $this->rest(
			'POST',
			'/wp/v2/frame_type',
			array(
				'title'          => 'Hero',
				'status'         => 'publish',
				'fields_mapping' => self::MAPPING,
			)
		);
		$this->assertSame( 201, $response->get_status(), $this->jsonText( $response ) );
		wp_set_current_user( 0 );
		$read = $this->json( $this->rest( 'GET', '/wp/v2/frame_type', array( 'slug' => $this->json( $response )['slug'] ) ) )[0];
		$this->assertSame( self::MAPPING, $read['fields_mapping'] );
		$this->assertSame( array(), $read['acf'] );
	}

	/**
	 * @return array<string, array{0: string, 1: array<string, mixed>}>
	 */
	public static function invalidWrites(): array {
		return array(
			'a key the type does not have'            => array( 'whitepapers', array( 'acf' => array( 'password' => 'x' ) ) ),
			'a frame key with capitals'               => array( 'frame', array( 'acf' => array( 'Heading' => 'x' ) ) ),
			'a frame key starting with an underscore' => array( 'frame', array( 'acf' => array( '_edit_lock' => '1' ) ) ),
			'acf as a list'                           => array( 'frame', array( 'acf' => array( 'a', 'b' ) ) ),
			'acf as a string'                         => array( 'news', array( 'acf' => 'x' ) ),
			'frames that are not ids'                 => array( 'fp_page', array( 'acf' => array( 'frames' => array( 'abc' ) ) ) ),
			'frames as an object'                     => array( 'fp_page', array( 'acf' => array( 'frames' => array( 'a' => 1 ) ) ) ),
			'a section that is not a slug'            => array( 'fp_page', array( 'acf' => array( 'section' => 'Pages / 2' ) ) ),
			'an unknown alert type'                   => array( 'alert', array( 'acf' => array( 'alert_type' => 'Banner' ) ) ),
			'enable that is not a flag'               => array( 'alert', array( 'acf' => array( 'enable' => 'yes' ) ) ),
			'a javascript: link'                      => array( 'alert', array( 'acf' => array( 'link_url' => 'javascript:alert(1)' ) ) ),
			'a date that is not a date'               => array( 'events', array( 'acf' => array( 'start_date' => 'next May' ) ) ),
			'frame data nested too deep'              => array( 'frame', array( 'acf' => array( 'deep' => array( array( array( array( array( array( 'x' ) ) ) ) ) ) ) ) ),
			'frame data over the size cap'            => array( 'frame', array( 'acf' => array( 'body' => str_repeat( 'x', Fields::MAX_BYTES ) ) ) ),
			'a mapping that is not JSON'              => array( 'frame_type', array( 'fields_mapping' => '[{' ) ),
			'a mapping rule without a value'          => array( 'frame_type', array( 'fields_mapping' => '[{"field":"a"}]' ) ),
			'a mapping rule with two values'          => array(
				'frame_type',
				array(
					'fields_mapping' => '[{"field":"a","valueSingle":{"label":"A","path":"acf.a"},"valueObject":{}}]',
				),
			),
		);
	}

	/**
	 * @dataProvider invalidWrites
	 * @param array<string, mixed> $body
	 */
	public function testInvalidFieldsAreRejectedWith400RestInvalidParamAndNothingIsCreated( string $restBase, array $body ): void {
		$this->loginAs( 'administrator' );
		$before   = (int) wp_count_posts( ContentModel::postTypeFor( $restBase ) )->draft;
		$response = $this->rest( 'POST', "/wp/v2/{$restBase}", $body );
		$this->assertSame( 400, $response->get_status(), $this->jsonText( $response ) );
		$this->assertSame( 'rest_invalid_param', $this->json( $response )['code'] );
		wp_cache_flush();
		$this->assertSame( $before, (int) wp_count_posts( ContentModel::postTypeFor( $restBase ) )->draft );
	}

	public function testWritesNeedAuthentication(): void {
		$response = $this->rest(
			'POST',
			'/wp/v2/alert',
			array(
				'title' => 'x',
				'acf'   => array( 'enable' => '1' ),
			)
		);
		$this->assertSame( 401, $response->get_status() );
		$this->assertSame( 'rest_cannot_create', $this->json( $response )['code'] );
	}

	public function testWritingAnotherUsersPostNeedsEditPost(): void {
		$owner = $this->loginAs( 'editor' );
		$id    = $this->createPost( 'whitepapers', array( 'post_author' => $owner ), array( 'summary' => 'Kept' ) );
		$this->loginAs( 'author' );
		$response = $this->rest( 'PUT', "/wp/v2/whitepapers/{$id}", array( 'acf' => array( 'summary' => 'Changed' ) ) );
		$this->assertSame( 403, $response->get_status() );
		$this->assertSame( 'Kept', get_post_meta( $id, 'summary', true ) );
	}

	public function testEnableAcceptsBooleansAndIsStoredAsTheStrings1And0(): void {
		$this->loginAs( 'administrator' );
		$on  = $this->rest(
			'POST',
			'/wp/v2/alert',
			array(
				'title' => 'On',
				'acf'   => array(
					'alert_type' => 'Popup',
					'enable'     => true,
				),
			)
		);
		$off = $this->rest(
			'POST',
			'/wp/v2/alert',
			array(
				'title' => 'Off',
				'acf'   => array(
					'alert_type' => 'Popup',
					'enable'     => false,
				),
			)
		);
		$this->assertSame( '1', $this->json( $on )['acf']['enable'] );
		$this->assertSame( '0', $this->json( $off )['acf']['enable'] );
	}

	public function testTextFromUsersWithoutUnfilteredHtmlIsFilteredLikePostContent(): void {
		$this->loginAs( 'author' );
		$response = $this->rest(
			'POST',
			'/wp/v2/whitepapers',
			array(
				'title' => 'Guide',
				'acf'   => array( 'summary' => 'Safe <strong>bold</strong><script>alert(1)</script>' ),
			)
		);
		$this->assertSame( 201, $response->get_status(), $this->jsonText( $response ) );
		$summary = $this->json( $response )['acf']['summary'];
		$this->assertStringContainsString( '<strong>bold</strong>', $summary );
		$this->assertStringNotContainsString( '<script', $summary );
	}

	public function testFieldsOfAPasswordProtectedItemNeedItsPasswordLikeItsContent(): void {
		$id = $this->createPost( 'whitepapers', array( 'post_password' => 'open sesame' ), array( 'summary' => 'Members only' ) );
		$this->assertSame( array(), $this->json( $this->rest( 'GET', "/wp/v2/whitepapers/{$id}" ) )['acf'] );
		$this->assertSame( 403, $this->rest( 'GET', "/wp/v2/whitepapers/{$id}", array( 'password' => 'wrong' ) )->get_status() );
		$listed = $this->json( $this->rest( 'GET', '/wp/v2/whitepapers', array( 'include' => array( $id ) ) ) );
		$this->assertSame( array(), $listed[0]['acf'] );
		$this->assertSame(
			array( 'summary' => 'Members only' ),
			$this->json( $this->rest( 'GET', "/wp/v2/whitepapers/{$id}", array( 'password' => 'open sesame' ) ) )['acf']
		);
	}

	public function testFrameAcfListsOnlyTheFramesOwnFieldsNotOtherMeta(): void {
		$id = $this->createPost(
			'frame',
			array(),
			array(
				'frame_type' => 'hero',
				'heading'    => 'Hi',
			)
		);
		update_post_meta( $id, 'some_other_plugin_secret', 'x' );
		$this->assertSame(
			array(
				'frame_type' => 'hero',
				'heading'    => 'Hi',
			),
			$this->json( $this->rest( 'GET', "/wp/v2/frame/{$id}" ) )['acf']
		);
	}
}
