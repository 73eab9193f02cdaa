<?php

/**
 * Issue 17: GET /custom-api/v1/global-styles and the `styles` webhook (docs/blocks.md, REST contract 2).
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Tests;

use PaymentsHeadless\GlobalStyles;

final class GlobalStylesTest extends WebhookTestCase {

	public function testTheRouteIsPublicAndAnswersTheActiveThemesGlobalStylesheet(): void {
		$response = $this->rest( 'GET', '/custom-api/v1/global-styles' );
		$this->assertSame( 200, $response->get_status() );
		$body = $this->json( $response );
		$this->assertSame( array( 'css' ), array_keys( $body ) );
		$this->assertSame( wp_get_global_stylesheet(), $body['css'] );
		// Variables, presets, styles and base layout styles.
		$this->assertStringContainsString( '--wp--preset--color--', $body['css'] );
		$this->assertStringContainsString( '.has-', $body['css'] );
		$this->assertStringContainsString( '.is-layout-flex', $body['css'] );
		$this->assertArrayNotHasKey( 'Cache-Control', $response->get_headers(), 'no headers of its own, like the id lists' );
	}

	public function testASiteEditorSaveSendsTheStylesEventWithTheMenu(): void {
		$id = $this->createPost(
			'posts',
			array(
				'post_type'    => GlobalStyles::POST_TYPE,
				'post_name'    => 'wp-global-styles-ph-test',
				'post_content' => '{"version": 2, "isGlobalStylesUserThemeJSON": true }',
			)
		);
		$this->endRequest();
		$this->assertSame( array(), $this->requests, 'creating the (empty) global styles post changes nothing' );
		$styles = '{"version": 2, "isGlobalStylesUserThemeJSON": true, "styles": {"color": {"text": "#111111"}}}';
		wp_update_post(
			array(
				'ID'           => $id,
				'post_content' => wp_slash( $styles ),
			)
		);
		$this->endRequest();
		$this->assertPayload(
			array(
				'event'     => 'styles',
				'items'     => array(),
				'scope'     => 'all',
				'redirects' => false,
			),
			$this->onePayload()
		);
	}

	public function testDeletingTheGlobalStylesSendsTheStylesEvent(): void {
		$id = $this->createPost(
			'posts',
			array(
				'post_type'    => GlobalStyles::POST_TYPE,
				'post_content' => '{}',
			)
		);
		$this->endRequest();
		wp_delete_post( $id, true );
		$this->endRequest();
		$this->assertPayload(
			array(
				'event'     => 'styles',
				'items'     => array(),
				'scope'     => 'all',
				'redirects' => false,
			),
			$this->onePayload()
		);
	}

	public function testAThemeSwitchSendsTheStylesEventWithTheMenu(): void {
		foreach ( array( 'template', 'stylesheet', 'current_theme', 'theme_switched' ) as $option ) {
			$this->keepOption( $option );
		}
		switch_theme( get_stylesheet() );
		$this->endRequest();
		$this->assertPayload(
			array(
				'event'     => 'styles',
				'items'     => array(),
				'scope'     => 'all',
				'redirects' => false,
			),
			$this->onePayload()
		);
	}
}
