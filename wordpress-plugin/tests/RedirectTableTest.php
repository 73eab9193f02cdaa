<?php

/**
 * The redirect table (`GET /wp-json/custom-api/v1/redirects`, docs/seo-and-redirects.md §3).
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Tests;

use PaymentsHeadless\Seo\RedirectTable;

require_once __DIR__ . '/RedirectionFixtures.php';

/**
 * @group seo
 */
final class RedirectTableTest extends TestCase {

	use RedirectionFixtures;

	protected function tearDown(): void {
		$this->cleanRedirection();
		parent::tearDown();
	}

	/**
	 * The table's old-slug rules of paths starting with a prefix, source => rule.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	private function oldSlugRules( string $prefix ): array {
		$rules = array();
		foreach ( RedirectTable::table()['redirects'] as $rule ) {
			if ( 'old_slug' === $rule['origin'] && str_starts_with( (string) $rule['source'], $prefix ) ) {
				$rules[ (string) $rule['source'] ] = $rule;
			}
		}
		return $rules;
	}

	/* ---------------------------------------------------------------- the route */

	public function testTheRouteIsPublicAndAnswersTheTable(): void {
		$id = $this->createPost( 'news', array( 'post_name' => 'ph-rt-route-old' ) );
		wp_update_post(
			array(
				'ID'        => $id,
				'post_name' => 'ph-rt-route-new',
			)
		);
		$response = $this->rest( 'GET', '/custom-api/v1/redirects' );
		$this->assertSame( 200, $response->get_status() );
		$data = $this->json( $response );
		$this->assertSame( array( 'version', 'redirects' ), array_keys( $data ) );
		$this->assertMatchesRegularExpression( '/^[0-9a-f]{40}$/', $data['version'] );
		$this->assertContains(
			array(
				'source'                => '/about-us/news/ph-rt-route-old',
				'regex'                 => false,
				'ignore_case'           => false,
				'ignore_trailing_slash' => true,
				'query'                 => 'pass',
				'status'                => 301,
				'target'                => '/about-us/news/ph-rt-route-new',
				'origin'                => 'old_slug',
			),
			$data['redirects']
		);
		$this->assertSame( RedirectTable::table(), $data, 'the route answers the table as built' );
	}

	public function testTheRouteRefusesWrites(): void {
		$this->assertSame( 404, $this->rest( 'POST', '/custom-api/v1/redirects', array( 'redirects' => array() ) )->get_status() );
	}

	/* ---------------------------------------------------------------- old slugs */

	public function testAnOldSlugRedirectsWithA301ToTheCurrentPath(): void {
		$id = $this->createPost( 'press-releases', array( 'post_name' => 'ph-rt-one-old' ) );
		wp_update_post(
			array(
				'ID'        => $id,
				'post_name' => 'ph-rt-one-new',
			)
		);
		$rules = $this->oldSlugRules( '/about-us/press-release/ph-rt-one' );
		$this->assertSame( array( '/about-us/press-release/ph-rt-one-old' ), array_keys( $rules ) );
		$this->assertSame( '/about-us/press-release/ph-rt-one-new', $rules['/about-us/press-release/ph-rt-one-old']['target'] );
		$this->assertSame( 301, $rules['/about-us/press-release/ph-rt-one-old']['status'] );
	}

	public function testTwoRenamesCollapseToOneHopEach(): void {
		$id = $this->createPost( 'posts', array( 'post_name' => 'ph-rt-chain-a' ) );
		wp_update_post(
			array(
				'ID'        => $id,
				'post_name' => 'ph-rt-chain-b',
			)
		);
		wp_update_post(
			array(
				'ID'        => $id,
				'post_name' => 'ph-rt-chain-c',
			)
		);
		$rules = $this->oldSlugRules( '/resources/blogs/ph-rt-chain-' );
		$this->assertEqualsCanonicalizing( array( '/resources/blogs/ph-rt-chain-a', '/resources/blogs/ph-rt-chain-b' ), array_keys( $rules ) );
		foreach ( $rules as $rule ) {
			$this->assertSame( '/resources/blogs/ph-rt-chain-c', $rule['target'] );
		}
	}

