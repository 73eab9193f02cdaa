<?php

/**
 * The reads WordPress lacks: id lists, the flat navigation menu, the alert meta_query.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Tests;

use PaymentsHeadless\ContentModel;
use PaymentsHeadless\NavigationSettings;

final class RestReadsTest extends TestCase {

	private const ID_LISTS = array(
		'news-id',
		'post-id',
		'whitepaper-id',
		'case-study-id',
		'insights-id',
		'press-release-id',
		'events-id',
		'virtual-id',
		'fp-page-id',
		'frame-id',
	);

	public function testAllTenIdListsArePublicRoutes(): void {
		foreach ( self::ID_LISTS as $list ) {
			$response = $this->rest( 'GET', "/custom-api/v1/{$list}" );
			$this->assertSame( 200, $response->get_status(), $list );
			$this->assertIsArray( $this->json( $response ) );
		}
	}

	public function testIdListsHoldPublishedItemsOnlyNewestFirstWithTheTitleAsStored(): void {
		$old     = $this->createPost(
			'news',
			array(
				'post_title' => 'Old &amp; "quoted"',
				'post_date'  => '2001-01-01 10:00:00',
			)
		);
		$new     = $this->createPost(
			'news',
			array(
				'post_title' => 'New',
				'post_date'  => '2001-01-02 10:00:00',
			)
		);
		$draft   = $this->createPost( 'news', array( 'post_status' => 'draft' ) );
		$private = $this->createPost( 'news', array( 'post_status' => 'private' ) );
		$pending = $this->createPost( 'news', array( 'post_status' => 'pending' ) );
		$records = $this->json( $this->rest( 'GET', '/custom-api/v1/news-id' ) );
		$ids     = array_column( $records, 'id' );
		$this->assertNotContains( $draft, $ids );
		$this->assertNotContains( $private, $ids );
		$this->assertNotContains( $pending, $ids );
		$this->assertLessThan( array_search( $old, $ids, true ), array_search( $new, $ids, true ), 'newest first' );
		$record = $records[ array_search( $old, $ids, true ) ];
		$this->assertSame( array( 'id', 'slug', 'title', 'noindex', 'canonical' ), array_keys( $record ), 'issue 33 adds noindex and canonical' );
		$this->assertSame( 'Old &amp; "quoted"', $record['title'] );
		$this->assertSame( get_post_field( 'post_name', $old ), $record['slug'] );
	}

	public function testAnIdListHoldsEveryItemThoughItIsReadInBoundedPages(): void {
		// More items than one page of the plugin's queries, all at the same date (the order's tie-break is the id).
		$date    = '2020-01-02 03:04:05';
		$created = array();
		for ( $i = 0; $i <= ContentModel::QUERY_PAGE; $i++ ) {
			$created[] = $this->createPost( 'insights', array( 'post_date' => $date ) );
		}
		$ids = array_column( $this->json( $this->rest( 'GET', '/custom-api/v1/insights-id' ) ), 'id' );
		$this->assertSame( array_values( array_unique( $ids ) ), $ids, 'an item listed twice' );
		$this->assertSame( array(), array_values( array_diff( $created, $ids ) ), 'items missing from the list' );
		$published = get_posts(
			array(
				'post_type'   => ContentModel::postTypeFor( 'insights' ),
				'post_status' => 'publish',
				'numberposts' => -1,
				'fields'      => 'ids',
			)
		);
		$this->assertCount( count( $published ), $ids );
		// Newest first, then the highest id first.
		$positions = array_map( static fn ( int $id ): int => (int) array_search( $id, $ids, true ), $created );
		$this->assertSame( self::sortedDescending( $positions ), $positions );
	}

	/**
	 * @param list<int> $values
	 * @return list<int>
	 */
	private static function sortedDescending( array $values ): array {
		rsort( $values );
		return $values;
	}

	public function testPostIdWithStickyTrueListsOnlyStickyPosts(): void {
		$this->keepOption( 'sticky_posts' );
		$sticky = $this->createPost( 'posts' );
		$plain  = $this->createPost( 'posts' );
		stick_post( $sticky );
		$ids = array_column( $this->json( $this->rest( 'GET', '/custom-api/v1/post-id', array( 'sticky' => 'true' ) ) ), 'id' );
		$this->assertContains( $sticky, $ids );
		$this->assertNotContains( $plain, $ids );
		$all = array_column( $this->json( $this->rest( 'GET', '/custom-api/v1/post-id' ) ), 'id' );
		$this->assertContains( $plain, $all );
	}

	public function testFpPageIdRecordsCarryTheSectionDefaultingToPages(): void {
		$about  = $this->createPost( 'fp_page', array(), array( 'section' => 'about-us' ) );
		$plain  = $this->createPost( 'fp_page' );
		$bySlug = array();
		foreach ( $this->json( $this->rest( 'GET', '/custom-api/v1/fp-page-id' ) ) as $record ) {
			$bySlug[ $record['id'] ] = $record;
		}
		$this->assertSame( 'about-us', $bySlug[ $about ]['section'] );
		$this->assertSame( 'pages', $bySlug[ $plain ]['section'] );
		$this->assertSame( array( 'id', 'slug', 'title', 'section', 'noindex', 'canonical' ), array_keys( $bySlug[ $plain ] ) );
	}

	/**
	 * A menu read by its own term id: the setting is emptied for the test (a seeded site maps
	 * id 3, which a new menu's term id may be).
	 */
	private function createUnmappedMenu( string $name ): int {
		$this->keepOption( NavigationSettings::OPTION );
		update_option( NavigationSettings::OPTION, array() );
		return $this->createMenu( $name );
	}

	public function testNavigationAnswersAClassicMenusItemsFlatInTheSitesShape(): void {
		$menu  = $this->createUnmappedMenu( 'Main' );
		$top   = $this->addMenuItem(
			$menu,
			array(
				'title'    => 'Solutions',
				'url'      => '#',
				'type'     => 'custom',
				'position' => 1,
			)
		);
		$child = $this->addMenuItem(
			$menu,
			array(
				'title'     => 'Switching',
				'url'       => '/pages/secure-switching',
				'type'      => 'custom',
				'parent-id' => $top,
				'position'  => 2,
			)
		);
		$items = $this->json( $this->rest( 'GET', "/wp/v2/navigation/{$menu}" ) );
		$this->assertSame( array( $top, $child ), array_column( $items, 'ID' ) );
		$keys = array(
			'ID',
			'db_id',
			'menu_item_parent',
			'menu_order',
			'object',
			'object_id',
			'type',
			'type_label',
			'ui_type',
			'title',
			'url',
			'target',
			'attr_title',
			'description',
			'classes',
			'xfn',
		);
		$this->assertSame( $keys, array_keys( $items[0] ) );
		$this->assertSame( '0', $items[0]['menu_item_parent'] );
		$this->assertSame( (string) $top, $items[1]['menu_item_parent'] );
		$this->assertSame( $child, $items[1]['db_id'] );
		$this->assertSame( 'link', $items[1]['ui_type'] );
		$this->assertSame( '/pages/secure-switching', $items[1]['url'] );
		$this->assertIsString( $items[1]['object_id'] );
		$this->assertIsArray( $items[1]['classes'] );
	}

	public function testNavigationLeavesOutItemsLinkingToUnpublishedContentAndTheirSubItems(): void {
		$menu      = $this->createUnmappedMenu( 'Main' );
		$draft     = $this->createPost(
			'news',
			array(
				'post_status' => 'draft',
				'post_title'  => 'Secret draft',
			)
		);
		$published = $this->createPost( 'news', array( 'post_title' => 'Public news' ) );
		$newsType  = ContentModel::postTypeFor( 'news' );
		$hidden    = $this->addMenuItem(
			$menu,
			array(
				'type'      => 'post_type',
				'object'    => $newsType,
				'object-id' => $draft,
				'position'  => 1,
			)
		);
		$this->addMenuItem(
			$menu,
			array(
				'title'     => 'Under the draft',
				'url'       => '/x',
				'type'      => 'custom',
				'parent-id' => $hidden,
				'position'  => 2,
			)
		);
		$shown    = $this->addMenuItem(
			$menu,
			array(
				'type'      => 'post_type',
				'object'    => $newsType,
				'object-id' => $published,
				'position'  => 3,
			)
		);
		$response = $this->rest( 'GET', "/wp/v2/navigation/{$menu}" );
		$this->assertSame( array( $shown ), array_column( $this->json( $response ), 'ID' ) );
		$this->assertStringNotContainsString( 'Secret draft', $this->jsonText( $response ) );
	}

	public function testTheNavigationSettingPointsAnIdAtAnotherMenu(): void {
		$this->keepOption( NavigationSettings::OPTION );
		$menu         = $this->createMenu( 'Footer' );
		$item         = $this->addMenuItem(
			$menu,
			array(
				'title' => 'Contact',
				'url'   => '/contact-us',
				'type'  => 'custom',
			)
		);
		$navigationId = 987654321;
		$this->assertSame( 404, $this->rest( 'GET', "/wp/v2/navigation/{$navigationId}" )->get_status() );
		update_option( NavigationSettings::OPTION, array( (string) $navigationId => $menu ) );
		$this->assertSame( array( $item ), array_column( $this->json( $this->rest( 'GET', "/wp/v2/navigation/{$navigationId}" ) ), 'ID' ) );
	}

	public function testAnUnknownNavigationIdAnswers404RestPostInvalidIdLikeCore(): void {
		$response = $this->rest( 'GET', '/wp/v2/navigation/987654320' );
		$this->assertSame( 404, $response->get_status() );
		$this->assertSame(
			array(
				'code'    => 'rest_post_invalid_id',
				'message' => 'Invalid post ID.',
				'data'    => array( 'status' => 404 ),
			),
			$this->json( $response )
		);
	}

	public function testOnlyAdministratorsCanSetTheNavigationSettingThroughRest(): void {
		$this->keepOption( NavigationSettings::OPTION );
		$menu = $this->createMenu( 'Main' );
		$this->loginAs( 'editor' );
		$denied = $this->rest( 'POST', '/wp/v2/settings', array( NavigationSettings::OPTION => array( '3' => $menu ) ) );
		$this->assertContains( $denied->get_status(), array( 401, 403 ) );
		$this->loginAs( 'administrator' );
		$allowed = $this->rest( 'POST', '/wp/v2/settings', array( NavigationSettings::OPTION => array( '3' => $menu ) ) );
		$this->assertSame( 200, $allowed->get_status(), $this->jsonText( $allowed ) );
		$this->assertSame( array( '3' => $menu ), $this->json( $allowed )[ NavigationSettings::OPTION ] );
		$this->assertSame( $menu, NavigationSettings::menuFor( 3 ) );
	}

	public function testTheNavigationSettingKeepsPositiveIntegerPairsOnly(): void {
		$this->assertSame(
			array(
				'3'  => 7,
				'10' => 2,
			),
			NavigationSettings::sanitize(
				array(
					'10' => '2',
					'3'  => 7,
					'x'  => 4,
					'5'  => 0,
					'6'  => array( 1 ),
				)
			)
		);
		$this->assertSame(
			array( '3' => 7 ),
			NavigationSettings::sanitize(
				array(
					'rows' => array(
						array(
							'nav'  => '3',
							'menu' => '7',
						),
						array(
							'nav'  => '',
							'menu' => '',
						),
					),
				)
			)
		);
		$this->assertSame( array(), NavigationSettings::sanitize( '3=7' ) );
	}

	/**
	 * The query the site sends for one alert type.
	 *
	 * @return array<string, mixed>
	 */
	private static function siteAlertQuery( string $type ): array {
		return array(
			'per_page'   => 100,
			'_fields'    => 'id,title,content,acf',
			'meta_query' => array(
				'relation' => 'AND',
				array(
					'key'     => 'alert_type',
					'value'   => $type,
					'compare' => 'LIKE',
				),
				array(
					'key'     => 'enable',
					'value'   => '1',
					'compare' => 'LIKE',
				),
			),
		);
	}

	public function testTheAlertMetaQueryFiltersByTypeAndEnableAsTheSiteSendsIt(): void {
		$top      = $this->createPost(
			'alert',
			array(),
			array(
				'alert_type' => 'Top bar',
				'enable'     => '1',
			)
		);
		$topOff   = $this->createPost(
			'alert',
			array(),
			array(
				'alert_type' => 'Top bar',
				'enable'     => '0',
			)
		);
		$popup    = $this->createPost(
			'alert',
			array(),
			array(
				'alert_type' => 'Popup',
				'enable'     => '1',
			)
		);
		$draft    = $this->createPost(
			'alert',
			array( 'post_status' => 'draft' ),
			array(
				'alert_type' => 'Top bar',
				'enable'     => '1',
			)
		);
		$response = $this->rest( 'GET', '/wp/v2/alert', self::siteAlertQuery( 'Top bar' ) );
		$this->assertSame( 200, $response->get_status(), $this->jsonText( $response ) );
		$alerts = $this->json( $response );
		$ids    = array_column( $alerts, 'id' );
		$this->assertContains( $top, $ids );
		$this->assertNotContains( $topOff, $ids );
		$this->assertNotContains( $popup, $ids );
		$this->assertNotContains( $draft, $ids, 'drafts never appear' );
		$this->assertSame( array( 'id', 'title', 'content', 'acf' ), array_keys( $alerts[0] ) );
		$this->assertSame( '1', $alerts[ array_search( $top, $ids, true ) ]['acf']['enable'] );
	}

	public function testTheAlertMetaQueryAcceptsOrRelationsAndInLists(): void {
		$top   = $this->createPost(
			'alert',
			array(),
			array(
				'alert_type' => 'Top bar',
				'enable'     => '1',
			)
		);
		$popup = $this->createPost(
			'alert',
			array(),
			array(
				'alert_type' => 'Popup',
				'enable'     => '0',
			)
		);
		$or    = $this->json(
			$this->rest(
				'GET',
				'/wp/v2/alert',
				array(
					'per_page'   => 100,
					'meta_query' => array(
						'relation' => 'or',
						array(
							'key'   => 'enable',
							'value' => '1',
						),
						array(
							'key'     => 'alert_type',
							'value'   => array( 'Popup' ),
							'compare' => 'IN',
						),
					),
				)
			)
		);
		$ids   = array_column( $or, 'id' );
		$this->assertContains( $top, $ids );
		$this->assertContains( $popup, $ids );
	}

	/**
	 * @return array<string, array{0: mixed}>
	 */
	public static function badMetaQueries(): array {
		return array(
			'a meta key outside the allow-list' => array(
				array(
					array(
						'key'   => 'link_url',
						'value' => 'x',
					),
				),
			),
			'a protected meta key'              => array(
				array(
					array(
						'key'     => '_edit_lock',
						'compare' => 'EXISTS',
					),
				),
			),
			'a clause without a key'            => array( array( array( 'value' => 'Popup' ) ) ),
			'an unknown comparison'             => array(
				array(
					array(
						'key'     => 'enable',
						'value'   => '1',
						'compare' => 'REGEXP',
					),
				),
			),
			'a SQL fragment as comparison'      => array(
				array(
					array(
						'key'     => 'enable',
						'value'   => '1',
						'compare' => "= '1' OR 1=1 --",
					),
				),
			),
			'a cast type'                       => array(
				array(
					array(
						'key'   => 'enable',
						'value' => '1',
						'type'  => 'NUMERIC',
					),
				),
			),
			'an unknown relation'               => array(
				array(
					'relation' => 'XOR',
					array(
						'key'   => 'enable',
						'value' => '1',
					),
				),
			),
			'a string instead of clauses'       => array( 'enable=1' ),
			'a named entry'                     => array(
				array(
					'first' => array(
						'key'   => 'enable',
						'value' => '1',
					),
				),
			),
			'an empty group'                    => array( array( 'relation' => 'AND' ) ),
			'a value that is an object'         => array(
				array(
					array(
						'key'     => 'enable',
						'value'   => array( 'a' => array( 'b' ) ),
						'compare' => '=',
					),
				),
			),
			'groups nested too deep'            => array(
				array(
					array(
						array(
							array(
								array(
									'key'   => 'enable',
									'value' => '1',
								),
							),
						),
					),
				),
			),
		);
	}

	/**
	 * @dataProvider badMetaQueries
	 */
	public function testABadAlertMetaQueryAnswers400RestInvalidParam( mixed $metaQuery ): void {
		$response = $this->rest( 'GET', '/wp/v2/alert', array( 'meta_query' => $metaQuery ) );
		$this->assertSame( 400, $response->get_status(), $this->jsonText( $response ) );
		$error = $this->json( $response );
		$this->assertSame( 'rest_invalid_param', $error['code'] );
		$this->assertSame( 400, $error['data']['status'] );
		$this->assertArrayHasKey( 'meta_query', $error['data']['params'] );
	}
}
