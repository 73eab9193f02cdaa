<?php

/**
 * The navigation id setting: which classic menu `/wp/v2/navigation/{id}` answers for an id.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * By default `{id}` is the classic menu's term id. The option maps a navigation id (the site reads
 * 3) to another menu's term id. It is registered with the Settings API (administrators only, also
 * at `/wp/v2/settings`) and edited on Settings → Headless navigation.
 */
final class NavigationSettings {

	/** The option: navigation id (string key) => menu term id. */
	public const OPTION = 'payments_headless_navigation_menus';

	/** The Settings API group and the screen's slug. */
	public const GROUP = 'payments_headless';
	public const PAGE  = 'payments-headless-navigation';

	/** The most mappings kept. */
	public const MAX_ROWS = 20;

	/**
	 * Registers the setting (on `init`, so both options.php and the REST settings route see it).
	 */
	public static function register(): void {
		register_setting(
			self::GROUP,
			self::OPTION,
			array(
				'type'              => 'object',
				'description'       => 'Navigation ids mapped to classic menu term ids.',
				'default'           => array(),
				'sanitize_callback' => array( self::class, 'sanitize' ),
				'show_in_rest'      => array(
					'name'   => self::OPTION,
					'schema' => array(
						'type'                 => 'object',
						'additionalProperties' => array(
							'type'    => 'integer',
							'minimum' => 1,
						),
					),
				),
			)
		);
	}

	/**
	 * The menu term id a navigation id reads.
	 *
	 * @param int $navigationId The id in the route.
	 */
	public static function menuFor( int $navigationId ): int {
		$map = get_option( self::OPTION, array() );
		if ( is_array( $map ) && isset( $map[ (string) $navigationId ] ) && (int) $map[ (string) $navigationId ] > 0 ) {
			return (int) $map[ (string) $navigationId ];
		}
		return $navigationId;
	}

	/**
	 * The option's value, cleaned: positive integer keys and values only. Accepts the map itself
	 * (REST, update_option) or the settings screen's rows (`rows => [[nav, menu], ...]`).
	 *
	 * @param mixed $value The value to store.
	 * @return array<string, int>
	 */
	public static function sanitize( mixed $value ): array {
		if ( ! is_array( $value ) ) {
			return array();
		}
		$pairs = array();
		if ( isset( $value['rows'] ) && is_array( $value['rows'] ) ) {
			foreach ( $value['rows'] as $row ) {
				if ( is_array( $row ) ) {
					$pairs[] = array( $row['nav'] ?? '', $row['menu'] ?? '' );
				}
			}
		} else {
			foreach ( $value as $nav => $menu ) {
				$pairs[] = array( $nav, $menu );
			}
		}
		$map = array();
		foreach ( $pairs as [$nav, $menu] ) {
			$nav  = absint( is_scalar( $nav ) ? $nav : 0 );
			$menu = absint( is_scalar( $menu ) ? $menu : 0 );
			if ( $nav > 0 && $menu > 0 && count( $map ) < self::MAX_ROWS ) {
				$map[ (string) $nav ] = $menu;
			}
		}
		ksort( $map, SORT_NUMERIC );
		return $map;
	}

	/**
	 * Adds Settings → Headless navigation (administrators only).
	 */
	public static function addPage(): void {
		add_options_page(
			esc_html__( 'Headless navigation', 'payments-headless' ),
			esc_html__( 'Headless navigation', 'payments-headless' ),
			'manage_options',
			self::PAGE,
			array( self::class, 'render' )
		);
	}

	/**
	 * The settings screen: one row per mapping, plus an empty row to add one. options.php checks
	 * the nonce (settings_fields) and `manage_options`.
	 */
	public static function render(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to manage options for this site.', 'payments-headless' ) );
		}
		$map   = get_option( self::OPTION, array() );
		$map   = is_array( $map ) ? $map : array();
		$menus = wp_get_nav_menus();
		$rows  = array();
		foreach ( $map as $nav => $menu ) {
			$rows[] = array( (int) $nav, (int) $menu );
		}
		$rows[] = array( 0, 0 );
		echo '<div class="wrap"><h1>' . esc_html__( 'Headless navigation', 'payments-headless' ) . '</h1>';
		echo '<p>' . esc_html__( 'The site reads its menu at /wp-json/wp/v2/navigation/{id} (id 3 by default). Without a row here, {id} is the classic menu\'s own id. A row points a navigation id at another menu.', 'payments-headless' ) . '</p>';
		echo '<form method="post" action="' . esc_url( admin_url( 'options.php' ) ) . '">';
		settings_fields( self::GROUP );
		echo '<table class="widefat striped" style="max-width:40em"><thead><tr><th>'
			. esc_html__( 'Navigation id', 'payments-headless' ) . '</th><th>'
			. esc_html__( 'Classic menu', 'payments-headless' ) . '</th></tr></thead><tbody>';
		foreach ( $rows as $index => [$nav, $menuId] ) {
			$name = self::OPTION . '[rows][' . $index . ']';
			echo '<tr><td><input type="number" min="1" step="1" name="' . esc_attr( $name . '[nav]' ) . '" value="'
				. esc_attr( $nav > 0 ? (string) $nav : '' ) . '"></td><td><select name="' . esc_attr( $name . '[menu]' ) . '">';
			echo '<option value="">' . esc_html__( '(none: remove this row)', 'payments-headless' ) . '</option>';
			foreach ( $menus as $menu ) {
				echo '<option value="' . esc_attr( (string) $menu->term_id ) . '"' . selected( $menuId, $menu->term_id, false ) . '>'
					/* translators: 1: the menu's name, 2: its id. */
					. esc_html( sprintf( __( '%1$s (id %2$d)', 'payments-headless' ), $menu->name, $menu->term_id ) ) . '</option>';
			}
			echo '</select></td></tr>';
		}
		echo '</tbody></table>';
		submit_button();
		echo '</form></div>';
	}
}