	public function testRenamingBackToAnOldSlugServesNoLoop(): void {
		$id = $this->createPost( 'posts', array( 'post_name' => 'ph-rt-back-a' ) );
		wp_update_post(
			array(
				'ID'        => $id,
				'post_name' => 'ph-rt-back-b',
			)
		);
		wp_update_post(
			array(
				'ID'        => $id,
				'post_name' => 'ph-rt-back-a',
			)
		);
		$rules = $this->oldSlugRules( '/resources/blogs/ph-rt-back-' );
		$this->assertSame( array( '/resources/blogs/ph-rt-back-b' ), array_keys( $rules ) );
		$this->assertSame( '/resources/blogs/ph-rt-back-a', $rules['/resources/blogs/ph-rt-back-b']['target'] );
	}

	public function testAnOldAddressNowTakenByAnotherPublishedItemIsLeftOut(): void {
		$renamed = $this->createPost( 'news', array( 'post_name' => 'ph-rt-taken' ) );
		wp_update_post(
			array(
				'ID'        => $renamed,
				'post_name' => 'ph-rt-taken-moved',
			)
		);
		$this->assertArrayHasKey( '/about-us/news/ph-rt-taken', $this->oldSlugRules( '/about-us/news/ph-rt-taken' ) );
		$other = $this->createPost( 'news', array( 'post_name' => 'ph-rt-taken' ) );
		$this->assertSame( 'ph-rt-taken', get_post_field( 'post_name', $other ) );
		$this->assertSame( array(), $this->oldSlugRules( '/about-us/news/ph-rt-taken' ), 'the published item wins' );
		// Unpublished again, the redirect is back.
		wp_update_post(
			array(
				'ID'          => $other,
				'post_status' => 'draft',
			)
		);
		$this->assertArrayHasKey( '/about-us/news/ph-rt-taken', $this->oldSlugRules( '/about-us/news/ph-rt-taken' ) );
	}

	public function testATrashedOrUnpublishedItemsOldSlugsAreGone(): void {
		$trashed = $this->createPost( 'insights', array( 'post_name' => 'ph-rt-trash-old' ) );
		wp_update_post(
			array(
				'ID'        => $trashed,
				'post_name' => 'ph-rt-trash-new',
			)
		);
		$drafted = $this->createPost( 'insights', array( 'post_name' => 'ph-rt-draft-old' ) );
		wp_update_post(
			array(
				'ID'        => $drafted,
				'post_name' => 'ph-rt-draft-new',
			)
		);
		$this->assertCount( 2, $this->oldSlugRules( '/resources/insights/ph-rt-' ) );
		wp_trash_post( $trashed );
		wp_update_post(
			array(
				'ID'          => $drafted,
				'post_status' => 'draft',
			)
		);
		$this->assertSame( array(), $this->oldSlugRules( '/resources/insights/ph-rt-' ) );
	}

	public function testAFramePagesOldSlugKeepsItsSection(): void {
		$id = $this->createPost( 'fp_page', array( 'post_name' => 'ph-rt-page-old' ), array( 'section' => 'industries' ) );
		wp_update_post(
			array(
				'ID'        => $id,
				'post_name' => 'ph-rt-page-new',
			)
		);
		$rules = $this->oldSlugRules( '/industries/ph-rt-page' );
		$this->assertSame( array( '/industries/ph-rt-page-old' ), array_keys( $rules ) );
		$this->assertSame( '/industries/ph-rt-page-new', $rules['/industries/ph-rt-page-old']['target'] );
	}

