<?php

/**
 * The wp-admin forms of the custom fields, for editors with no other plugin installed.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless;

use WP_Error;
use WP_Post;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * One meta box per content type with fields. Saving goes through the same validation as REST
 * writes (Fields::clean); a rejected value is not saved and the editor sees why.
 *
 * A frame's form is generated from its frame type's `fields_mapping`: valueSingle and each member
 * of a valueObject become a text field (a JSON textarea when the stored value is a list, like a
 * gallery), and a valueList becomes a JSON textarea with its item fields named as help.
 */
final class MetaBoxes {

	/** Nonce action and field. */
	public const NONCE_ACTION = 'payments_headless_save_fields';
	public const NONCE_FIELD  = 'payments_headless_fields_nonce';

	/** The form's input name (fields), and the name of the per-field JSON marker. */
	public const INPUT         = 'payments_headless_acf';
	public const JSON_INPUT    = 'payments_headless_json';
	public const MAPPING_INPUT = 'payments_headless_fields_mapping';

	/** Transient prefix of the notice shown after a rejected save. */
	public const NOTICE = 'payments_headless_notice_';

	/** Empty rows the frame picker offers for adding frames. */
	public const EMPTY_FRAME_ROWS = 3;

	/**
	 * Adds the fields box to the edit screens of the site's content types.
	 *
	 * @param string $postType The screen's post type.
	 * @param mixed  $post     The post edited.
	 */
	public static function add( string $postType, mixed $post = null ): void {
		$restBase = ContentModel::restBaseFor( $postType );
		// Types without site fields (posts, news, press releases) get none: a box would also make the
		// block editor's saves wait for a meta-box request (Webhook).
		if ( null === $restBase || ( array() === Fields::FIELDS[ $restBase ] && 'frame_type' !== $restBase ) ) {
			return;
		}
		add_meta_box(
			'payments_headless_fields',
			esc_html__( 'Site fields', 'payments-headless' ),
			static function ( WP_Post $post ) use ( $restBase ): void {
				self::render( $post, $restBase );
			},
			$postType,
			'normal',
			'high'
		);
	}

	/**
	 * The box's content.
	 *
	 * @param WP_Post $post     The post edited.
	 * @param string  $restBase Its REST base.
	 */
	public static function render( WP_Post $post, string $restBase ): void {
		wp_nonce_field( self::NONCE_ACTION, self::NONCE_FIELD );
		$acf = Fields::read( $post->ID, $restBase );
		echo '<table class="form-table" role="presentation"><tbody>';
		switch ( $restBase ) {
			case 'frame_type':
				self::renderMapping( $post );
				break;
			case 'fp_page':
				self::renderFramePicker( $acf );
				self::textRow( 'section', __( 'Section (first path segment, default "pages")', 'payments-headless' ), $acf['section'] ?? '' );
				break;
			case 'frame':
				self::renderFrame( $acf );
				break;
			default:
				foreach ( Fields::FIELDS[ $restBase ] as $key => $kind ) {
					self::typedRow( $key, $kind, $acf[ $key ] ?? null );
				}
		}
		echo '</tbody></table>';
	}

	/**
	 * A frame type's mapping as a JSON textarea.
	 *
	 * @param WP_Post $post The frame type.
	 */
	private static function renderMapping( WP_Post $post ): void {
		$mapping = (string) get_post_meta( $post->ID, Fields::MAPPING_META, true );
		$pretty  = json_decode( $mapping, true );
		$text    = is_array( $pretty ) ? (string) wp_json_encode( $pretty, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES ) : $mapping;
		echo '<tr><th scope="row"><label for="payments-headless-mapping">' . esc_html__( 'Fields mapping (JSON list of rules)', 'payments-headless' )
			. '</label></th><td><textarea id="payments-headless-mapping" class="large-text code" rows="16" name="'
			. esc_attr( self::MAPPING_INPUT ) . '">' . esc_textarea( $text ) . '</textarea><p class="description">'
			. esc_html__( 'Each rule: {"field": name, and one of "valueSingle": {label, path}, "valueObject": {name: {label, path}}, "valueList": {label, path, fields: {name: {label, path}}}}. The labels become the frame form.', 'payments-headless' )
			. '</p></td></tr>';
	}

