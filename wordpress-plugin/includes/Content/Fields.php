<?php

/**
 * The custom fields the site reads: stored as post meta under their own names (as ACF stores them),
 * served and written in REST under `acf`, and a frame type's `fields_mapping` at the top level.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless;

use WP_Error;
use WP_Post;
use WP_REST_Request;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Field definitions per REST base, with one validator shared by REST writes and wp-admin forms.
 */
final class Fields {

	/** Field kinds: free text (HTML allowed as in post content), URL or site path, date, slug. */
	public const TEXT     = 'text';
	public const URL      = 'url';
	public const DATETIME = 'datetime';
	public const SLUG     = 'slug';
	/** A list of post ids (an fp_page's ordered frames). */
	public const IDS = 'ids';
	/** '1' or '0' (an alert's `enable`, stored as ACF stores a true/false field). */
	public const FLAG = 'flag';
	/** 'Top bar' or 'Popup'. */
	public const ALERT_TYPE = 'alert_type';

	/** The alert types the site shows. */
	public const ALERT_TYPES = array( 'Top bar', 'Popup' );

	/**
	 * The fields of each REST base. A frame has `frame_type` plus any data key (see FRAME_KEY).
	 */
	public const FIELDS = array(
		'posts'          => array(),
		'news'           => array(),
		'press-releases' => array(),
		'whitepapers'    => array(
			'summary'      => self::TEXT,
			'download_url' => self::URL,
		),
		'case-studies'   => array(
			'client'    => self::TEXT,
			'summary'   => self::TEXT,
			'cta_label' => self::TEXT,
			'cta_url'   => self::URL,
		),
		'insights'       => array(
			'topic'        => self::TEXT,
			'reading_time' => self::TEXT,
		),
		'events'         => array(
			'start_date'       => self::DATETIME,
			'end_date'         => self::DATETIME,
			'location'         => self::TEXT,
			'registration_url' => self::URL,
		),
		'virtual'        => array(
			'partner_name' => self::TEXT,
			'partner_role' => self::TEXT,
			'company'      => self::TEXT,
		),
		'fp_page'        => array(
			'frames'  => self::IDS,
			'section' => self::SLUG,
		),
		'frame'          => array( 'frame_type' => self::SLUG ),
		'frame_type'     => array(),
		'alert'          => array(
			'alert_type' => self::ALERT_TYPE,
			'enable'     => self::FLAG,
			'link_url'   => self::URL,
			'link_label' => self::TEXT,
		),
	);

	/** A frame's data keys. */
	public const FRAME_KEY = '/^[a-z][a-z0-9_]{0,63}$/';

	/** Hidden meta listing a frame's data keys, so `acf` serves exactly the frame's own fields. */
	public const FRAME_KEYS_META = '_payments_headless_frame_keys';

	/** The largest `acf` object accepted in one write (JSON-encoded), in bytes. */
	public const MAX_BYTES = 262144;

	/** The most keys one frame may have. */
	public const MAX_KEYS = 64;

	/** The deepest nesting of a frame's values (lists of objects of lists...). */
	public const MAX_DEPTH = 6;

	/** The most frames one page may list. */
	public const MAX_FRAMES = 200;

	/** Where `fields_mapping` is stored (a frame type's meta). */
	public const MAPPING_META = 'fields_mapping';

	/**
	 * Registers the fixed meta keys (not in REST's `meta`: the site reads them under `acf`).
	 */
	public static function registerMeta(): void {
		foreach ( self::FIELDS as $restBase => $fields ) {
			$postType = ContentModel::postTypeFor( $restBase );
			$keys     = array_keys( $fields );
			if ( 'frame_type' === $restBase ) {
				$keys[] = self::MAPPING_META;
			}
			foreach ( $keys as $key ) {
				register_post_meta(
					$postType,
					$key,
					array(
						'single'        => true,
						'show_in_rest'  => false,
						'auth_callback' => static fn ( $allowed, $metaKey, $postId ): bool =>
							current_user_can( 'edit_post', (int) $postId ),
					)
				);
			}
		}
	}