	public function testItemsThatAreNotTheSitesHaveNoRules(): void {
		$page = wp_insert_post(
			array(
				'post_type'   => 'page',
				'post_status' => 'publish',
				'post_title'  => 'x',
				'post_name'   => 'ph-rt-core-old',
			)
		);
		$this->assertIsInt( $page );
		$this->trackPost( $page );
		// WordPress keeps no old slugs for pages; a plugin may still write one.
		add_post_meta( $page, '_wp_old_slug', 'ph-rt-core-new' );
		$this->assertStringNotContainsString( 'ph-rt-core', (string) wp_json_encode( RedirectTable::table() ) );
	}

	public function testEqualTablesHaveEqualVersions(): void {
		$this->assertSame( RedirectTable::table()['version'], RedirectTable::table()['version'] );
		$before = RedirectTable::table()['version'];
		$id     = $this->createPost( 'events', array( 'post_name' => 'ph-rt-version-old' ) );
		wp_update_post(
			array(
				'ID'        => $id,
				'post_name' => 'ph-rt-version-new',
			)
		);
		$this->assertNotSame( $before, RedirectTable::table()['version'] );
	}

	/* ---------------------------------------------------------------- Redirection */

	public function testOnlyEnabledRulesAreServed(): void {
		$this->skipWithoutRedirection();
		$this->createRule(
			array(
				'url'         => '/ph-rt-enabled',
				'action_data' => array( 'url' => '/pages/target' ),
			)
		);
		$disabled = $this->createRule(
			array(
				'url'         => '/ph-rt-disabled',
				'action_data' => array( 'url' => '/pages/target' ),
			)
		);
		$this->bulk( 'redirect', 'disable', array( 'items' => array( $disabled ) ) );
		$this->assertSame( array( '/ph-rt-enabled' ), array_keys( $this->redirectionRules( '/ph-rt-' ) ) );
		$this->bulk( 'redirect', 'enable', array( 'items' => array( $disabled ) ) );
		$this->assertEqualsCanonicalizing( array( '/ph-rt-enabled', '/ph-rt-disabled' ), array_keys( $this->redirectionRules( '/ph-rt-' ) ) );
	}

	public function testRulesOfADisabledGroupOrOfAServerModuleAreLeftOut(): void {
		$this->skipWithoutRedirection();
		$group  = $this->createGroup( 'PH test group' );
		$apache = $this->createGroup( 'PH test Apache group', 2 );
		$this->createRule(
			array(
				'url'         => '/ph-rt-group-on',
				'action_data' => array( 'url' => '/a' ),
			)
		);
		$this->createRule(
			array(
				'url'         => '/ph-rt-group-off',
				'action_data' => array( 'url' => '/a' ),
				'group_id'    => $group,
			)
		);
		$this->createRule(
			array(
				'url'         => '/ph-rt-group-apache',
				'action_data' => array( 'url' => '/a' ),
				'group_id'    => $apache,
			)
		);
		$this->assertEqualsCanonicalizing( array( '/ph-rt-group-on', '/ph-rt-group-off' ), array_keys( $this->redirectionRules( '/ph-rt-group-' ) ) );
		$this->bulk( 'group', 'disable', array( 'items' => array( $group ) ) );
		$this->assertSame( array( '/ph-rt-group-on' ), array_keys( $this->redirectionRules( '/ph-rt-group-' ) ) );
	}

	public function testARegexRuleKeepsItsPatternAndTarget(): void {
		$this->skipWithoutRedirection();
		$this->createRule(
			array(
				'url'         => '^/ph-rt-promo/(\d+)$',
				'regex'       => true,
				'action_code' => 302,
				'action_data' => array( 'url' => 'https://cms.example.com/offers/$1' ),
				'match_data'  => array(
					'source' => array(
						'flag_regex' => true,
						'flag_case'  => true,
					),
				),
			)
		);
		$this->assertSame(
			array(
				'source'                => '^/ph-rt-promo/(\d+)$',
				'regex'                 => true,
				'ignore_case'           => true,
				'ignore_trailing_slash' => false,
				// Redirection matches a regex against the path and the query.
				'query'                 => 'exact',
				'status'                => 302,
				'target'                => 'https://cms.example.com/offers/$1',
				'origin'                => 'redirection',
			),
			$this->redirectionRules( 'ph-rt-promo' )['^/ph-rt-promo/(\d+)$'] ?? null
		);
	}

