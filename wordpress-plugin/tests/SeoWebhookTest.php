<?php

/**
 * The webhook's `redirects` flag, the site settings and the items' SEO values (docs/seo-and-redirects.md §4).
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Tests;

use PaymentsHeadless\Webhook;

require_once __DIR__ . '/RedirectionFixtures.php';

/**
 * @group seo
 */
final class SeoWebhookTest extends WebhookTestCase {

	use RedirectionFixtures;

	protected function tearDown(): void {
		$this->cleanRedirection();
		parent::tearDown();
	}

	/** Nothing noted so far (fixtures' own changes) is sent with what the test does next. */
	private function startRequest(): void {
		Webhook::reset();
		$this->requests = array();
	}

	/* ---------------------------------------------------------------- old slugs */

	public function testASlugChangeSaysTheRedirectsChanged(): void {
		$id = $this->createPost( 'news', array( 'post_name' => 'ph-sw-old' ) );
		$this->startRequest();
		wp_update_post(
			array(
				'ID'        => $id,
				'post_name' => 'ph-sw-new',
			)
		);
		$this->endRequest();
		$payload = $this->onePayload();
		$this->assertSame( 'update,slug_change', $payload['event'] );
		$this->assertTrue( $payload['redirects'] );
		$this->assertSame( 'items', $payload['scope'] );
		$this->assertCount( 2, $payload['items'] );
	}

	public function testAnOldSlugWrittenAloneSendsOnlyTheRedirectsFlag(): void {
		$id = $this->createPost( 'news', array( 'post_name' => 'ph-sw-alone' ) );
		$this->startRequest();
		add_post_meta( $id, '_wp_old_slug', 'ph-sw-alone-before' );
		$this->endRequest();
		$this->assertPayload(
			array(
				'event'     => 'redirects',
				'items'     => array(),
				'scope'     => 'items',
				'redirects' => true,
			),
			$this->onePayload()
		);
		$this->startRequest();
		delete_post_meta( $id, '_wp_old_slug', 'ph-sw-alone-before' );
		$this->endRequest();
		$this->assertTrue( $this->onePayload()['redirects'] );
	}

	public function testOldSlugsOfADraftSendNothing(): void {
		$id = $this->createPost(
			'news',
			array(
				'post_status' => 'draft',
				'post_name'   => 'ph-sw-draft',
			)
		);
		$this->startRequest();
		add_post_meta( $id, '_wp_old_slug', 'ph-sw-draft-before' );
		$this->endRequest();
		$this->assertSame( array(), $this->requests );
	}

	public function testTrashingAnItemWithOldSlugsSaysTheRedirectsChanged(): void {
		$id = $this->createPost( 'posts', array( 'post_name' => 'ph-sw-trash-old' ) );
		wp_update_post(
			array(
				'ID'        => $id,
				'post_name' => 'ph-sw-trash-new',
			)
		);
		$this->startRequest();
		wp_trash_post( $id );
		$this->endRequest();
		$payload = $this->onePayload();
		$this->assertSame( 'trash', $payload['event'] );
		$this->assertTrue( $payload['redirects'] );
	}

	public function testUnpublishingPublishingAndDeletingAnItemWithOldSlugs(): void {
		$id = $this->createPost( 'posts', array( 'post_name' => 'ph-sw-cycle-old' ) );
		wp_update_post(
			array(
				'ID'        => $id,
				'post_name' => 'ph-sw-cycle-new',
			)
		);
		foreach ( array(
			'draft'   => 'unpublish',
			'publish' => 'publish',
		) as $status => $event ) {
			$this->startRequest();
			wp_update_post(
				array(
					'ID'          => $id,
					'post_status' => $status,
				)
			);
			$this->endRequest();
			$this->assertSame( $event, $this->onePayload()['event'] );
			$this->assertTrue( $this->onePayload()['redirects'], $event );
		}
		$this->startRequest();
		wp_delete_post( $id, true );
		$this->endRequest();
		$this->assertSame( 'delete', $this->onePayload()['event'] );
		$this->assertTrue( $this->onePayload()['redirects'] );
	}

	public function testPublishingAnItemAtAnotherItemsOldAddressSaysTheRedirectsChanged(): void {
		$renamed = $this->createPost( 'news', array( 'post_name' => 'ph-sw-claim' ) );
		wp_update_post(
			array(
				'ID'        => $renamed,
				'post_name' => 'ph-sw-claim-moved',
			)
		);
		$other = $this->createPost(
			'news',
			array(
				'post_status' => 'draft',
				'post_name'   => 'ph-sw-claim',
			)
		);
		$this->startRequest();
		wp_update_post(
			array(
				'ID'          => $other,
				'post_status' => 'publish',
			)
		);
		$this->endRequest();
		$this->assertTrue( $this->onePayload()['redirects'] );
	}