	/**
	 * Registers `acf` on every content type, and `fields_mapping` on frame types.
	 */
	public static function registerRestFields(): void {
		foreach ( array_keys( self::FIELDS ) as $restBase ) {
			register_rest_field(
				ContentModel::postTypeFor( $restBase ),
				'acf',
				array(
					'get_callback'    => static fn ( array $item, string $field, WP_REST_Request $request ): array =>
						self::canReadFields( (int) $item['id'], $request ) ? self::read( (int) $item['id'], $restBase ) : array(),
					'update_callback' => static fn ( $value, $post ): bool|WP_Error =>
						self::updateFromRest( $value, $post, $restBase ),
					'schema'          => array(
						'description' => 'Custom fields, stored as post meta under their own names.',
						'type'        => 'object',
						'context'     => array( 'view', 'edit', 'embed' ),
						'arg_options' => array(
							'validate_callback' => static function ( $value ) use ( $restBase ): bool|WP_Error {
								$clean = self::clean( $value, $restBase );
								return is_wp_error( $clean ) ? $clean : true;
							},
							'sanitize_callback' => static fn ( $value ): mixed => self::clean( $value, $restBase ),
						),
					),
				)
			);
		}
		self::registerFieldsMappingField();
	}

	/**
	 * Registers `fields_mapping` at the top level of frame types (also when ACF serves `acf`).
	 */
	public static function registerFieldsMappingField(): void {
		register_rest_field(
			ContentModel::postTypeFor( 'frame_type' ),
			'fields_mapping',
			array(
				'get_callback'    => static fn ( array $item ): string =>
					(string) get_post_meta( (int) $item['id'], self::MAPPING_META, true ),
				'update_callback' => static function ( $value, $post ): bool|WP_Error {
					if ( ! $post instanceof WP_Post || ! current_user_can( 'edit_post', $post->ID ) ) {
						return self::cannotEdit();
					}
					update_post_meta( $post->ID, self::MAPPING_META, wp_slash( $value ) );
					return true;
				},
				'schema'          => array(
					'description' => 'A string holding the JSON list of mapping rules.',
					'type'        => 'string',
					'context'     => array( 'view', 'edit' ),
					'arg_options' => array(
						'validate_callback' => static function ( $value ): bool|WP_Error {
							$rules = FrameMapping::parse( $value );
							return is_wp_error( $rules ) ? $rules : true;
						},
						'sanitize_callback' => static fn ( $value ): string => trim( (string) $value ),
					),
				),
			)
		);
	}

	/**
	 * Whether a request may read a post's fields: a password-protected post's fields are protected
	 * like its content (readable with the right `password` parameter, or by users who can edit it).
	 *
	 * @param int             $postId  The post.
	 * @param WP_REST_Request $request The request.
	 */
	public static function canReadFields( int $postId, WP_REST_Request $request ): bool {
		$post = get_post( $postId );
		if ( ! $post instanceof WP_Post || '' === $post->post_password ) {
			return true;
		}
		if ( current_user_can( 'edit_post', $postId ) ) {
			return true;
		}
		$password = $request->get_param( 'password' );
		return is_string( $password ) && hash_equals( $post->post_password, $password );
	}

	/**
	 * The `acf` object of a post: its fields as stored, `[]` when it has none (as PHP encodes an
	 * empty array, and as ACF answers).
	 *
	 * @param int    $postId   The post.
	 * @param string $restBase Its REST base.
	 * @return array<string, mixed>
	 */
	public static function read( int $postId, string $restBase ): array {
		$keys = array_keys( self::FIELDS[ $restBase ] ?? array() );
		if ( 'frame' === $restBase ) {
			$keys = array_merge( $keys, self::frameKeys( $postId ) );
		}
		$acf = array();
		foreach ( $keys as $key ) {
			if ( ! metadata_exists( 'post', $postId, $key ) ) {
				continue;
			}
			$value = get_post_meta( $postId, $key, true );
			if ( self::IDS === ( self::FIELDS[ $restBase ][ $key ] ?? null ) ) {
				$value = is_array( $value ) ? array_values( array_map( 'intval', $value ) ) : array();
			}
			$acf[ $key ] = $value;
		}
		return $acf;
	}

	/**
	 * A frame's data keys (without `frame_type`).
	 *
	 * @param int $postId The frame.
	 * @return array<int, string>
	 */
	public static function frameKeys( int $postId ): array {
		$keys = get_post_meta( $postId, self::FRAME_KEYS_META, true );
		if ( ! is_array( $keys ) ) {
			return array();
		}
		return array_values(
			array_filter(
				$keys,
				static fn ( $key ): bool =>
				is_string( $key ) && 'frame_type' !== $key && 1 === preg_match( self::FRAME_KEY, $key )
			)
		);
	}

