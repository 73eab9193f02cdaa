<?php

/**
 * Rules and groups of the Redirection plugin, written through its own REST API (what its admin
 * screen does), and removed after each test.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Tests;

use PaymentsHeadless\Seo\RedirectTable;

/**
 * For test cases (TestCase): call skipWithoutRedirection() first, cleanRedirection() in tearDown().
 */
trait RedirectionFixtures {

	/** @var list<int> Rules created by the test. */
	private array $ruleIds = array();

	/** @var list<int> Groups created by the test. */
	private array $groupIds = array();

	/** Skips the test, with the reason, when Redirection is not active and installed here. */
	protected function skipWithoutRedirection(): void {
		if ( ! RedirectTable::redirectionActive() ) {
			$this->markTestSkipped(
				'The Redirection plugin is not active (with its tables) on this WordPress: unpack '
				. '/work/shared/wordpress-plugins/redirection-5.4.2.tar.gz into wp-content/plugins, activate it '
				. 'and run Red_Database::get_latest_database()->install().'
			);
		}
		$this->loginAs( 'administrator' );
	}

	/**
	 * Creates a rule through `POST /redirection/v1/redirect` and returns its id.
	 *
	 * @param array<string, mixed> $rule Redirection's fields (`url`, `action_type`, `action_code`,
	 *                                   `action_data`, `match_type`, `match_data`, `group_id`...).
	 */
	protected function createRule( array $rule ): int {
		global $wpdb;
		$response = $this->rest(
			'POST',
			'/redirection/v1/redirect',
			array_merge(
				array(
					'match_type'  => 'url',
					'action_type' => 'url',
					'action_code' => 301,
					'group_id'    => 1,
					'regex'       => false,
					'position'    => 0,
				),
				$rule
			)
		);
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$id = (int) $wpdb->get_var( "SELECT MAX(id) FROM {$wpdb->prefix}redirection_items" );
		$this->assertGreaterThan( 0, $id );
		$this->ruleIds[] = $id;
		return $id;
	}

	/** Creates a group (module 1 = WordPress, 2 = Apache, 3 = Nginx) and returns its id. */
	protected function createGroup( string $name, int $module = 1 ): int {
		global $wpdb;
		$response = $this->rest(
			'POST',
			'/redirection/v1/group',
			array(
				'name'     => $name,
				'moduleId' => $module,
			)
		);
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$id               = (int) $wpdb->get_var( "SELECT MAX(id) FROM {$wpdb->prefix}redirection_groups" );
		$this->groupIds[] = $id;
		return $id;
	}

	/**
	 * A bulk action of Redirection's REST API on rules or groups.
	 *
	 * @param string               $what   `redirect` or `group`.
	 * @param string               $action `enable`, `disable`, `delete`.
	 * @param array<string, mixed> $params `items` (ids) or `global` with `filterBy`.
	 */
	protected function bulk( string $what, string $action, array $params ): void {
		$response = $this->rest( 'POST', "/redirection/v1/bulk/{$what}/{$action}", $params );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
	}

	/**
	 * The table's rules that come from Redirection and whose source is one of this test's.
	 *
	 * @return array<string, array<string, mixed>> source => rule
	 */
	protected function redirectionRules( string $prefix ): array {
		$rules = array();
		foreach ( RedirectTable::table()['redirects'] as $rule ) {
			if ( 'redirection' === $rule['origin'] && str_contains( (string) $rule['source'], $prefix ) ) {
				$rules[ (string) $rule['source'] ] = $rule;
			}
		}
		return $rules;
	}

	/** Deletes the rules and groups the test created. */
	protected function cleanRedirection(): void {
		global $wpdb;
		foreach ( $this->ruleIds as $id ) {
			$wpdb->delete( $wpdb->prefix . 'redirection_items', array( 'id' => $id ) );
		}
		foreach ( $this->groupIds as $id ) {
			$wpdb->delete( $wpdb->prefix . 'redirection_items', array( 'group_id' => $id ) );
			$wpdb->delete( $wpdb->prefix . 'redirection_groups', array( 'id' => $id ) );
		}
		$this->ruleIds  = array();
		$this->groupIds = array();
	}
}