	/**
	 * An fp_page's ordered frame picker: one select per position, plus empty rows to add frames.
	 *
	 * @param array<string, mixed> $acf The page's fields.
	 */
	private static function renderFramePicker( array $acf ): void {
		$frames   = get_posts(
			array(
				'post_type'      => ContentModel::postTypeFor( 'frame' ),
				'post_status'    => array( 'publish', 'draft', 'pending', 'private', 'future' ),
				'posts_per_page' => 500, // phpcs:ignore WordPress.WP.PostsPerPage.posts_per_page_posts_per_page -- bounded: the choices of one wp-admin select, not a public route.
				'orderby'        => 'title',
				'order'          => 'ASC',
				'no_found_rows'  => true,
			)
		);
		$selected = isset( $acf['frames'] ) && is_array( $acf['frames'] ) ? $acf['frames'] : array();
		$rows     = array_merge( $selected, array_fill( 0, self::EMPTY_FRAME_ROWS, 0 ) );
		echo '<tr><th scope="row">' . esc_html__( 'Frames, in page order', 'payments-headless' ) . '</th><td><ol>';
		foreach ( $rows as $index => $frameId ) {
			echo '<li><select name="' . esc_attr( self::INPUT . '[frames][' . $index . ']' ) . '">';
			echo '<option value="">' . esc_html__( '(none)', 'payments-headless' ) . '</option>';
			foreach ( $frames as $frame ) {
				/* translators: 1: a frame's title, 2: its id, 3: its status. */
				$label = sprintf( __( '%1$s (#%2$d, %3$s)', 'payments-headless' ), $frame->post_title, $frame->ID, $frame->post_status );
				echo '<option value="' . esc_attr( (string) $frame->ID ) . '"' . selected( (int) $frameId, $frame->ID, false ) . '>'
					. esc_html( $label ) . '</option>';
			}
			echo '</select></li>';
		}
		echo '</ol><p class="description">' . esc_html__( 'Choose "(none)" to remove a frame; save to get more empty rows.', 'payments-headless' )
			. '</p></td></tr>';
	}

	/**
	 * A frame's form: its type, then the fields its type's mapping labels, then any other stored field.
	 *
	 * @param array<string, mixed> $acf The frame's fields.
	 */
	private static function renderFrame( array $acf ): void {
		$current = is_string( $acf['frame_type'] ?? null ) ? $acf['frame_type'] : '';
		$types   = get_posts(
			array(
				'post_type'      => ContentModel::postTypeFor( 'frame_type' ),
				'post_status'    => 'any',
				'posts_per_page' => 200, // phpcs:ignore WordPress.WP.PostsPerPage.posts_per_page_posts_per_page -- bounded: the choices of one wp-admin select, not a public route.
				'orderby'        => 'title',
				'order'          => 'ASC',
				'no_found_rows'  => true,
			)
		);
		echo '<tr><th scope="row"><label for="payments-headless-frame-type">' . esc_html__( 'Frame type', 'payments-headless' )
			. '</label></th><td><select id="payments-headless-frame-type" name="' . esc_attr( self::INPUT . '[frame_type]' ) . '">';
		echo '<option value="">' . esc_html__( '(choose)', 'payments-headless' ) . '</option>';
		$mapping = '';
		foreach ( $types as $type ) {
			if ( $type->post_name === $current ) {
				$mapping = (string) get_post_meta( $type->ID, Fields::MAPPING_META, true );
			}
			echo '<option value="' . esc_attr( $type->post_name ) . '"' . selected( $current, $type->post_name, false ) . '>'
				. esc_html( $type->post_title ) . '</option>';
		}
		echo '</select><p class="description">' . esc_html__( 'After changing the type, save to see its fields.', 'payments-headless' )
			. '</p></td></tr>';

		$rules  = '' === $mapping ? array() : FrameMapping::parse( $mapping );
		$fields = is_wp_error( $rules ) ? array() : FrameMapping::formFields( $rules );
		foreach ( $fields as $key => $field ) {
			$label = '' === $field['group'] ? $field['label'] : sprintf( '%s: %s', $field['group'], $field['label'] );
			$value = $acf[ $key ] ?? null;
			if ( 'list' === $field['widget'] || is_array( $value ) ) {
				self::jsonRow( $key, $label, $value ?? array(), $field['help'] );
			} else {
				self::textRow( $key, $label, $value ?? '' );
			}
		}
		foreach ( $acf as $key => $value ) {
			if ( 'frame_type' === $key || isset( $fields[ $key ] ) ) {
				continue;
			}
			/* translators: %s: a field name. */
			$label = sprintf( __( '%s (not in the frame type\'s mapping)', 'payments-headless' ), $key );
			if ( is_array( $value ) ) {
				self::jsonRow( $key, $label, $value, '' );
			} else {
				self::textRow( $key, $label, $value );
			}
		}
	}