	public function testIgnoreCaseAndTrailingSlashAreTheRulesOwnFlags(): void {
		$this->skipWithoutRedirection();
		$flags = static fn ( bool $ignoreCase, bool $trailing ): array => array(
			'source' => array(
				'flag_case'     => $ignoreCase,
				'flag_trailing' => $trailing,
			),
		);
		$this->createRule(
			array(
				'url'         => '/ph-rt-flags-none',
				'action_data' => array( 'url' => '/a' ),
				'match_data'  => $flags( false, false ),
			)
		);
		$this->createRule(
			array(
				'url'         => '/ph-rt-flags-case',
				'action_data' => array( 'url' => '/a' ),
				'match_data'  => $flags( true, false ),
			)
		);
		$this->createRule(
			array(
				'url'         => '/ph-rt-flags-slash',
				'action_data' => array( 'url' => '/a' ),
				'match_data'  => $flags( false, true ),
			)
		);
		$rules = $this->redirectionRules( '/ph-rt-flags-' );
		$this->assertSame( array( false, false ), array( $rules['/ph-rt-flags-none']['ignore_case'], $rules['/ph-rt-flags-none']['ignore_trailing_slash'] ) );
		$this->assertSame( array( true, false ), array( $rules['/ph-rt-flags-case']['ignore_case'], $rules['/ph-rt-flags-case']['ignore_trailing_slash'] ) );
		$this->assertSame( array( false, true ), array( $rules['/ph-rt-flags-slash']['ignore_case'], $rules['/ph-rt-flags-slash']['ignore_trailing_slash'] ) );
	}

	public function testFlagsARuleDoesNotSaveAreRedirectionsDefaults(): void {
		$this->skipWithoutRedirection();
		$this->keepOption( 'redirection_options' );
		// Redirection saves only the flags that differ from its settings' defaults.
		$options = red_get_options();
		$this->createRule(
			array(
				'url'         => '/ph-rt-defaults',
				'action_data' => array( 'url' => '/a' ),
				'match_data'  => array(
					'source' => array(
						'flag_case'     => $options['flag_case'],
						'flag_trailing' => $options['flag_trailing'],
						'flag_query'    => $options['flag_query'],
					),
				),
			)
		);
		$rule = $this->redirectionRules( '/ph-rt-defaults' )['/ph-rt-defaults'];
		$this->assertSame( (bool) $options['flag_case'], $rule['ignore_case'] );
		$this->assertSame( (bool) $options['flag_trailing'], $rule['ignore_trailing_slash'] );
		$this->assertSame( $options['flag_query'], $rule['query'] );
	}

	public function testQueryExactIgnoreAndPass(): void {
		$this->skipWithoutRedirection();
		foreach ( array( 'exact', 'ignore', 'pass', 'exactorder' ) as $query ) {
			$this->createRule(
				array(
					'url'         => '/ph-rt-query-' . $query . '?a=1',
					'action_data' => array( 'url' => '/a' ),
					'match_data'  => array( 'source' => array( 'flag_query' => $query ) ),
				)
			);
		}
		$rules = $this->redirectionRules( '/ph-rt-query-' );
		$this->assertSame( 'exact', $rules['/ph-rt-query-exact?a=1']['query'] );
		$this->assertSame( 'ignore', $rules['/ph-rt-query-ignore?a=1']['query'] );
		$this->assertSame( 'pass', $rules['/ph-rt-query-pass?a=1']['query'] );
		$this->assertSame( 'exact', $rules['/ph-rt-query-exactorder?a=1']['query'], 'the same query in the same order is an exact one' );
	}

