<?php

/**
 * Shared helpers: users by role, in-process REST requests, and cleanup of everything a test creates.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Tests;

use PaymentsHeadless\ContentModel;
use PaymentsHeadless\Fields;
use WP_REST_Request;
use WP_REST_Response;

/**
 * Each test starts logged out and leaves no post, user, menu or option change behind.
 */
abstract class TestCase extends \PHPUnit\Framework\TestCase {

	/** @var array<int, int> */
	private array $postIds = array();

	/** @var array<int, int> */
	private array $userIds = array();

	/** @var array<int, int> */
	private array $menuIds = array();

	/** @var array<string, mixed> Options to restore: name => value (null = delete). */
	private array $options = array();

	/** @var list<array{string, callable}> Filters added by filter(), removed after the test. */
	private array $filters = array();

	protected function setUp(): void {
		parent::setUp();
		wp_set_current_user( 0 );
	}

	protected function tearDown(): void {
		foreach ( $this->filters as [$hook, $callback] ) {
			remove_filter( $hook, $callback, self::FILTER_PRIORITY );
		}
		$this->filters = array();
		wp_set_current_user( 0 );
		foreach ( $this->menuIds as $menuId ) {
			wp_delete_nav_menu( $menuId );
		}
		foreach ( $this->postIds as $postId ) {
			wp_delete_post( $postId, true );
		}
		foreach ( $this->userIds as $userId ) {
			wp_delete_user( $userId );
		}
		foreach ( $this->options as $name => $value ) {
			if ( null === $value ) {
				delete_option( $name );
			} else {
				update_option( $name, $value );
			}
		}
		$_POST = array();
		parent::tearDown();
	}

	/** After the plugin's own filters (a test's value wins). */
	protected const FILTER_PRIORITY = 1000;

	/**
	 * Adds a filter for this test only, with every argument the hook passes. Of two calls for the
	 * same hook, the later wins. The settings (`HEADLESS_*`) are set this way: the constants may be
	 * defined by the instance's extra-config.php, and Config's filters have the last word.
	 */
	protected function filter( string $hook, callable $callback ): void {
		add_filter( $hook, $callback, self::FILTER_PRIORITY, 10 );
		$this->filters[] = array( $hook, $callback );
	}

	/**
	 * Logs in a new user of a role (deleted after the test) and returns its id.
	 */
	protected function loginAs( string $role ): int {
		$userId = wp_insert_user(
			array(
				'user_login' => 'ph_test_' . $role . '_' . wp_generate_password( 8, false ),
				'user_pass'  => wp_generate_password( 24 ),
				'user_email' => wp_generate_password( 8, false ) . '@example.test',
				'role'       => $role,
			)
		);
		$this->assertIsInt( $userId );
		$this->userIds[] = $userId;
		wp_set_current_user( $userId );
		return $userId;
	}

	/**
	 * Remembers an option's value, to restore it after the test.
	 */
	protected function keepOption( string $name ): void {
		if ( ! array_key_exists( $name, $this->options ) ) {
			$value                  = get_option( $name, null );
			$this->options[ $name ] = $value;
		}
	}

	/**
	 * Dispatches a REST request in-process. GET params go in the query, others in a JSON body.
	 *
	 * @param array<string, mixed> $params
	 */
	protected function rest( string $method, string $route, array $params = array() ): WP_REST_Response {
		$request = new WP_REST_Request( $method, $route );
		if ( 'GET' === $method ) {
			$request->set_query_params( $params );
		} else {
			$request->set_header( 'Content-Type', 'application/json' );
			$request->set_body( (string) wp_json_encode( $params ) );
		}
		$response = rest_do_request( $request );
		$this->assertInstanceOf( WP_REST_Response::class, $response );
		$this->trackFrom( $response );
		return $response;
	}

	/**
	 * The response's data as the server would send it (JSON-encoded and decoded again), with embeds.
	 *
	 * @return mixed
	 */
	protected function json( WP_REST_Response $response ): mixed {
		$data = rest_get_server()->response_to_data( $response, false );
		return json_decode( (string) wp_json_encode( $data ), true );
	}