	public function testChangesThatTouchNoOldSlugSendNoRedirectsFlag(): void {
		$id = $this->createPost( 'news', array( 'post_name' => 'ph-sw-plain' ) );
		$this->startRequest();
		wp_update_post(
			array(
				'ID'         => $id,
				'post_title' => 'Changed',
			)
		);
		wp_trash_post( $id );
		$this->endRequest();
		$this->assertFalse( $this->onePayload()['redirects'] );
	}

	/* ---------------------------------------------------------------- Redirection */

	public function testCreatingUpdatingAndDeletingARuleSaysTheRedirectsChanged(): void {
		$this->skipWithoutRedirection();
		$this->startRequest();
		$id = $this->createRule(
			array(
				'url'         => '/ph-sw-rule',
				'action_data' => array( 'url' => '/a' ),
			)
		);
		$this->endRequest();
		$this->assertPayload(
			array(
				'event'     => 'redirection',
				'items'     => array(),
				'scope'     => 'items',
				'redirects' => true,
			),
			$this->onePayload()
		);

		$this->startRequest();
		$this->rest(
			'POST',
			'/redirection/v1/redirect/' . $id,
			array(
				'url'         => '/ph-sw-rule',
				'match_type'  => 'url',
				'action_type' => 'url',
				'action_code' => 302,
				'action_data' => array( 'url' => '/b' ),
				'group_id'    => 1,
			)
		);
		$this->endRequest();
		$this->assertTrue( $this->onePayload()['redirects'], 'update' );

		$this->startRequest();
		$this->bulk( 'redirect', 'delete', array( 'items' => array( $id ) ) );
		$this->endRequest();
		$this->assertTrue( $this->onePayload()['redirects'], 'delete' );
	}

	public function testEnablingAndDisablingARuleSaysTheRedirectsChanged(): void {
		$this->skipWithoutRedirection();
		$id = $this->createRule(
			array(
				'url'         => '/ph-sw-toggle',
				'action_data' => array( 'url' => '/a' ),
			)
		);
		foreach ( array( 'disable', 'enable' ) as $action ) {
			$this->startRequest();
			$this->bulk( 'redirect', $action, array( 'items' => array( $id ) ) );
			$this->endRequest();
			$this->assertTrue( $this->onePayload()['redirects'], $action );
		}
	}

	public function testBulkChangesThatFireNoHookAreCaught(): void {
		$this->skipWithoutRedirection();
		$this->createRule(
			array(
				'url'         => '/ph-sw-global',
				'action_data' => array( 'url' => '/a' ),
			)
		);
		// "Select all" then Disable: one UPDATE, no redirection_redirect_* hook.
		$this->startRequest();
		$this->bulk(
			'redirect',
			'disable',
			array(
				'global'   => true,
				'filterBy' => array( 'url' => 'ph-sw-global' ),
			)
		);
		$this->endRequest();
		$this->assertTrue( $this->onePayload()['redirects'], 'global disable' );
	}

	public function testGroupChangesSayTheRedirectsChanged(): void {
		$this->skipWithoutRedirection();
		$this->startRequest();
		$group = $this->createGroup( 'PH webhook group' );
		$this->endRequest();
		$this->assertTrue( $this->onePayload()['redirects'], 'create' );
		$this->createRule(
			array(
				'url'         => '/ph-sw-group',
				'action_data' => array( 'url' => '/a' ),
				'group_id'    => $group,
			)
		);
		foreach ( array( 'disable', 'enable', 'delete' ) as $action ) {
			$this->startRequest();
			$this->bulk( 'group', $action, array( 'items' => array( $group ) ) );
			$this->endRequest();
			$this->assertTrue( $this->onePayload()['redirects'], $action );
		}
	}

	public function testAHitOnARuleSendsNothing(): void {
		$this->skipWithoutRedirection();
		global $wpdb;
		$id = $this->createRule(
			array(
				'url'         => '/ph-sw-hit',
				'action_data' => array( 'url' => '/a' ),
			)
		);
		$this->startRequest();
		// What Red_Item::visit() and reset() run.
		$wpdb->query(
			$wpdb->prepare(
				"UPDATE {$wpdb->prefix}redirection_items SET last_count=last_count+1, last_access=NOW() WHERE id=%d",
				$id
			)
		);
		$wpdb->update(
			$wpdb->prefix . 'redirection_items',
			array(
				'last_count'  => 0,
				'last_access' => '1970-01-01 00:00:00',
			),
			array( 'id' => $id )
		);
		$this->endRequest();
		$this->assertSame( array(), $this->requests );
	}