	/**
	 * The REST update callback: the request's `acf` (already validated and cleaned) written as meta.
	 *
	 * @param mixed  $value    The cleaned `acf` value.
	 * @param mixed  $post     The post being written.
	 * @param string $restBase Its REST base.
	 */
	private static function updateFromRest( mixed $value, mixed $post, string $restBase ): bool|WP_Error {
		if ( ! $post instanceof WP_Post || ! current_user_can( 'edit_post', $post->ID ) ) {
			return self::cannotEdit();
		}
		$clean = is_array( $value ) ? $value : self::clean( $value, $restBase );
		if ( is_wp_error( $clean ) ) {
			return $clean;
		}
		self::write( $post->ID, $restBase, $clean );
		return true;
	}

	/**
	 * Writes cleaned fields: each key is updated, `null` deletes it, absent keys are left alone.
	 *
	 * @param int                  $postId   The post.
	 * @param string               $restBase Its REST base.
	 * @param array<string, mixed> $fields   Output of clean().
	 */
	public static function write( int $postId, string $restBase, array $fields ): void {
		$frameKeys = 'frame' === $restBase ? self::frameKeys( $postId ) : array();
		foreach ( $fields as $key => $value ) {
			if ( null === $value ) {
				delete_post_meta( $postId, $key );
				$frameKeys = array_values( array_diff( $frameKeys, array( $key ) ) );
				continue;
			}
			// update_post_meta() unslashes its value: slash it so backslashes in JSON or HTML survive.
			update_post_meta( $postId, $key, wp_slash( $value ) );
			if ( 'frame' === $restBase && 'frame_type' !== $key && ! in_array( $key, $frameKeys, true ) ) {
				$frameKeys[] = $key;
			}
		}
		if ( 'frame' === $restBase ) {
			update_post_meta( $postId, self::FRAME_KEYS_META, $frameKeys );
		}
	}

	/**
	 * Checks and cleans an `acf` value for a REST base: allow-listed keys, typed values, sizes.
	 *
	 * @param mixed  $value    The value sent (an object of fields).
	 * @param string $restBase The REST base written to.
	 * @return array<string, mixed>|WP_Error The cleaned fields (`null` = delete), or a 400 error.
	 */
	public static function clean( mixed $value, string $restBase ): array|WP_Error {
		if ( ! isset( self::FIELDS[ $restBase ] ) ) {
			return self::invalid( 'acf: unknown content type.' );
		}
		if ( ! is_array( $value ) || ( array() !== $value && array_is_list( $value ) ) ) {
			return self::invalid( 'acf must be an object of fields.' );
		}
		$encoded = wp_json_encode( $value );
		if ( false === $encoded || strlen( $encoded ) > self::MAX_BYTES ) {
			return self::invalid( sprintf( 'acf must be JSON of at most %d bytes.', self::MAX_BYTES ) );
		}
		$fields  = self::FIELDS[ $restBase ];
		$isFrame = 'frame' === $restBase;
		if ( $isFrame && count( $value ) > self::MAX_KEYS ) {
			return self::invalid( sprintf( 'acf may hold at most %d fields.', self::MAX_KEYS ) );
		}
		$clean = array();
		foreach ( $value as $key => $fieldValue ) {
			$key = (string) $key;
			if ( isset( $fields[ $key ] ) ) {
				$result = null === $fieldValue ? null : self::cleanTyped( $fields[ $key ], $fieldValue, $key );
			} elseif ( $isFrame && 1 === preg_match( self::FRAME_KEY, $key ) ) {
				$result = null === $fieldValue ? null : self::cleanData( $fieldValue, $key, 1 );
			} else {
				return self::invalid( sprintf( 'acf[%s] is not a field of %s.', sanitize_key( $key ), $restBase ) );
			}
			if ( is_wp_error( $result ) ) {
				return $result;
			}
			$clean[ $key ] = $result;
		}
		return $clean;
	}