	/**
	 * One row for a typed field.
	 *
	 * @param string $key   The field.
	 * @param string $kind  Its kind (Fields constants).
	 * @param mixed  $value Its stored value.
	 */
	private static function typedRow( string $key, string $kind, mixed $value ): void {
		$label = ucfirst( str_replace( '_', ' ', $key ) );
		$name  = self::INPUT . '[' . $key . ']';
		$id    = 'payments-headless-' . $key;
		if ( Fields::FLAG === $kind ) {
			echo '<tr><th scope="row">' . esc_html( $label ) . '</th><td><input type="hidden" name="' . esc_attr( $name ) . '" value="0">'
				. '<label><input type="checkbox" id="' . esc_attr( $id ) . '" name="' . esc_attr( $name ) . '" value="1"'
				. checked( '1', $value, false ) . '> ' . esc_html__( 'Enabled', 'payments-headless' ) . '</label></td></tr>';
			return;
		}
		if ( Fields::ALERT_TYPE === $kind ) {
			echo '<tr><th scope="row"><label for="' . esc_attr( $id ) . '">' . esc_html( $label ) . '</label></th><td><select id="'
				. esc_attr( $id ) . '" name="' . esc_attr( $name ) . '">';
			foreach ( Fields::ALERT_TYPES as $type ) {
				echo '<option value="' . esc_attr( $type ) . '"' . selected( $value, $type, false ) . '>' . esc_html( $type ) . '</option>';
			}
			echo '</select></td></tr>';
			return;
		}
		$hint = match ( $kind ) {
			Fields::DATETIME => __( 'YYYY-MM-DDTHH:MM:SS', 'payments-headless' ),
			Fields::URL => __( 'A URL or a site path such as /contact-us', 'payments-headless' ),
			default => '',
		};
		self::textRow( $key, $label, is_scalar( $value ) ? (string) $value : '', $hint );
	}

	/**
	 * A text field (a textarea for long or multi-line text).
	 *
	 * @param string $key   The field.
	 * @param string $label Its label.
	 * @param mixed  $value Its value.
	 * @param string $hint  A description, or ''.
	 */
	private static function textRow( string $key, string $label, mixed $value, string $hint = '' ): void {
		$value = is_scalar( $value ) ? (string) $value : '';
		$name  = self::INPUT . '[' . $key . ']';
		$id    = 'payments-headless-' . $key;
		echo '<tr><th scope="row"><label for="' . esc_attr( $id ) . '">' . esc_html( $label ) . '</label></th><td>';
		if ( strlen( $value ) > 80 || str_contains( $value, "\n" ) ) {
			echo '<textarea class="large-text" rows="5" id="' . esc_attr( $id ) . '" name="' . esc_attr( $name ) . '">'
				. esc_textarea( $value ) . '</textarea>';
		} else {
			echo '<input type="text" class="regular-text" id="' . esc_attr( $id ) . '" name="' . esc_attr( $name ) . '" value="'
				. esc_attr( $value ) . '">';
		}
		if ( '' !== $hint ) {
			echo '<p class="description">' . esc_html( $hint ) . '</p>';
		}
		echo '</td></tr>';
	}

