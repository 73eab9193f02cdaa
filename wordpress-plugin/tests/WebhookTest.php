<?php

/**
 * The revalidation webhook: which WordPress events call the site, with which payload, once.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Tests;

use PaymentsHeadless\ContentModel;
use PaymentsHeadless\Fields;
use PaymentsHeadless\Outbox;
use PaymentsHeadless\Webhook;
use PaymentsHeadless\WebhookLog;

final class WebhookTest extends WebhookTestCase {

	public function testPublishingADraftSendsItsAddressOnce(): void {
		$id = $this->createPost(
			'news',
			array(
				'post_status' => 'draft',
				'post_name'   => 'ph-hook-publish',
			)
		);
		Webhook::reset();
		wp_update_post(
			array(
				'ID'          => $id,
				'post_status' => 'publish',
			)
		);
		$this->endRequest();
		$payload = $this->onePayload();
		$this->assertSame( 'publish', $payload['event'] );
		$this->assertSame(
			array(
				array(
					'rest_base' => 'news',
					'slug'      => 'ph-hook-publish',
				),
			),
			$payload['items']
		);
		$this->assertSame( 'items', $payload['scope'] );
	}

	public function testTheRequestGoesToTheSiteWithTheSecretInAHeaderOnly(): void {
		$id = $this->createPost( 'whitepapers', array( 'post_name' => 'ph-hook-request' ) );
		Webhook::reset();
		wp_update_post(
			array(
				'ID'         => $id,
				'post_title' => 'Changed',
			)
		);
		$this->endRequest();
		$this->assertCount( 1, $this->requests );
		$request = $this->requests[0];
		$this->assertSame( self::SITE . '/api/revalidate', $request['url'] );
		$this->assertSame( 'POST', $request['args']['method'] );
		$this->assertSame( Webhook::TIMEOUT, $request['args']['timeout'] );
		$this->assertSame( 5, Webhook::TIMEOUT );
		$this->assertSame( self::SECRET, $request['args']['headers']['x-revalidate-secret'] );
		$this->assertSame( 'application/json', $request['args']['headers']['Content-Type'] );
		$this->assertStringNotContainsString( self::SECRET, $request['url'] );
		$this->assertStringNotContainsString( self::SECRET, (string) $request['args']['body'] );
		$this->assertStringNotContainsString( self::SECRET, (string) wp_json_encode( WebhookLog::entries() ) );
		$this->assertPayload(
			array(
				'event'     => 'update',
				'items'     => array(
					array(
						'rest_base' => 'whitepapers',
						'slug'      => 'ph-hook-request',
					),
				),
				'scope'     => 'items',
				'redirects' => false,
			),
			$this->payloads()[0]
		);
	}

	public function testUpdatingAPublishedItemWithFieldsAndMetaIsOneCall(): void {
		$id = $this->createPost( 'case-studies', array( 'post_name' => 'ph-hook-once' ) );
		Webhook::reset();
		wp_update_post(
			array(
				'ID'         => $id,
				'post_title' => 'First save',
			)
		);
		Fields::write( $id, 'case-studies', array( 'client' => 'Acme' ) );
		wp_update_post(
			array(
				'ID'         => $id,
				'post_title' => 'Second save (meta boxes)',
			)
		);
		update_post_meta( $id, '_thumbnail_id', 123456 );
		$this->endRequest();
		$payload = $this->onePayload();
		$this->assertSame(
			array(
				array(
					'rest_base' => 'case-studies',
					'slug'      => 'ph-hook-once',
				),
			),
			$payload['items']
		);
		$this->assertSame( 'update,field_update,featured_image', $payload['event'] );
		// The notes are gone once sent: the next request starts empty.
		$this->endRequest();
		$this->assertCount( 1, $this->requests );
	}

	public function testTheSectionIsReadAtTheEndFromTheFinalState(): void {
		$id = $this->createPost(
			'fp_page',
			array(
				'post_status' => 'draft',
				'post_name'   => 'ph-hook-section',
			)
		);
		Webhook::reset();
		wp_update_post(
			array(
				'ID'          => $id,
				'post_status' => 'publish',
			)
		);
		// Meta saved after the status change (as the meta boxes do) must be in the payload.
		Fields::write( $id, 'fp_page', array( 'section' => 'resources' ) );
		$this->endRequest();
		$this->assertSame(
			array(
				array(
					'rest_base' => 'fp_page',
					'slug'      => 'ph-hook-section',
					'section'   => 'resources',
				),
			),
			$this->onePayload()['items']
		);
	}

	public function testAFramePageWithoutASectionIsSentInTheDefaultSection(): void {
		$id = $this->createPost(
			'fp_page',
			array(
				'post_status' => 'draft',
				'post_name'   => 'ph-hook-no-section',
			)
		);
		Webhook::reset();
		wp_update_post(
			array(
				'ID'          => $id,
				'post_status' => 'publish',
			)
		);
		$this->endRequest();
		$this->assertSame(
			array(
				array(
					'rest_base' => 'fp_page',
					'slug'      => 'ph-hook-no-section',
					'section'   => 'pages',
				),
			),
			$this->onePayload()['items']
		);
	}

	public function testASectionChangeSendsTheOldAndTheNewAddress(): void {
		$id = $this->createPost( 'fp_page', array( 'post_name' => 'ph-hook-move' ), array( 'section' => 'pages' ) );
		Webhook::reset();
		Fields::write( $id, 'fp_page', array( 'section' => 'industries' ) );
		$this->endRequest();
		$items = $this->onePayload()['items'];
		$this->assertContains(
			array(
				'rest_base' => 'fp_page',
				'slug'      => 'ph-hook-move',
				'section'   => 'pages',
			),
			$items
		);
		$this->assertContains(
			array(
				'rest_base' => 'fp_page',
				'slug'      => 'ph-hook-move',
				'section'   => 'industries',
			),
			$items
		);
		$this->assertCount( 2, $items );
	}

	public function testEditingADraftSendsNothing(): void {
		$id = $this->createPost( 'news', array( 'post_status' => 'draft' ) );
		Webhook::reset();
		wp_update_post(
			array(
				'ID'         => $id,
				'post_title' => 'Still a draft',
			)
		);
		update_post_meta( $id, '_thumbnail_id', 123456 );
		$this->endRequest();
		$this->assertSame( array(), $this->requests );
	}

	public function testAutoDraftsRevisionsAndAutosavesSendNothing(): void {
		$this->loginAs( 'administrator' );
		$auto = $this->createPost(
			'news',
			array(
				'post_status' => 'auto-draft',
				'post_title'  => 'Auto Draft',
			)
		);
		$id   = $this->createPost( 'news', array( 'post_name' => 'ph-hook-revision' ) );
		Webhook::reset();
		wp_update_post(
			array(
				'ID'           => $auto,
				'post_content' => 'typing',
			)
		);
		$revision = _wp_put_post_revision( get_post( $id ), true );
		$this->assertIsInt( $revision );
		$this->trackPost( $revision );
		$this->endRequest();
		$this->assertSame( array(), $this->requests );
	}

	public function testUnpublishingSendsTheOldAddress(): void {
		foreach ( array( 'draft', 'pending', 'private' ) as $status ) {
			$id = $this->createPost( 'events', array( 'post_name' => 'ph-hook-unpublish-' . $status ) );
			Webhook::reset();
			$this->requests = array();
			wp_update_post(
				array(
					'ID'          => $id,
					'post_status' => $status,
				)
			);
			$this->endRequest();
			$this->assertSame( $status, get_post_status( $id ) );
			$this->assertCount( 1, $this->requests, $status );
			$payload = $this->onePayload();
			$this->assertSame( 'unpublish', $payload['event'], $status );
			$this->assertSame(
				array(
					array(
						'rest_base' => 'events',
						'slug'      => 'ph-hook-unpublish-' . $status,
					),
				),
				$payload['items']
			);
		}
	}

	public function testTrashingSendsTheSlugBeforeTrashing(): void {
		$id = $this->createPost( 'press-releases', array( 'post_name' => 'ph-hook-trash' ) );
		Webhook::reset();
		wp_trash_post( $id );
		$this->assertStringEndsWith( '__trashed', $this->slug( $id ), 'WordPress renamed the slug' );
		$this->endRequest();
		$payload = $this->onePayload();
		$this->assertSame( 'trash', $payload['event'] );
		$this->assertSame(
			array(
				array(
					'rest_base' => 'press-releases',
					'slug'      => 'ph-hook-trash',
				),
			),
			$payload['items']
		);
	}

	public function testRestoringToPublishedSendsTheAddressAndToDraftSendsNothing(): void {
		$id = $this->createPost( 'insights', array( 'post_name' => 'ph-hook-restore' ) );
		wp_trash_post( $id );
		Webhook::reset();
		// WordPress 5.6+ restores to draft: nothing visible changes.
		wp_untrash_post( $id );
		$this->endRequest();
		$this->assertSame( array(), $this->requests );

		wp_update_post(
			array(
				'ID'          => $id,
				'post_status' => 'publish',
			)
		);
		wp_trash_post( $id );
		Webhook::reset();
		$this->filter( 'wp_untrash_post_status', static fn (): string => 'publish' );
		wp_untrash_post( $id );
		$this->endRequest();
		$payload = $this->onePayload();
		$this->assertSame( 'restore', $payload['event'] );
		$this->assertSame(
			array(
				array(
					'rest_base' => 'insights',
					'slug'      => 'ph-hook-restore',
				),
			),
			$payload['items']
		);
	}

	public function testDeletingAPublishedItemSendsItsAddressAndATrashedOneNothing(): void {
		$id = $this->createPost( 'virtual', array( 'post_name' => 'ph-hook-delete' ) );
		update_post_meta( $id, '_thumbnail_id', 123456 );
		Webhook::reset();
		wp_delete_post( $id, true );
		$this->endRequest();
		$payload = $this->onePayload();
		$this->assertSame( 'delete', $payload['event'] );
		$this->assertSame(
			array(
				array(
					'rest_base' => 'virtual',
					'slug'      => 'ph-hook-delete',
				),
			),
			$payload['items']
		);

		$trashed = $this->createPost( 'virtual', array( 'post_name' => 'ph-hook-delete-trashed' ) );
		wp_trash_post( $trashed );
		Webhook::reset();
		wp_delete_post( $trashed, true );
		$this->endRequest();
		$this->assertCount( 1, $this->requests, 'no second call' );
	}

	public function testASlugChangeSendsTheOldAndTheNewSlug(): void {
		$id = $this->createPost( 'posts', array( 'post_name' => 'ph-hook-old-slug' ) );
		Webhook::reset();
		wp_update_post(
			array(
				'ID'        => $id,
				'post_name' => 'ph-hook-new-slug',
			)
		);
		$this->endRequest();
		$payload = $this->onePayload();
		$this->assertSame( 'update,slug_change', $payload['event'] );
		$this->assertEqualsCanonicalizing(
			array(
				array(
					'rest_base' => 'posts',
					'slug'      => 'ph-hook-old-slug',
				),
				array(
					'rest_base' => 'posts',
					'slug'      => 'ph-hook-new-slug',
				),
			),
			$payload['items']
		);
	}

	public function testAScheduledItemGoingLiveThroughCronIsSent(): void {
		$id = $this->createPost(
			'news',
			array(
				'post_status' => 'future',
				'post_name'   => 'ph-hook-scheduled',
				'post_date'   => gmdate( 'Y-m-d H:i:s', time() + HOUR_IN_SECONDS ),
			)
		);
		$this->assertSame( 'future', get_post_status( $id ) );
		// Make it due, then run what WP-cron runs for it.
		global $wpdb;
		$past = gmdate( 'Y-m-d H:i:s', time() - 60 );
		$wpdb->update(
			$wpdb->posts,
			array(
				'post_date'     => $past,
				'post_date_gmt' => $past,
			),
			array( 'ID' => $id )
		);
		clean_post_cache( $id );
		Webhook::reset();
		do_action( 'publish_future_post', $id );
		$this->assertSame( 'publish', get_post_status( $id ) );
		$this->endRequest();
		$payload = $this->onePayload();
		$this->assertSame( 'cron_publish', $payload['event'] );
		$this->assertSame(
			array(
				array(
					'rest_base' => 'news',
					'slug'      => 'ph-hook-scheduled',
				),
			),
			$payload['items']
		);
	}

	public function testAFeaturedImageChangeOfAPublishedItemIsSent(): void {
		$id = $this->createPost( 'news', array( 'post_name' => 'ph-hook-thumb' ) );
		Webhook::reset();
		update_post_meta( $id, '_thumbnail_id', 123456 );
		$this->endRequest();
		$this->assertSame( 'featured_image', $this->onePayload()['event'] );
		Webhook::reset();
		delete_post_meta( $id, '_thumbnail_id' );
		$this->endRequest();
		$this->assertCount( 2, $this->requests );
		$this->assertSame(
			array(
				array(
					'rest_base' => 'news',
					'slug'      => 'ph-hook-thumb',
				),
			),
			$this->payloads()[1]['items']
		);
	}

	public function testUnrelatedMetaSuchAsTheEditLockSendsNothing(): void {
		$id = $this->createPost( 'news' );
		Webhook::reset();
		update_post_meta( $id, '_edit_lock', time() . ':1' );
		update_post_meta( $id, 'some_other_plugin_key', 'x' );
		$this->endRequest();
		$this->assertSame( array(), $this->requests );
	}

	public function testAStickyChangeSendsThePostsThatChanged(): void {
		$id    = $this->createPost( 'posts', array( 'post_name' => 'ph-hook-sticky' ) );
		$draft = $this->createPost( 'posts', array( 'post_status' => 'draft' ) );
		Webhook::reset();
		stick_post( $id );
		stick_post( $draft );
		$this->endRequest();
		$payload = $this->onePayload();
		$this->assertSame( 'sticky', $payload['event'] );
		$this->assertSame(
			array(
				array(
					'rest_base' => 'posts',
					'slug'      => 'ph-hook-sticky',
				),
			),
			$payload['items']
		);
		Webhook::reset();
		unstick_post( $id );
		$this->endRequest();
		$this->assertCount( 2, $this->requests );
	}

	public function testAMenuSaveSendsMenuTrue(): void {
		$menuId = $this->createMenu( 'PH hook menu' );
		Webhook::reset();
		$this->addMenuItem(
			$menuId,
			array(
				'title' => 'Renamed',
				'url'   => 'https://example.test/',
				'type'  => 'custom',
			)
		);
		wp_update_nav_menu_object( $menuId, array( 'menu-name' => 'PH hook menu renamed ' . wp_generate_password( 4, false ) ) );
		$this->endRequest();
		$payload = $this->onePayload();
		$this->assertSame( 'menu_save', $payload['event'] );
		$this->assertSame( array(), $payload['items'] );
		$this->assertSame( 'all', $payload['scope'] );
	}

	public function testUnpublishingOrMovingAnItemTheMenuLinksToAlsoSendsMenuTrue(): void {
		$linked   = $this->createPost( 'news', array( 'post_name' => 'ph-hook-in-menu' ) );
		$unlinked = $this->createPost( 'news', array( 'post_name' => 'ph-hook-not-in-menu' ) );
		$menuId   = $this->createMenu( 'PH hook links' );
		$this->addMenuItem(
			$menuId,
			array(
				'type'      => 'post_type',
				'object'    => ContentModel::postTypeFor( 'news' ),
				'object-id' => $linked,
				'title'     => 'Linked',
			)
		);
		Webhook::reset();
		wp_update_post(
			array(
				'ID'          => $unlinked,
				'post_status' => 'draft',
			)
		);
		wp_update_post(
			array(
				'ID'         => $linked,
				'post_title' => 'Title only',
			)
		);
		$this->endRequest();
		$this->assertSame( 'items', $this->onePayload()['scope'], 'an unlinked unpublish or a linked title edit leaves the menu' );

		wp_update_post(
			array(
				'ID'        => $linked,
				'post_name' => 'ph-hook-in-menu-moved',
			)
		);
		$this->endRequest();
		$this->assertSame( 'all', $this->payloads()[1]['scope'], 'the menu links to the old slug' );
		wp_update_post(
			array(
				'ID'          => $linked,
				'post_status' => 'draft',
			)
		);
		$this->endRequest();
		$this->assertSame( 'all', $this->payloads()[2]['scope'], 'the navigation leaves out unpublished items' );
	}

	public function testDeletingAMenuAndChangingTheNavigationSettingSendMenuTrue(): void {
		$menuId = $this->createMenu( 'PH hook deleted' );
		Webhook::reset();
		wp_delete_nav_menu( $menuId );
		$this->endRequest();
		$this->assertSame( 'all', $this->onePayload()['scope'] );
		$this->assertStringContainsString( 'menu_delete', $this->payloads()[0]['event'] );

		$this->keepOption( 'payments_headless_navigation_menus' );
		Webhook::reset();
		update_option( 'payments_headless_navigation_menus', array( '3' => 999999 ) );
		$this->endRequest();
		$this->assertCount( 2, $this->requests );
		$this->assertPayload(
			array(
				'event'     => 'navigation_setting',
				'items'     => array(),
				'scope'     => 'all',
				'redirects' => false,
			),
			$this->payloads()[1]
		);
	}

	public function testAFrameChangeSendsThePublishedPagesThatUseIt(): void {
		$frame = $this->createPost(
			'frame',
			array(),
			array(
				'frame_type' => 'hero',
				'heading'    => 'Hello',
			)
		);
		$other = $this->createPost( 'frame', array(), array( 'frame_type' => 'hero' ) );
		$this->createPost(
			'fp_page',
			array( 'post_name' => 'ph-hook-uses-frame' ),
			array(
				'frames'  => array( $other, $frame ),
				'section' => 'pages',
			)
		);
		$this->createPost(
			'fp_page',
			array(
				'post_status' => 'draft',
				'post_name'   => 'ph-hook-draft-page',
			),
			array( 'frames' => array( $frame ) )
		);
		$this->createPost( 'fp_page', array( 'post_name' => 'ph-hook-other-frame' ), array( 'frames' => array( $other ) ) );
		Webhook::reset();
		Fields::write( $frame, 'frame', array( 'heading' => 'Changed' ) );
		$this->endRequest();
		$payload = $this->onePayload();
		$this->assertSame( 'field_update', $payload['event'] );
		$this->assertSame(
			array(
				array(
					'rest_base' => 'fp_page',
					'slug'      => 'ph-hook-uses-frame',
					'section'   => 'pages',
				),
			),
			$payload['items']
		);
	}

	public function testTheQueriesOfAFrameChangeDoNotGrowWithThePagesThatUseIt(): void {
		$count = function ( int $pages ): int {
			$frame = $this->createPost( 'frame', array(), array( 'frame_type' => 'hero' ) );
			$ids   = array();
			for ( $i = 0; $i < $pages; $i++ ) {
				$ids[] = $this->createPost( 'fp_page', array(), array( 'frames' => array( $frame ) ) );
			}
			Webhook::reset();
			Fields::write( $frame, 'frame', array( 'heading' => 'Changed' ) );
			// As in a request of its own: the pages are not in the object cache.
			array_map( 'clean_post_cache', $ids );
			global $wpdb;
			$before = $wpdb->num_queries;
			$this->endRequest();
			$queries = $wpdb->num_queries - $before;
			$this->assertCount( $pages, $this->payloads()[ count( $this->requests ) - 1 ]['items'] );
			return $queries;
		};
		// A first delivery also creates the log option: measured after one.
		$count( 1 );
		$this->assertSame( $count( 2 ), $count( 6 ), 'the pages and their fields are read in batches, not one by one' );
	}

	public function testADraftFrameChangeSendsNothingAndTrashingAPublishedFrameSendsItsPages(): void {
		$draft = $this->createPost( 'frame', array( 'post_status' => 'draft' ), array( 'frame_type' => 'hero' ) );
		$frame = $this->createPost( 'frame', array(), array( 'frame_type' => 'hero' ) );
		$this->createPost( 'fp_page', array( 'post_name' => 'ph-hook-frames' ), array( 'frames' => array( $draft, $frame ) ) );
		Webhook::reset();
		Fields::write( $draft, 'frame', array( 'heading' => 'Draft edit' ) );
		wp_update_post(
			array(
				'ID'         => $draft,
				'post_title' => 'Draft edit',
			)
		);
		$this->endRequest();
		$this->assertSame( array(), $this->requests );
		wp_trash_post( $frame );
		$this->endRequest();
		$this->assertSame(
			array(
				array(
					'rest_base' => 'fp_page',
					'slug'      => 'ph-hook-frames',
					'section'   => 'pages',
				),
			),
			$this->onePayload()['items']
		);
	}

	public function testAFrameTypeChangeSendsThePagesOfItsFrames(): void {
		$type      = $this->createPost( 'frame_type', array( 'post_name' => 'ph-hook-type' ) );
		$frame     = $this->createPost( 'frame', array(), array( 'frame_type' => 'ph-hook-type' ) );
		$unrelated = $this->createPost( 'frame', array(), array( 'frame_type' => 'another-type' ) );
		$this->createPost(
			'fp_page',
			array( 'post_name' => 'ph-hook-typed' ),
			array(
				'frames'  => array( $frame ),
				'section' => 'industries',
			)
		);
		$this->createPost( 'fp_page', array( 'post_name' => 'ph-hook-untyped' ), array( 'frames' => array( $unrelated ) ) );
		Webhook::reset();
		update_post_meta( $type, 'fields_mapping', '[]' );
		$this->endRequest();
		$payload = $this->onePayload();
		$this->assertSame(
			array(
				array(
					'rest_base' => 'fp_page',
					'slug'      => 'ph-hook-typed',
					'section'   => 'industries',
				),
			),
			$payload['items']
		);
	}

	public function testAlertsAndOtherPostTypesSendNothing(): void {
		$alert = $this->createPost(
			'alert',
			array(),
			array(
				'alert_type' => 'Top bar',
				'enable'     => '1',
			)
		);
		$page  = wp_insert_post(
			array(
				'post_type'   => 'page',
				'post_status' => 'publish',
				'post_title'  => 'Core page',
			)
		);
		$this->assertIsInt( $page );
		$this->trackPost( $page );
		Webhook::reset();
		wp_update_post(
			array(
				'ID'         => $alert,
				'post_title' => 'Alert changed',
			)
		);
		Fields::write( $alert, 'alert', array( 'enable' => '0' ) );
		wp_update_post(
			array(
				'ID'         => $page,
				'post_title' => 'Core page changed',
			)
		);
		$this->endRequest();
		$this->assertSame( array(), $this->requests );
	}

	public function testManyChangesInOneRequestAreOneDeduplicatedCall(): void {
		$ids = array();
		for ( $i = 0; $i < 3; $i++ ) {
			$ids[] = $this->createPost( 'news', array( 'post_name' => 'ph-hook-many-' . $i ) );
		}
		$menuId = $this->createMenu( 'PH hook many' );
		Webhook::reset();
		foreach ( $ids as $id ) {
			wp_update_post(
				array(
					'ID'         => $id,
					'post_title' => 'A',
				)
			);
			wp_update_post(
				array(
					'ID'         => $id,
					'post_title' => 'B',
				)
			);
		}
		wp_update_nav_menu_object( $menuId, array( 'menu-name' => 'PH hook many ' . wp_generate_password( 4, false ) ) );
		$this->endRequest();
		$payload = $this->onePayload();
		$this->assertCount( 3, $payload['items'] );
		$this->assertSame( 'all', $payload['scope'] );
		$this->assertSame( 'update,menu_save', $payload['event'] );
		$this->assertMatchesRegularExpression( '/^[a-z0-9_ ,:-]{1,100}$/', $payload['event'] );
	}

	public function testMoreThanAHundredItemsAreCappedAndRegenerateEverythingThroughScopeAll(): void {
		$frame = $this->createPost( 'frame', array(), array( 'frame_type' => 'hero' ) );
		// 101 pages using one frame. The numbers are the site's (it refuses more than 100 items), not
		// Webhook::MAX_ITEMS, so that a change of the constant fails here.
		for ( $i = 0; $i < 101; $i++ ) {
			$this->createPost( 'fp_page', array( 'post_name' => 'ph-hook-cap-' . $i ), array( 'frames' => array( $frame ) ) );
		}
		Webhook::reset();
		Fields::write( $frame, 'frame', array( 'heading' => 'Everywhere' ) );
		$this->endRequest();
		$payload = $this->onePayload();
		$this->assertCount( 100, $payload['items'] );
		$this->assertSame( 'all', $payload['scope'] );
	}

	public function testNothingIsSentWithoutAnyChange(): void {
		$this->endRequest();
		$this->assertSame( array(), $this->requests );
		$this->assertSame( array(), WebhookLog::entries() );
	}

	public function testEveryDeliveryIsLogged(): void {
		$id = $this->createPost( 'news', array( 'post_name' => 'ph-hook-log' ) );
		Webhook::reset();
		$this->answer = array(
			'response' => array(
				'code'    => 202,
				'message' => 'Accepted',
			),
			'body'     => '{}',
		);
		wp_update_post(
			array(
				'ID'         => $id,
				'post_title' => 'Logged',
			)
		);
		$this->endRequest();
		$entries = WebhookLog::entries();
		$this->assertCount( 1, $entries );
		$this->assertSame( 'update', $entries[0]['event'] );
		$this->assertSame(
			array(
				array(
					'rest_base' => 'news',
					'slug'      => 'ph-hook-log',
				),
			),
			$entries[0]['items']
		);
		$this->assertSame( 202, $entries[0]['status'] );
		$this->assertTrue( $entries[0]['ok'] );
		$this->assertNull( $entries[0]['error'] );
		$this->assertSame( 1, $entries[0]['attempt'] );
		$this->assertSame( array(), WebhookLog::unseenFailures() );
	}

	public function testTheLogKeepsTheLastTwentyAndIsNotAutoloaded(): void {
		for ( $i = 0; $i < WebhookLog::ENTRIES + 5; $i++ ) {
			WebhookLog::add(
				array(
					'time'  => time(),
					'event' => 'test' . $i,
					'items' => array(),
					'menu'  => false,
					'ok'    => true,
				)
			);
		}
		$entries = WebhookLog::entries();
		$this->assertCount( WebhookLog::ENTRIES, $entries );
		$this->assertSame( 'test' . ( WebhookLog::ENTRIES + 4 ), $entries[0]['event'], 'newest first' );
		global $wpdb;
		$autoload = $wpdb->get_var( $wpdb->prepare( "SELECT autoload FROM {$wpdb->options} WHERE option_name = %s", WebhookLog::OPTION ) );
		$this->assertSame( 'no', $autoload );
	}

	public function testWithoutConfigurationNothingIsSentButTheLogSaysSo(): void {
		$this->filter( 'payments_headless_site_url', static fn (): string => '' );
		$id = $this->createPost( 'news' );
		Webhook::reset();
		wp_update_post(
			array(
				'ID'         => $id,
				'post_title' => 'Unconfigured',
			)
		);
		$this->endRequest();
		$this->assertSame( array(), $this->requests );
		$entry = WebhookLog::entries()[0];
		$this->assertFalse( $entry['ok'] );
		$this->assertStringContainsString( 'HEADLESS_SITE_URL', (string) $entry['error'] );
		$this->assertSame( 0, Outbox::count(), 'nothing is kept: it could never be sent' );
		$this->assertFalse( wp_next_scheduled( Outbox::CRON_HOOK ), 'no retry of a missing configuration' );
	}

	public function testABlockEditorSaveWaitsForItsMetaBoxRequestAndBothAreOneCall(): void {
		$userId = $this->loginAs( 'administrator' );
		$this->keepOption( Webhook::DEFERRED_OPTION . $userId );
		$id = $this->createPost( 'fp_page', array( 'post_name' => 'ph-hook-editor' ), array( 'section' => 'pages' ) );
		Webhook::reset();
		// 1. The block editor's REST save (cookie-authenticated, meta boxes on its screen).
		$this->filter( 'payments_headless_defer_for_meta_boxes', static fn (): bool => true );
		wp_update_post(
			array(
				'ID'         => $id,
				'post_title' => 'Saved by REST',
			)
		);
		$this->endRequest();
		$this->assertSame( array(), $this->requests, 'the REST save waits' );
		$this->assertIsArray( get_option( Webhook::DEFERRED_OPTION . $userId ) );
		$this->assertNotFalse( wp_next_scheduled( Webhook::DEFERRED_HOOK, array( $userId ) ), 'a fallback is scheduled' );
		remove_all_filters( 'payments_headless_defer_for_meta_boxes' );

		// 2. The meta-box request (post.php?meta-box-loader=1) saves the section, then sends once.
		$_GET['meta-box-loader']   = '1';
		$GLOBALS['pagenow']        = 'post.php';
		$GLOBALS['current_screen'] = \WP_Screen::get( 'post' );
		try {
			wp_update_post(
				array(
					'ID'         => $id,
					'post_title' => 'Saved by the meta boxes',
				)
			);
			Fields::write( $id, 'fp_page', array( 'section' => 'solutions' ) );
			$this->endRequest();
		} finally {
			unset( $_GET['meta-box-loader'], $GLOBALS['current_screen'] );
			$GLOBALS['pagenow'] = 'index.php';
		}
		$payload = $this->onePayload();
		$this->assertEqualsCanonicalizing(
			array(
				array(
					'rest_base' => 'fp_page',
					'slug'      => 'ph-hook-editor',
					'section'   => 'pages',
				),
				array(
					'rest_base' => 'fp_page',
					'slug'      => 'ph-hook-editor',
					'section'   => 'solutions',
				),
			),
			$payload['items']
		);
		$this->assertFalse( get_option( Webhook::DEFERRED_OPTION . $userId, false ), 'the deferral was taken' );
		$this->assertFalse( wp_next_scheduled( Webhook::DEFERRED_HOOK, array( $userId ) ), 'the fallback is cancelled' );
	}

	public function testADeferredSaveWhoseMetaBoxRequestNeverComesIsSentByTheFallback(): void {
		$userId = $this->loginAs( 'administrator' );
		$this->keepOption( Webhook::DEFERRED_OPTION . $userId );
		$id = $this->createPost( 'whitepapers', array( 'post_name' => 'ph-hook-fallback' ) );
		Webhook::reset();
		$this->filter( 'payments_headless_defer_for_meta_boxes', static fn (): bool => true );
		wp_update_post(
			array(
				'ID'         => $id,
				'post_title' => 'No meta-box request follows',
			)
		);
		$this->endRequest();
		$this->assertSame( array(), $this->requests );
		do_action( Webhook::DEFERRED_HOOK, $userId );
		$this->assertSame(
			array(
				array(
					'rest_base' => 'whitepapers',
					'slug'      => 'ph-hook-fallback',
				),
			),
			$this->onePayload()['items']
		);
		do_action( Webhook::DEFERRED_HOOK, $userId );
		$this->assertCount( 1, $this->requests, 'sent once' );
	}

	public function testOnlyACookieAuthenticatedRestSaveFromAnEditorWithMetaBoxesIsDeferred(): void {
		$this->loginAs( 'administrator' );
		$id = $this->createPost( 'whitepapers' );
		Webhook::reset();
		// No REST request (this process), so the plugin's own decision is "send now".
		wp_update_post(
			array(
				'ID'         => $id,
				'post_title' => 'Sent at once',
			)
		);
		$this->endRequest();
		$this->assertCount( 1, $this->requests );
	}

	public function testTheBlockEditorScreenNotesWhetherItShowsMetaBoxes(): void {
		$userId                    = $this->loginAs( 'administrator' );
		$id                        = $this->createPost( 'whitepapers' );
		$GLOBALS['current_screen'] = \WP_Screen::get( 'ph_whitepaper' );
		$GLOBALS['post']           = get_post( $id );
		$key                       = Webhook::META_BOX_SCREEN . $userId . '_' . $id;
		try {
			$boxes = array(
				$GLOBALS['current_screen']->id => array(
					'normal' => array(
						'high' => array(
							'payments_headless_fields' => array(
								'id'    => 'payments_headless_fields',
								'title' => 'Site fields',
								'args'  => null,
							),
						),
					),
				),
			);
			$this->assertSame( $boxes, Webhook::noteMetaBoxScreen( $boxes ) );
			$this->assertNotFalse( get_transient( $key ) );
			$compat = array(
				$GLOBALS['current_screen']->id => array(
					'normal' => array(
						'core' => array(
							'postcustom' => array(
								'id'    => 'postcustom',
								'title' => 'Custom Fields',
								'args'  => array( '__back_compat_meta_box' => true ),
							),
						),
					),
				),
			);
			Webhook::noteMetaBoxScreen( $compat );
			$this->assertFalse( get_transient( $key ), 'back-compat boxes are not shown by the block editor' );
		} finally {
			delete_transient( $key );
			unset( $GLOBALS['current_screen'], $GLOBALS['post'] );
		}
	}
}
