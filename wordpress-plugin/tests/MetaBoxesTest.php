<?php

/**
 * The wp-admin forms: nonces, capabilities, and forms generated from the frame type's mapping.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Tests;

use PaymentsHeadless\ContentModel;
use PaymentsHeadless\Fields;
use PaymentsHeadless\MetaBoxes;
use PaymentsHeadless\Plugin;

final class MetaBoxesTest extends TestCase {

	private const MAPPING = '[{"field":"heading","valueSingle":{"label":"Big heading","path":"acf.heading"}},'
		. '{"field":"cta","valueObject":{"label":{"label":"Button label","path":"acf.cta_label"},'
		. '"url":{"label":"Button link","path":"acf.cta_url"}}},'
		. '{"field":"cards","valueList":{"label":"Card list","path":"acf.cards","fields":{"title":{"label":"Card title","path":"title"}}}},'
		. '{"field":"author","valueSingle":{"label":"Title","path":"title.rendered"}}]';

	/**
	 * Saves a post's meta box as wp-admin would post it (WordPress slashes $_POST).
	 *
	 * @param array<string, mixed> $post The form's fields.
	 */
	private function submit( int $postId, array $post, ?string $nonce = null ): void {
		$_POST = wp_slash( array_merge( $post, array( MetaBoxes::NONCE_FIELD => $nonce ?? wp_create_nonce( MetaBoxes::NONCE_ACTION ) ) ) );
		MetaBoxes::save( $postId, get_post( $postId ) );
		$_POST = array();
	}

	private function render( int $postId, string $restBase ): string {
		ob_start();
		MetaBoxes::render( get_post( $postId ), $restBase );
		return (string) ob_get_clean();
	}

	public function testOnlyTypesWithFieldsAndFrameTypesGetTheFieldsBox(): void {
		global $wp_meta_boxes;
		$saved = $wp_meta_boxes;
		try {
			foreach ( ContentModel::TYPES as $restBase => $type ) {
				$wp_meta_boxes = array();
				MetaBoxes::add( $type['name'] );
				$added = isset( $wp_meta_boxes[ $type['name'] ]['normal']['high']['payments_headless_fields'] );
				// A box on a screen defers the block editor's saves for its meta-box request (Webhook).
				$this->assertSame( array() !== Fields::FIELDS[ $restBase ] || 'frame_type' === $restBase, $added, $restBase );
			}
			foreach ( array( 'posts', 'news', 'press-releases' ) as $restBase ) {
				$wp_meta_boxes = array();
				MetaBoxes::add( (string) ContentModel::postTypeFor( $restBase ) );
				$this->assertSame( array(), $wp_meta_boxes, "{$restBase} has no site fields: no box" );
			}
			$wp_meta_boxes = array();
			MetaBoxes::add( 'page' );
			$this->assertSame( array(), $wp_meta_boxes, 'core pages are not the site\'s' );
		} finally {
			$wp_meta_boxes = $saved;
		}
	}

	public function testTheFrameFormIsGeneratedFromItsFrameTypesMappingLabels(): void {
		$this->loginAs( 'editor' );
		$type = $this->createPost( 'frame_type', array( 'post_name' => 'ph-test-hero-' . wp_generate_password( 4, false, false ) ) );
		update_post_meta( $type, Fields::MAPPING_META, wp_slash( self::MAPPING ) );
		$slug  = get_post_field( 'post_name', $type );
		$frame = $this->createPost(
			'frame',
			array(),
			array(
				'frame_type' => $slug,
				'heading'    => 'Hello <world>',
				'cards'      => array( array( 'title' => 'A' ) ),
			)
		);
		$html  = $this->render( $frame, 'frame' );
		$this->assertStringContainsString( 'Big heading', $html );
		$this->assertStringContainsString( 'cta: Button label', $html );
		$this->assertStringContainsString( 'cta: Button link', $html );
		$this->assertStringContainsString( 'Card list', $html );
		$this->assertStringContainsString( 'Card title (title)', $html );
		$this->assertStringContainsString( 'value="Hello &lt;world&gt;"', $html, 'values are escaped' );
		$this->assertStringNotContainsString( 'name="payments_headless_acf[title]"', $html, 'paths outside acf are not frame fields' );
		$this->assertStringContainsString( 'name="' . MetaBoxes::NONCE_FIELD . '"', $html );
	}

	public function testSavingTheFrameFormStoresTextAndJsonFields(): void {
		$this->loginAs( 'editor' );
		$frame = $this->createPost( 'frame', array(), array( 'frame_type' => 'hero' ) );
		$this->submit(
			$frame,
			array(
				MetaBoxes::INPUT      => array(
					'frame_type' => 'hero',
					'heading'    => 'New \\ heading',
					'cards'      => '[{"title":"A"}]',
				),
				MetaBoxes::JSON_INPUT => array( 'cards' => '1' ),
			)
		);
		$this->assertSame(
			array(
				'frame_type' => 'hero',
				'heading'    => 'New \\ heading',
				'cards'      => array( array( 'title' => 'A' ) ),
			),
			Fields::read( $frame, 'frame' )
		);
	}

	public function testAnEmptiedJsonFieldRemovesTheFieldAndInvalidJsonSavesNothing(): void {
		$this->loginAs( 'editor' );
		$frame = $this->createPost(
			'frame',
			array(),
			array(
				'frame_type' => 'stats',
				'heading'    => 'Old',
				'stats'      => array( array( 'value' => '1' ) ),
			)
		);
		$this->submit(
			$frame,
			array(
				MetaBoxes::INPUT      => array(
					'heading' => 'New',
					'stats'   => '[{"value": ',
				),
				MetaBoxes::JSON_INPUT => array( 'stats' => '1' ),
			)
		);
		$this->assertSame( 'Old', get_post_meta( $frame, 'heading', true ) );
		$this->submit(
			$frame,
			array(
				MetaBoxes::INPUT      => array( 'stats' => ' ' ),
				MetaBoxes::JSON_INPUT => array( 'stats' => '1' ),
			)
		);
		$this->assertSame(
			array(
				'frame_type' => 'stats',
				'heading'    => 'Old',
			),
			Fields::read( $frame, 'frame' )
		);
	}

	public function testTheFormIsNotSavedWithoutAValidNonce(): void {
		$this->loginAs( 'editor' );
		$alert = $this->createPost(
			'alert',
			array(),
			array(
				'alert_type' => 'Popup',
				'enable'     => '0',
			)
		);
		$this->submit( $alert, array( MetaBoxes::INPUT => array( 'enable' => '1' ) ), 'not-a-nonce' );
		$this->assertSame( '0', get_post_meta( $alert, 'enable', true ) );
	}

	public function testTheFormIsNotSavedByAUserWhoCannotEditThePost(): void {
		$owner = $this->loginAs( 'editor' );
		$alert = $this->createPost(
			'alert',
			array( 'post_author' => $owner ),
			array(
				'alert_type' => 'Popup',
				'enable'     => '0',
			)
		);
		$this->loginAs( 'contributor' );
		$this->submit( $alert, array( MetaBoxes::INPUT => array( 'enable' => '1' ) ) );
		$this->assertSame( '0', get_post_meta( $alert, 'enable', true ) );
	}

	public function testTheAlertFormSavesTheEnableCheckboxAs1Or0(): void {
		$this->loginAs( 'editor' );
		$alert = $this->createPost(
			'alert',
			array(),
			array(
				'alert_type' => 'Popup',
				'enable'     => '0',
			)
		);
		$html  = $this->render( $alert, 'alert' );
		$this->assertStringContainsString( 'type="checkbox"', $html );
		$this->assertStringContainsString( '<option value="Top bar"', $html );
		$this->submit(
			$alert,
			array(
				MetaBoxes::INPUT => array(
					'alert_type' => 'Top bar',
					'enable'     => '1',
					'link_url'   => '/x',
					'link_label' => 'Go',
				),
			)
		);
		$this->assertSame(
			array(
				'alert_type' => 'Top bar',
				'enable'     => '1',
				'link_url'   => '/x',
				'link_label' => 'Go',
			),
			Fields::read( $alert, 'alert' )
		);
		$this->submit( $alert, array( MetaBoxes::INPUT => array( 'enable' => '0' ) ) );
		$this->assertSame( '0', get_post_meta( $alert, 'enable', true ) );
	}

	public function testTheFramePickerSavesFrameIdsInPageOrder(): void {
		$this->loginAs( 'editor' );
		$first  = $this->createPost( 'frame' );
		$second = $this->createPost( 'frame' );
		$page   = $this->createPost( 'fp_page' );
		$html   = $this->render( $page, 'fp_page' );
		$this->assertStringContainsString( 'value="' . $second . '"', $html );
		$this->submit(
			$page,
			array(
				MetaBoxes::INPUT => array(
					'frames'  => array( (string) $second, '', (string) $first ),
					'section' => 'about-us',
				),
			)
		);
		$this->assertSame(
			array(
				'frames'  => array( $second, $first ),
				'section' => 'about-us',
			),
			Fields::read( $page, 'fp_page' )
		);
	}

	public function testAnInvalidValueInTheFormIsNotSavedAndTheEditorIsTold(): void {
		$this->loginAs( 'editor' );
		$type = $this->createPost( 'frame_type', array(), array() );
		update_post_meta( $type, Fields::MAPPING_META, wp_slash( self::MAPPING ) );
		$this->submit( $type, array( MetaBoxes::MAPPING_INPUT => '[{"field":"x"}]' ) );
		$this->assertSame( self::MAPPING, get_post_meta( $type, Fields::MAPPING_META, true ) );
		ob_start();
		MetaBoxes::notice();
		$this->assertStringContainsString( 'exactly one of valueSingle', (string) ob_get_clean() );
	}

	public function testWhenAcfIsActiveThePluginRegistersNeitherItsAcfFieldNorItsMetaBoxes(): void {
		$hooks = array(
			array( 'add_meta_boxes', array( MetaBoxes::class, 'add' ) ),
			array( 'save_post', array( MetaBoxes::class, 'save' ) ),
			array( 'rest_api_init', array( Fields::class, 'registerRestFields' ) ),
		);
		foreach ( $hooks as [$hook, $callback] ) {
			remove_action( $hook, $callback, 10 );
		}
		$acf = static fn (): bool => true;
		add_filter( 'payments_headless_acf_active', $acf );
		try {
			Plugin::onPluginsLoaded();
			$this->assertFalse( has_action( 'add_meta_boxes', array( MetaBoxes::class, 'add' ) ) );
			$this->assertFalse( has_action( 'save_post', array( MetaBoxes::class, 'save' ) ) );
			$this->assertFalse( has_action( 'rest_api_init', array( Fields::class, 'registerRestFields' ) ) );
			$this->assertSame( 10, has_action( 'rest_api_init', array( Fields::class, 'registerFieldsMappingField' ) ) );
		} finally {
			remove_filter( 'payments_headless_acf_active', $acf );
			remove_action( 'rest_api_init', array( Fields::class, 'registerFieldsMappingField' ) );
			add_action( 'add_meta_boxes', array( MetaBoxes::class, 'add' ), 10, 2 );
			add_action( 'save_post', array( MetaBoxes::class, 'save' ), 10, 2 );
			add_action( 'rest_api_init', array( Fields::class, 'registerRestFields' ) );
		}
	}
}
