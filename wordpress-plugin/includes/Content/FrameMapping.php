<?php

/**
 * A frame type's `fields_mapping`: a string holding a JSON list of mapping rules (spec §3).
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless;

use WP_Error;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Parses and checks mapping rules, and turns them into the fields of a frame's wp-admin form, so
 * one definition drives both the editor's form and the site's props.
 */
final class FrameMapping {

	/** The largest `fields_mapping` accepted, in bytes. */
	public const MAX_BYTES = 65536;

	/** The most rules one frame type may have. */
	public const MAX_RULES = 100;

	/**
	 * The rules of a mapping string, or an error saying what is wrong with it.
	 *
	 * Each rule has `field` and exactly one of `valueSingle` ({label, path}), `valueObject`
	 * (name => {label, path}) or `valueList` ({label, path, fields: name => {label, path}}).
	 *
	 * @param mixed $mapping The value to check (a string is expected).
	 * @return array<int, array<string, mixed>>|WP_Error
	 */
	public static function parse( mixed $mapping ): array|WP_Error {
		if ( ! is_string( $mapping ) ) {
			return self::error( 'fields_mapping must be a string holding a JSON list of mapping rules.' );
		}
		if ( strlen( $mapping ) > self::MAX_BYTES ) {
			return self::error( sprintf( 'fields_mapping must be at most %d bytes.', self::MAX_BYTES ) );
		}
		$rules = json_decode( $mapping, true );
		if ( ! is_array( $rules ) || ! array_is_list( $rules ) ) {
			return self::error( 'fields_mapping must be a JSON list of mapping rules.' );
		}
		if ( count( $rules ) > self::MAX_RULES ) {
			return self::error( sprintf( 'fields_mapping may hold at most %d rules.', self::MAX_RULES ) );
		}
		foreach ( $rules as $index => $rule ) {
			$problem = self::ruleProblem( $rule );
			if ( null !== $problem ) {
				return self::error( sprintf( 'fields_mapping rule %d: %s', $index, $problem ) );
			}
		}
		return $rules;
	}

	/**
	 * What is wrong with one rule, or null.
	 *
	 * @param mixed $rule One decoded rule.
	 */
	private static function ruleProblem( mixed $rule ): ?string {
		if ( ! is_array( $rule ) || array_is_list( $rule ) ) {
			return 'a rule must be an object.';
		}
		if ( ! isset( $rule['field'] ) || ! is_string( $rule['field'] ) || '' === $rule['field'] ) {
			return 'field must be a non-empty string.';
		}
		$kinds = array_values( array_intersect( array( 'valueSingle', 'valueObject', 'valueList' ), array_keys( $rule ) ) );
		if ( 1 !== count( $kinds ) ) {
			return 'a rule needs exactly one of valueSingle, valueObject and valueList.';
		}
		$value = $rule[ $kinds[0] ];
		switch ( $kinds[0] ) {
			case 'valueSingle':
				return self::isLabelPath( $value ) ? null : 'valueSingle must be {label, path} strings.';
			case 'valueObject':
				return self::isLabelPathMap( $value ) ? null : 'valueObject must map names to {label, path}.';
			default:
				if (
					! is_array( $value ) || ! isset( $value['label'], $value['path'], $value['fields'] )
					|| ! is_string( $value['label'] ) || ! is_string( $value['path'] )
					|| ! self::isLabelPathMap( $value['fields'] )
				) {
					return 'valueList must be {label, path, fields: {name: {label, path}}}.';
				}
				return null;
		}
	}

	/**
	 * Whether a value is a {label, path} pair of strings.
	 *
	 * @param mixed $value The value.
	 */
	private static function isLabelPath( mixed $value ): bool {
		return is_array( $value ) && isset( $value['label'], $value['path'] )
			&& is_string( $value['label'] ) && is_string( $value['path'] );
	}

	/**
	 * Whether a value is a non-empty map of names to {label, path} pairs.
	 *
	 * @param mixed $value The value.
	 */
	private static function isLabelPathMap( mixed $value ): bool {
		if ( ! is_array( $value ) || array() === $value || array_is_list( $value ) ) {
			return false;
		}
		foreach ( $value as $pair ) {
			if ( ! self::isLabelPath( $pair ) ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * The frame's own fields a mapping reads, in rule order: meta key => [label, widget].
	 *
	 * Only paths under `acf.` name a frame field (others, like `title.rendered`, read core fields).
	 * The meta key is the path's first segment after `acf.`. Widget `list` is a valueList (edited as
	 * a JSON textarea); `single` is everything else.
	 *
	 * @param array<int, array<string, mixed>> $rules Parsed rules.
	 * @return array<string, array{label: string, widget: string, group: string, help: string}>
	 */
	public static function formFields( array $rules ): array {
		$fields = array();
		foreach ( $rules as $rule ) {
			if ( isset( $rule['valueSingle'] ) ) {
				self::addField( $fields, $rule['valueSingle']['path'], $rule['valueSingle']['label'], 'single', '', '' );
			} elseif ( isset( $rule['valueObject'] ) ) {
				foreach ( $rule['valueObject'] as $pair ) {
					self::addField( $fields, $pair['path'], $pair['label'], 'single', (string) $rule['field'], '' );
				}
			} elseif ( isset( $rule['valueList'] ) ) {
				$help = array();
				foreach ( $rule['valueList']['fields'] as $name => $pair ) {
					$help[] = sprintf( '%s (%s)', $pair['label'], $pair['path'] );
				}
				$list = $rule['valueList'];
				self::addField( $fields, $list['path'], $list['label'], 'list', '', implode( ', ', $help ) );
			}
		}
		return $fields;
	}

	/**
	 * Adds one form field for a path, unless the path is outside `acf.` or already has one.
	 *
	 * @param array<string, array<string, string>> $fields Fields so far.
	 * @param string                               $path   The rule's dot path.
	 * @param string                               $label  The rule's label.
	 * @param string                               $widget `single` or `list`.
	 * @param string                               $group  The valueObject's field name, or ''.
	 * @param string                               $help   Item fields of a list, or ''.
	 */
	private static function addField( array &$fields, string $path, string $label, string $widget, string $group, string $help ): void {
		if ( ! preg_match( '/^acf\.([a-z][a-z0-9_]{0,63})(\.|$)/', $path, $match ) ) {
			return;
		}
		$key = $match[1];
		if ( 'frame_type' === $key || isset( $fields[ $key ] ) ) {
			return;
		}
		$fields[ $key ] = array(
			'label'  => $label,
			'widget' => $widget,
			'group'  => $group,
			'help'   => $help,
		);
	}

	/**
	 * A 400 `rest_invalid_param` error.
	 *
	 * @param string $message What is wrong.
	 */
	private static function error( string $message ): WP_Error {
		return new WP_Error( 'rest_invalid_param', $message, array( 'status' => 400 ) );
	}
}