	/**
	 * A JSON textarea for a list or an object (cards, stats, logos, an image gallery).
	 *
	 * @param string $key   The field.
	 * @param string $label Its label.
	 * @param mixed  $value Its value.
	 * @param string $help  The item fields, or ''.
	 */
	private static function jsonRow( string $key, string $label, mixed $value, string $help ): void {
		$id   = 'payments-headless-' . $key;
		$json = (string) wp_json_encode( $value, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
		echo '<tr><th scope="row"><label for="' . esc_attr( $id ) . '">' . esc_html( $label ) . '</label></th><td>'
			. '<input type="hidden" name="' . esc_attr( self::JSON_INPUT . '[' . $key . ']' ) . '" value="1">'
			. '<textarea class="large-text code" rows="8" id="' . esc_attr( $id ) . '" name="' . esc_attr( self::INPUT . '[' . $key . ']' ) . '">'
			. esc_textarea( $json ) . '</textarea><p class="description">' . esc_html__( 'JSON.', 'payments-headless' );
		if ( '' !== $help ) {
			/* translators: %s: the list items' fields. */
			echo ' ' . esc_html( sprintf( __( 'Each item: %s.', 'payments-headless' ), $help ) );
		}
		echo '</p></td></tr>';
	}

	/**
	 * Saves the box (save_post): nonce, autosave and capability checks first, then the same
	 * validation as REST writes.
	 *
	 * @param int     $postId The post saved.
	 * @param WP_Post $post   The post.
	 */
	public static function save( int $postId, WP_Post $post ): void {
		if ( ! isset( $_POST[ self::NONCE_FIELD ] ) ) {
			return;
		}
		$nonce = sanitize_text_field( wp_unslash( (string) $_POST[ self::NONCE_FIELD ] ) );
		if ( ! wp_verify_nonce( $nonce, self::NONCE_ACTION ) ) {
			return;
		}
		if ( ( defined( 'DOING_AUTOSAVE' ) && DOING_AUTOSAVE ) || wp_is_post_revision( $postId ) || wp_is_post_autosave( $postId ) ) {
			return;
		}
		if ( ! current_user_can( 'edit_post', $postId ) ) {
			return;
		}
		$restBase = ContentModel::restBaseFor( $post->post_type );
		if ( null === $restBase ) {
			return;
		}
		// The fields are validated and sanitized one by one by formToAcf() and Fields::clean(), as REST
		// writes are (URLs through esc_url_raw, text through wp_kses_post unless the user may post
		// unfiltered HTML): sanitize_text_field() here would strip what such users may store.
		if ( 'frame_type' === $restBase ) {
			if ( isset( $_POST[ self::MAPPING_INPUT ] ) ) {
				// phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- JSON text, parsed and checked by FrameMapping::parse(), stored re-encoded.
				self::saveMapping( $postId, trim( wp_unslash( (string) $_POST[ self::MAPPING_INPUT ] ) ) );
			}
			return;
		}
		// phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- see above.
		$input = isset( $_POST[ self::INPUT ] ) && is_array( $_POST[ self::INPUT ] ) ? wp_unslash( $_POST[ self::INPUT ] ) : array();
		// phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- only the keys are read (which fields are JSON).
		$json  = isset( $_POST[ self::JSON_INPUT ] ) && is_array( $_POST[ self::JSON_INPUT ] ) ? wp_unslash( $_POST[ self::JSON_INPUT ] ) : array();
		$acf   = self::formToAcf( $restBase, $input, $json );
		$clean = is_wp_error( $acf ) ? $acf : Fields::clean( $acf, $restBase );
		if ( is_wp_error( $clean ) ) {
			self::rememberNotice( $clean->get_error_message() );
			return;
		}
		Fields::write( $postId, $restBase, $clean );
	}

	/**
	 * The form's inputs as an `acf` object.
	 *
	 * @param string               $restBase The REST base.
	 * @param array<string, mixed> $input    The fields posted.
	 * @param array<string, mixed> $json     Fields posted as JSON text.
	 * @return array<string, mixed>|WP_Error
	 */
	private static function formToAcf( string $restBase, array $input, array $json ): array|WP_Error {
		$acf = array();
		foreach ( $input as $key => $value ) {
			$key = sanitize_key( (string) $key );
			if ( 'fp_page' === $restBase && 'frames' === $key ) {
				$ids           = is_array( $value ) ? array_values( array_filter( array_map( 'absint', $value ) ) ) : array();
				$acf['frames'] = $ids;
				continue;
			}
			if ( ! is_string( $value ) ) {
				continue;
			}
			if ( isset( $json[ $key ] ) ) {
				if ( '' === trim( $value ) ) {
					$acf[ $key ] = null; // An emptied JSON field removes the field.
					continue;
				}
				$decoded = json_decode( $value, true );
				if ( null === $decoded && 'null' !== trim( $value ) ) {
					return new WP_Error(
						'payments_headless_json',
						/* translators: %s: the field's name. */
						sprintf( __( '%s: the JSON is not valid; nothing was saved.', 'payments-headless' ), $key )
					);
				}
				$acf[ $key ] = $decoded;
				continue;
			}
			$kind = Fields::FIELDS[ $restBase ][ $key ] ?? null;
			// An empty slug (section, frame type) removes the field; other empty fields are stored as ''.
			$acf[ $key ] = ( '' === trim( $value ) && Fields::SLUG === $kind ) ? null : $value;
		}
		return $acf;
	}

	/**
	 * Saves a frame type's mapping when it is a valid list of rules.
	 *
	 * @param int    $postId The frame type.
	 * @param string $text   The mapping posted (unslashed), after save()'s nonce and capability checks.
	 */
	private static function saveMapping( int $postId, string $text ): void {
		$rules = FrameMapping::parse( $text );
		if ( is_wp_error( $rules ) ) {
			self::rememberNotice( $rules->get_error_message() );
			return;
		}
		update_post_meta( $postId, Fields::MAPPING_META, wp_slash( (string) wp_json_encode( $rules, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ) ) );
	}

	/**
	 * Keeps a message for the next screen the user sees.
	 *
	 * @param string $message Why the fields were not saved.
	 */
	private static function rememberNotice( string $message ): void {
		set_transient( self::NOTICE . get_current_user_id(), $message, 5 * MINUTE_IN_SECONDS );
	}

	/**
	 * Shows (once) why the last save of the fields was refused.
	 */
	public static function notice(): void {
		$key     = self::NOTICE . get_current_user_id();
		$message = get_transient( $key );
		if ( ! is_string( $message ) || '' === $message ) {
			return;
		}
		delete_transient( $key );
		echo '<div class="notice notice-error"><p>' . esc_html__( 'Site fields were not saved:', 'payments-headless' ) . ' '
			. esc_html( $message ) . '</p></div>';
	}
}