	/**
	 * The raw JSON text the server would send.
	 */
	protected function jsonText( WP_REST_Response $response ): string {
		return (string) wp_json_encode( rest_get_server()->response_to_data( $response, false ) );
	}

	/**
	 * Creates a post of a REST base directly (no REST), fields included, and tracks it.
	 *
	 * @param array<string, mixed> $post   wp_insert_post() arguments.
	 * @param array<string, mixed> $fields Cleaned fields to write.
	 */
	protected function createPost( string $restBase, array $post = array(), array $fields = array() ): int {
		$postId = wp_insert_post(
			array_merge(
				array(
					'post_type'   => ContentModel::postTypeFor( $restBase ),
					'post_status' => 'publish',
					'post_title'  => 'PH test ' . wp_generate_password( 6, false ),
				),
				$post
			),
			true
		);
		$this->assertIsInt( $postId );
		$this->postIds[] = $postId;
		if ( array() !== $fields ) {
			Fields::write( $postId, $restBase, $fields );
		}
		return $postId;
	}

	/**
	 * Uploads a generated image as WordPress does (its copies made), titled unlike its file name;
	 * deleted with its files after the test.
	 *
	 * @param string $type `jpeg` or `png`.
	 * @return array{id: int, url: string}
	 */
	protected function uploadImage( string $name, int $width, int $height, string $type = 'jpeg' ): array {
		require_once ABSPATH . 'wp-admin/includes/image.php';
		$extension = 'png' === $type ? 'png' : 'jpg';
		$dir       = wp_upload_dir();
		$file      = wp_unique_filename( $dir['path'], $name . '-' . strtolower( wp_generate_password( 6, false ) ) . '.' . $extension );
		$path      = $dir['path'] . '/' . $file;
		$image     = imagecreatetruecolor( $width, $height );
		imagefill( $image, 0, 0, (int) imagecolorallocate( $image, 30, 120, 200 ) );
		if ( 'png' === $type ) {
			imagepng( $image, $path );
		} else {
			imagejpeg( $image, $path, 80 );
		}
		imagedestroy( $image );
		$id = wp_insert_attachment(
			array(
				'post_mime_type' => 'png' === $type ? 'image/png' : 'image/jpeg',
				'post_title'     => 'A title that is not the file name',
				'post_status'    => 'inherit',
			),
			$path,
			0,
			true
		);
		$this->assertIsInt( $id );
		$this->trackPost( $id );
		wp_update_attachment_metadata( $id, wp_generate_attachment_metadata( $id, $path ) );
		return array(
			'id'  => $id,
			'url' => (string) wp_get_attachment_url( $id ),
		);
	}

	/**
	 * The list, sorted (for comparing key sets whose order WordPress does not fix).
	 *
	 * @param list<string> $values
	 * @return list<string>
	 */
	protected static function sorted( array $values ): array {
		sort( $values );
		return $values;
	}

	/**
	 * Tracks a post for deletion (created by a REST request).
	 */
	protected function trackPost( int $postId ): void {
		$this->postIds[] = $postId;
	}

	/**
	 * Creates a classic menu (deleted after the test) and returns its term id.
	 */
	protected function createMenu( string $name ): int {
		$menuId = wp_create_nav_menu( $name . ' ' . wp_generate_password( 6, false ) );
		$this->assertIsInt( $menuId );
		$this->menuIds[] = $menuId;
		return $menuId;
	}

	/**
	 * Adds an item to a menu and returns its id.
	 *
	 * @param array<string, mixed> $args wp_update_nav_menu_item() arguments without the prefix.
	 */
	protected function addMenuItem( int $menuId, array $args ): int {
		$data = array( 'menu-item-status' => 'publish' );
		foreach ( $args as $key => $value ) {
			$data[ 'menu-item-' . $key ] = $value;
		}
		$itemId = wp_update_nav_menu_item( $menuId, 0, $data );
		$this->assertIsInt( $itemId );
		return $itemId;
	}

	/**
	 * Tracks posts created through REST writes (a created item's id) so they are deleted.
	 */
	private function trackFrom( WP_REST_Response $response ): void {
		$data = $response->get_data();
		if ( 201 === $response->get_status() && is_array( $data ) && isset( $data['id'] ) ) {
			$this->postIds[] = (int) $data['id'];
		}
	}
}