	public function testRedirectAndErrorStatuses(): void {
		$this->skipWithoutRedirection();
		foreach ( array( 301, 302, 303, 307, 308 ) as $code ) {
			$this->createRule(
				array(
					'url'         => '/ph-rt-status-' . $code,
					'action_code' => $code,
					'action_data' => array( 'url' => '/to/' . $code ),
				)
			);
		}
		foreach ( array( 404, 410, 403 ) as $code ) {
			$this->createRule(
				array(
					'url'         => '/ph-rt-status-' . $code,
					'action_type' => 'error',
					'action_code' => $code,
				)
			);
		}
		$rules  = $this->redirectionRules( '/ph-rt-status-' );
		$served = array_map( static fn ( array $rule ): array => array( $rule['status'], $rule['target'] ), $rules );
		$this->assertSame(
			array(
				'/ph-rt-status-301' => array( 301, '/to/301' ),
				'/ph-rt-status-302' => array( 302, '/to/302' ),
				// 303 See Other is a 302 for the GET and HEAD requests the site answers.
				'/ph-rt-status-303' => array( 302, '/to/303' ),
				'/ph-rt-status-307' => array( 307, '/to/307' ),
				'/ph-rt-status-308' => array( 308, '/to/308' ),
				'/ph-rt-status-404' => array( 404, null ),
				'/ph-rt-status-410' => array( 410, null ),
			),
			$served,
			'403 and other error codes are left out'
		);
	}

	public function testMatchTypesOtherThanTheUrlAndOtherActionsAreLeftOut(): void {
		$this->skipWithoutRedirection();
		$this->createRule(
			array(
				'url'         => '/ph-rt-match-url',
				'action_data' => array( 'url' => '/a' ),
			)
		);
		$this->createRule(
			array(
				'url'         => '/ph-rt-match-login',
				'match_type'  => 'login',
				'action_data' => array(
					'logged_in'  => '/a',
					'logged_out' => '/b',
				),
			)
		);
		$this->createRule(
			array(
				'url'         => '/ph-rt-match-referrer',
				'match_type'  => 'referrer',
				'action_data' => array(
					'referrer'    => 'https://example.com',
					'regex'       => false,
					'url_from'    => '/a',
					'url_notfrom' => '',
				),
			)
		);
		$this->createRule(
			array(
				'url'         => '/ph-rt-match-agent',
				'match_type'  => 'agent',
				'action_data' => array(
					'agent'    => 'bot',
					'regex'    => false,
					'url_from' => '/a',
				),
			)
		);
		$this->createRule(
			array(
				'url'         => '/ph-rt-match-nothing',
				'action_type' => 'nothing',
				'action_code' => 1,
			)
		);
		$this->createRule(
			array(
				'url'         => '/ph-rt-match-random',
				'action_type' => 'random',
				'action_code' => 301,
			)
		);
		$this->createRule(
			array(
				'url'         => '/ph-rt-match-pass',
				'action_type' => 'pass',
				'action_code' => 1,
				'action_data' => array( 'url' => '/a' ),
			)
		);
		$this->assertSame( array( '/ph-rt-match-url' ), array_keys( $this->redirectionRules( '/ph-rt-match-' ) ) );
	}

	public function testRulesComeFirstInRedirectionsOrderThenOldSlugs(): void {
		$this->skipWithoutRedirection();
		$id = $this->createPost( 'news', array( 'post_name' => 'ph-rt-order-old' ) );
		wp_update_post(
			array(
				'ID'        => $id,
				'post_name' => 'ph-rt-order-new',
			)
		);
		$this->createRule(
			array(
				'url'         => '/ph-rt-order-second',
				'position'    => 5,
				'action_data' => array( 'url' => '/a' ),
			)
		);
		$this->createRule(
			array(
				'url'         => '/ph-rt-order-first',
				'position'    => 0,
				'action_data' => array( 'url' => '/a' ),
			)
		);
		$this->createRule(
			array(
				'url'         => '/ph-rt-order-third',
				'position'    => 5,
				'action_data' => array( 'url' => '/a' ),
			)
		);
		$sources = array_values(
			array_filter(
				array_column( RedirectTable::table()['redirects'], 'source' ),
				static fn ( string $source ): bool => str_contains( $source, 'ph-rt-order-' )
			)
		);
		$this->assertSame( array( '/ph-rt-order-first', '/ph-rt-order-second', '/ph-rt-order-third', '/about-us/news/ph-rt-order-old' ), $sources );
	}