	public function testRedirectionsDefaultFlagsSayTheRedirectsChanged(): void {
		$this->skipWithoutRedirection();
		$this->keepOption( 'redirection_options' );
		$options = red_get_options();
		$this->startRequest();
		red_set_options( array( 'flag_case' => ! $options['flag_case'] ) );
		$this->endRequest();
		$this->assertTrue( $this->onePayload()['redirects'] );
	}

	/* ---------------------------------------------------------------- site settings */

	/**
	 * @return array<string, array{string, mixed}>
	 */
	public static function siteSettings(): array {
		return array(
			'site title'        => array( 'blogname', 'PH webhook title' ),
			'tagline'           => array( 'blogdescription', 'PH webhook tagline' ),
			'site icon'         => array( 'site_icon', 987654 ),
			'Yoast titles'      => array(
				'wpseo_titles',
				array(
					'separator'    => 'sc-pipe',
					'company_name' => 'PH test',
				),
			),
			'Yoast social'      => array( 'wpseo_social', array( 'opengraph' => false ) ),
			'Rank Math general' => array( 'rank-math-options-general', array( 'headless_support' => 'on' ) ),
			'Rank Math titles'  => array( 'rank-math-options-titles', array( 'title_separator' => '|' ) ),
		);
	}

	/**
	 * @dataProvider siteSettings
	 */
	public function testASiteSettingRegeneratesEveryPage( string $option, mixed $value ): void {
		$this->keepOption( $option );
		$this->startRequest();
		update_option( $option, $value );
		$this->endRequest();
		$this->assertPayload(
			array(
				'event'     => 'site_settings',
				'items'     => array(),
				'scope'     => 'all',
				'redirects' => false,
			),
			$this->onePayload()
		);
	}

	public function testYoastsOwnBookkeepingInWpseoSendsNothing(): void {
		$this->keepOption( 'wpseo' );
		update_option(
			'wpseo',
			array(
				'version'                       => '21.0',
				'indexables_indexing_completed' => false,
				'disableadvanced_meta'          => true,
			)
		);
		$this->startRequest();
		update_option(
			'wpseo',
			array(
				'version'                       => '21.0',
				'indexables_indexing_completed' => true,
				'disableadvanced_meta'          => true,
			)
		);
		$this->endRequest();
		$this->assertSame( array(), $this->requests, 'indexing state' );
		update_option(
			'wpseo',
			array(
				'version'                       => '21.0',
				'indexables_indexing_completed' => true,
				'disableadvanced_meta'          => false,
			)
		);
		$this->endRequest();
		$this->assertPayload(
			array(
				'event'     => 'site_settings',
				'items'     => array(),
				'scope'     => 'all',
				'redirects' => false,
			),
			$this->onePayload()
		);
	}

	/* ---------------------------------------------------------------- an item's SEO values */

	public function testAYoastTitleChangeRegeneratesTheItem(): void {
		$id = $this->createPost( 'news', array( 'post_name' => 'ph-sw-yoast' ) );
		$this->startRequest();
		update_post_meta( $id, '_yoast_wpseo_title', 'A better title %%sep%% %%sitename%%' );
		$this->endRequest();
		$this->assertPayload(
			array(
				'event'     => 'seo_update',
				'items'     => array(
					array(
						'rest_base' => 'news',
						'slug'      => 'ph-sw-yoast',
					),
				),
				'scope'     => 'items',
				'redirects' => false,
			),
			$this->onePayload()
		);
	}

	public function testARankMathValueRegeneratesTheItemButScoresDoNot(): void {
		$id = $this->createPost( 'fp_page', array( 'post_name' => 'ph-sw-rankmath' ) );
		$this->startRequest();
		update_post_meta( $id, '_yoast_wpseo_linkdex', '78' );
		update_post_meta( $id, 'rank_math_seo_score', '80' );
		$this->endRequest();
		$this->assertSame( array(), $this->requests, 'scores' );
		update_post_meta( $id, 'rank_math_robots', array( 'noindex' ) );
		$this->endRequest();
		$this->assertSame(
			array(
				array(
					'rest_base' => 'fp_page',
					'slug'      => 'ph-sw-rankmath',
					'section'   => 'pages',
				),
			),
			$this->onePayload()['items']
		);
	}

	public function testSeoValuesOfADraftSendNothing(): void {
		$id = $this->createPost( 'news', array( 'post_status' => 'draft' ) );
		$this->startRequest();
		update_post_meta( $id, '_yoast_wpseo_metadesc', 'Draft description' );
		$this->endRequest();
		$this->assertSame( array(), $this->requests );
	}
}
