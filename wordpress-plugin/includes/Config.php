<?php

/**
 * The plugin's settings from `wp-config.php` constants: where the site is and the secrets it
 * shares with the site. One place reads and validates them; every other class asks here.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * - `HEADLESS_SITE_URL`: the site's origin (`https://www.example.com`), http or https, no query.
 * - `HEADLESS_REVALIDATE_SECRET`: the site's `REVALIDATE_SECRET` (issue 10's webhook).
 * - `HEADLESS_PREVIEW_SECRET`: the site's `PREVIEW_SECRET` (issue 11's preview tokens).
 *
 * A missing or invalid value reads as null (the feature that needs it is off, and the status
 * screen says why: see `problems()`). Secrets must be at least 16 characters, as on the site.
 * Each value passes through a filter of the same name in lower case with the plugin's prefix
 * (`payments_headless_site_url`...), so tests and hosts without constants can set them.
 */
final class Config {

	/** The shortest secret accepted (the site's rule for its secrets). */
	public const MIN_SECRET_LENGTH = 16;

	/**
	 * The site's origin without a trailing slash, or null when not set or not an http(s) URL.
	 */
	public static function siteUrl(): ?string {
		$value = self::raw( 'HEADLESS_SITE_URL' );
		if ( null === $value ) {
			return null;
		}
		$parts = wp_parse_url( $value );
		if (
			! is_array( $parts ) || ! isset( $parts['scheme'], $parts['host'] )
			|| ! in_array( strtolower( $parts['scheme'] ), array( 'http', 'https' ), true )
			|| isset( $parts['query'] ) || isset( $parts['fragment'] ) || isset( $parts['user'] ) || isset( $parts['pass'] )
		) {
			return null;
		}
		return untrailingslashit( $value );
	}

	/** The webhook's secret, or null when not set or too short. */
	public static function revalidateSecret(): ?string {
		return self::secret( 'HEADLESS_REVALIDATE_SECRET' );
	}

	/** The preview tokens' key, or null when not set or too short. */
	public static function previewSecret(): ?string {
		return self::secret( 'HEADLESS_PREVIEW_SECRET' );
	}

	/**
	 * What is wrong with the settings, one sentence per problem naming the constant (for the
	 * status screen and admin notices). Never contains a secret's value.
	 *
	 * @return list<string>
	 */
	public static function problems(): array {
		$problems = array();
		if ( null === self::raw( 'HEADLESS_SITE_URL' ) ) {
			$problems[] = __( 'HEADLESS_SITE_URL is not set in wp-config.php: the site is not told about changes.', 'payments-headless' );
		} elseif ( null === self::siteUrl() ) {
			$problems[] = __( 'HEADLESS_SITE_URL must be an http(s) URL without a query, such as https://www.example.com.', 'payments-headless' );
		}
		foreach ( array( 'HEADLESS_REVALIDATE_SECRET', 'HEADLESS_PREVIEW_SECRET' ) as $name ) {
			if ( null === self::raw( $name ) ) {
				/* translators: %s: the name of a wp-config.php constant. */
				$problems[] = sprintf( __( '%s is not set in wp-config.php.', 'payments-headless' ), $name );
			} elseif ( null === self::secret( $name ) ) {
				/* translators: 1: the name of a wp-config.php constant, 2: a number of characters. */
				$problems[] = sprintf( __( '%1$s must be at least %2$d characters long.', 'payments-headless' ), $name, self::MIN_SECRET_LENGTH );
			}
		}
		return $problems;
	}

	private static function secret( string $name ): ?string {
		$value = self::raw( $name );
		return null !== $value && strlen( $value ) >= self::MIN_SECRET_LENGTH ? $value : null;
	}

	/** The constant's value through its filter; null when unset or empty. */
	private static function raw( string $name ): ?string {
		$value = defined( $name ) ? constant( $name ) : null;
		$value = apply_filters( 'payments_headless_' . strtolower( substr( $name, strlen( 'HEADLESS_' ) ) ), $value );
		return is_string( $value ) && '' !== trim( $value ) ? trim( $value ) : null;
	}
}