	public function testTheVersionChangesWhenARuleChanges(): void {
		$this->skipWithoutRedirection();
		$id     = $this->createRule(
			array(
				'url'         => '/ph-rt-version',
				'action_data' => array( 'url' => '/before' ),
			)
		);
		$before = RedirectTable::table()['version'];
		$this->assertSame( $before, RedirectTable::table()['version'] );
		$response = $this->rest(
			'POST',
			'/redirection/v1/redirect/' . $id,
			array(
				'url'         => '/ph-rt-version',
				'match_type'  => 'url',
				'action_type' => 'url',
				'action_code' => 301,
				'action_data' => array( 'url' => '/after' ),
				'group_id'    => 1,
			)
		);
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( '/after', $this->redirectionRules( '/ph-rt-version' )['/ph-rt-version']['target'] );
		$this->assertNotSame( $before, RedirectTable::table()['version'] );
	}

	public function testADeactivatedRedirectionServesNoRules(): void {
		$this->skipWithoutRedirection();
		$this->createRule(
			array(
				'url'         => '/ph-rt-inactive',
				'action_data' => array( 'url' => '/a' ),
			)
		);
		$this->filter( 'payments_headless_redirection_active', '__return_false' );
		$this->assertSame( array(), $this->redirectionRules( '/ph-rt-inactive' ) );
	}

	/* ---------------------------------------------------------------- Yoast Premium (best effort) */

	public function testYoastPremiumRedirectsAreReadFromItsOptionBestEffort(): void {
		$this->keepOption( 'wpseo-premium-redirects-base' );
		update_option(
			'wpseo-premium-redirects-base',
			array(
				array(
					'origin' => 'ph-rt-yoast-old',
					'url'    => 'ph-rt-yoast-new',
					'type'   => 301,
					'format' => 'plain',
				),
				array(
					'origin' => 'ph-rt-yoast-gone',
					'url'    => '',
					'type'   => 410,
					'format' => 'plain',
				),
				array(
					'origin' => '^ph-rt-yoast/(.*)$',
					'url'    => '/new/$1',
					'type'   => 302,
					'format' => 'regex',
				),
				array(
					'origin' => 'ph-rt-yoast-odd',
					'url'    => '/a',
					'type'   => 304,
					'format' => 'plain',
				),
			)
		);
		$this->assertStringNotContainsString( 'ph-rt-yoast', (string) wp_json_encode( RedirectTable::table() ), 'only with Yoast Premium active' );
		$this->filter( 'payments_headless_yoast_redirects_active', '__return_true' );
		$rules = array_values( array_filter( RedirectTable::table()['redirects'], static fn ( array $rule ): bool => 'yoast' === $rule['origin'] ) );
		$this->assertSame(
			array(
				array(
					'source'                => '/ph-rt-yoast-old',
					'regex'                 => false,
					'ignore_case'           => false,
					'ignore_trailing_slash' => true,
					'query'                 => 'ignore',
					'status'                => 301,
					'target'                => '/ph-rt-yoast-new',
					'origin'                => 'yoast',
				),
				array(
					'source'                => '/ph-rt-yoast-gone',
					'regex'                 => false,
					'ignore_case'           => false,
					'ignore_trailing_slash' => true,
					'query'                 => 'ignore',
					'status'                => 410,
					'target'                => null,
					'origin'                => 'yoast',
				),
				array(
					'source'                => '^/ph-rt-yoast/(.*)$',
					'regex'                 => true,
					'ignore_case'           => true,
					'ignore_trailing_slash' => false,
					'query'                 => 'exact',
					'status'                => 302,
					'target'                => '/new/$1',
					'origin'                => 'yoast',
				),
			),
			$rules
		);
	}
}
