<?php

/**
 * The least-privilege role of the site's preview reader (issue 11, contract C).
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless;

use WP_Post;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * `headless_previewer` ("Headless preview reader"): `read` and `payments_headless_read_previews`,
 * nothing else. The site's `WORDPRESS_PREVIEW_USER` has this role; its application password reads
 * unpublished items of the site's types through the preview route and nothing more. No other role
 * gets the capability (administrators neither): the credential the site holds can only ever be this
 * one, and a leaked one cannot write, list users or change settings.
 *
 * The role lives in the database: made at activation, checked again on every `init` against a
 * stored version (an update of the plugin's files, or a re-activation of an active plugin, runs no
 * activation hook), removed by uninstall.php.
 */
final class PreviewRole {

	public const ROLE       = 'headless_previewer';
	public const CAPABILITY = 'payments_headless_read_previews';
	public const LABEL      = 'Headless preview reader';

	/** The option holding the version of the role definition stored in the database. */
	public const VERSION_OPTION = 'payments_headless_roles_version';

	/** Bump when ROLE's capabilities change: every site then rewrites the role once. */
	public const VERSION = '1';

	/**
	 * The role's capabilities.
	 *
	 * @return array<string, bool>
	 */
	public static function capabilities(): array {
		return array(
			'read'           => true,
			self::CAPABILITY => true,
		);
	}

	/**
	 * Creates the role, or sets its capabilities to exactly `capabilities()` (activation, and `init`
	 * when the stored version differs or the role is missing).
	 */
	public static function install(): void {
		$role = get_role( self::ROLE );
		if ( null === $role ) {
			add_role( self::ROLE, self::LABEL, self::capabilities() );
		} else {
			$wanted = self::capabilities();
			foreach ( array_keys( $role->capabilities ) as $cap ) {
				if ( ! isset( $wanted[ $cap ] ) ) {
					$role->remove_cap( $cap );
				}
			}
			foreach ( $wanted as $cap => $grant ) {
				if ( ( $role->capabilities[ $cap ] ?? null ) !== $grant ) {
					$role->add_cap( $cap, $grant );
				}
			}
		}
		update_option( self::VERSION_OPTION, self::VERSION, true );
	}

	/**
	 * On `init`: installs the role when the stored version is not this code's, or the role is gone.
	 * One autoloaded option read per request otherwise.
	 */
	public static function ensure(): void {
		if ( self::VERSION !== get_option( self::VERSION_OPTION ) || null === get_role( self::ROLE ) ) {
			self::install();
		}
	}

	/**
	 * `map_meta_cap`: holders of the capability may `read_post` the site's content types in any
	 * status but trash and auto-draft (so core's view-context reads and `_embed` of an unpublished
	 * item's attached media work for them), and nothing more: no edit, no autosaves, no other type.
	 *
	 * @param array<int, string> $caps   The primitive capabilities required.
	 * @param string             $cap    The capability checked.
	 * @param int                $userId The user.
	 * @param array<int, mixed>  $args   `[post id]` for read_post.
	 * @return array<int, string>
	 */
	public static function mapMetaCap( array $caps, string $cap, int $userId, array $args ): array {
		if ( 'read_post' !== $cap || ! isset( $args[0] ) || $userId <= 0 ) {
			return $caps;
		}
		$post = get_post( (int) $args[0] );
		if ( ! $post instanceof WP_Post ) {
			return $caps;
		}
		if ( 'attachment' === $post->post_type && 'inherit' === $post->post_status && $post->post_parent > 0 ) {
			$post = get_post( $post->post_parent );
			if ( ! $post instanceof WP_Post ) {
				return $caps;
			}
		}
		if (
			null === ContentModel::restBaseFor( $post->post_type )
			|| in_array( $post->post_status, array( 'trash', 'auto-draft' ), true )
		) {
			return $caps;
		}
		$user = get_userdata( $userId );
		if ( ! $user || empty( $user->allcaps[ self::CAPABILITY ] ) ) {
			return $caps;
		}
		return array( self::CAPABILITY );
	}

	/**
	 * Removes the role (uninstall.php repeats this without loading the plugin).
	 */
	public static function uninstall(): void {
		remove_role( self::ROLE );
		delete_option( self::VERSION_OPTION );
	}
}
