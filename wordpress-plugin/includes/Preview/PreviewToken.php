<?php

/**
 * The preview token the plugin signs and the site's `/api/preview` checks (contract C).
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * `token` = lowercase hex of HMAC-SHA256, key `HEADLESS_PREVIEW_SECRET` (the site's `PREVIEW_SECRET`),
 * message `"{rest_base}\n{id}\n{user_id}\n{expires}"`. A token names one item, one user and one
 * expiry: it cannot be reused for another item, and it ends after `LIFETIME` seconds.
 */
final class PreviewToken {

	/** Seconds a signed preview link stays valid (the site accepts at most 600). */
	public const LIFETIME = 300;

	/**
	 * The message that is signed.
	 *
	 * @param string $restBase The item's REST base (`news`, `fp_page`, ...).
	 * @param int    $id       The item's id.
	 * @param int    $userId   The previewing user's id (whose autosave the site reads).
	 * @param int    $expires  Unix seconds after which the site refuses the token.
	 */
	public static function message( string $restBase, int $id, int $userId, int $expires ): string {
		return $restBase . "\n" . $id . "\n" . $userId . "\n" . $expires;
	}

	/**
	 * The token: lowercase hex HMAC-SHA256 of the message under the secret.
	 *
	 * @param string $secret   The shared secret (at least 16 characters, see Config).
	 * @param string $restBase The item's REST base.
	 * @param int    $id       The item's id.
	 * @param int    $userId   The previewing user's id.
	 * @param int    $expires  Unix seconds.
	 */
	public static function sign( string $secret, string $restBase, int $id, int $userId, int $expires ): string {
		return hash_hmac( 'sha256', self::message( $restBase, $id, $userId, $expires ), $secret );
	}
}