	/**
	 * One typed field's value, cleaned, or an error.
	 *
	 * @param string $kind  One of the kind constants.
	 * @param mixed  $value The value sent.
	 * @param string $key   The field (for messages).
	 */
	private static function cleanTyped( string $kind, mixed $value, string $key ): mixed {
		switch ( $kind ) {
			case self::IDS:
				if ( ! is_array( $value ) || ! array_is_list( $value ) || count( $value ) > self::MAX_FRAMES ) {
					return self::invalid( sprintf( 'acf[%s] must be a list of at most %d post ids.', $key, self::MAX_FRAMES ) );
				}
				$ids = array();
				foreach ( $value as $id ) {
					if ( ! is_int( $id ) && ! ( is_string( $id ) && ctype_digit( $id ) ) ) {
						return self::invalid( sprintf( 'acf[%s] must be a list of post ids.', $key ) );
					}
					if ( (int) $id < 1 ) {
						return self::invalid( sprintf( 'acf[%s] must be a list of post ids.', $key ) );
					}
					$ids[] = (int) $id;
				}
				return $ids;
			case self::FLAG:
				if ( in_array( $value, array( true, 1, '1', 'true' ), true ) ) {
					return '1';
				}
				if ( in_array( $value, array( false, 0, '0', 'false', '' ), true ) ) {
					return '0';
				}
				return self::invalid( sprintf( 'acf[%s] must be "1" or "0".', $key ) );
			case self::ALERT_TYPE:
				if ( ! in_array( $value, self::ALERT_TYPES, true ) ) {
					return self::invalid( sprintf( 'acf[%s] must be one of: %s.', $key, implode( ', ', self::ALERT_TYPES ) ) );
				}
				return $value;
			case self::SLUG:
				if ( ! is_string( $value ) || 1 !== preg_match( '/^[a-z0-9][a-z0-9_-]{0,199}$/', $value ) ) {
					return self::invalid( sprintf( 'acf[%s] must be a slug (a-z, 0-9, - and _).', $key ) );
				}
				return $value;
			case self::DATETIME:
				$pattern = '/^(\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2})?)?)?$/';
				if ( ! is_string( $value ) || 1 !== preg_match( $pattern, $value ) ) {
					return self::invalid( sprintf( 'acf[%s] must be a date, YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS.', $key ) );
				}
				return $value;
			case self::URL:
				if ( ! is_string( $value ) ) {
					return self::invalid( sprintf( 'acf[%s] must be a URL or a site path.', $key ) );
				}
				$url = esc_url_raw( trim( $value ) );
				if ( '' === $url && '' !== trim( $value ) ) {
					return self::invalid( sprintf( 'acf[%s] must be a URL or a site path.', $key ) );
				}
				return $url;
			default:
				if ( is_int( $value ) || is_float( $value ) ) {
					$value = (string) $value;
				}
				if ( ! is_string( $value ) || strlen( $value ) > 65535 ) {
					return self::invalid( sprintf( 'acf[%s] must be a string.', $key ) );
				}
				return self::cleanText( $value );
		}
	}

	/**
	 * A frame's data value: JSON-able (strings, numbers, booleans, lists and objects), not too deep;
	 * text filtered like post content for users who may not post unfiltered HTML.
	 *
	 * @param mixed  $value The value.
	 * @param string $key   The field (for messages).
	 * @param int    $depth Current nesting depth.
	 */
	private static function cleanData( mixed $value, string $key, int $depth ): mixed {
		if ( is_string( $value ) ) {
			return self::cleanText( $value );
		}
		if ( is_int( $value ) || is_float( $value ) || is_bool( $value ) || null === $value ) {
			return $value;
		}
		if ( ! is_array( $value ) ) {
			return self::invalid( sprintf( 'acf[%s] must be JSON data.', $key ) );
		}
		if ( $depth >= self::MAX_DEPTH ) {
			return self::invalid( sprintf( 'acf[%s] is nested deeper than %d levels.', $key, self::MAX_DEPTH ) );
		}
		$clean = array();
		foreach ( $value as $childKey => $child ) {
			$result = self::cleanData( $child, $key, $depth + 1 );
			if ( is_wp_error( $result ) ) {
				return $result;
			}
			$clean[ $childKey ] = $result;
		}
		return $clean;
	}

	/**
	 * Text as WordPress treats post content: kept as typed for users with `unfiltered_html`,
	 * filtered by `wp_kses_post` for everyone else.
	 *
	 * @param string $text The text.
	 */
	private static function cleanText( string $text ): string {
		$text = wp_check_invalid_utf8( $text );
		return current_user_can( 'unfiltered_html' ) ? $text : wp_kses_post( $text );
	}

	/**
	 * A 400 `rest_invalid_param` error.
	 *
	 * @param string $message What is wrong.
	 */
	private static function invalid( string $message ): WP_Error {
		return new WP_Error( 'rest_invalid_param', $message, array( 'status' => 400 ) );
	}

	/**
	 * The error of a write the user may not make.
	 */
	private static function cannotEdit(): WP_Error {
		return new WP_Error(
			'rest_cannot_edit',
			'Sorry, you are not allowed to edit this post.',
			array( 'status' => rest_authorization_required_code() )
		);
	}
}
