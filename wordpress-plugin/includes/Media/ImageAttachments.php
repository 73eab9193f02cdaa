<?php

/**
 * Issue 17: frames' image fields that hold a URL, resolved to their attachment: the REST field
 * `image_attachments` (docs/blocks.md, "The REST contract", 3).
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
 * `{ "<url as stored>": {id, width, height, sizes: {<size>: {source_url, width, height}}} }` for
 * every image URL of a frame's fields that is an attachment of this WordPress or one of its sizes,
 * whatever the attachment's title or slug. A field that stores an attachment id (ACF's image field,
 * whatever it returns in REST) gives the entry of that attachment's URL (`wp_get_attachment_url`,
 * what ACF returns for the URL format).
 *
 * A URL is looked up with attachment_url_to_postid() (the attached file: the original, or the
 * `-scaled` copy of a large upload); a size's URL (`-1024x538`) or the original of a scaled upload
 * by the name WordPress derived it from (a WebP size of a JPEG upload, WebpCopies, by that name
 * with the upload's extension). A match counts only when the URL's file is the
 * attachment's file, one of its sizes or its original: a name that merely looks like a size never
 * lends another image's sizes. Only URLs on this WordPress's hosts (its uploads, home and site
 * addresses; `payments_headless_media_hosts` adds others) are looked up.
 *
 * `width`, `height` and `sizes` are what `/wp/v2/media/{id}` answers in `media_details` (`full`
 * included, URLs from wp_get_attachment_image_src()).
 */
final class ImageAttachments {

	/** The REST field. */
	public const FIELD = 'image_attachments';

	/** The most URLs and ids looked up for one frame. */
	public const MAX_LOOKUPS = 50;

	/** An image URL (what the site treats as one). */
	private const IMAGE_URL = '#^https?://[^\s"\'<>]+\.(?:jpe?g|png|gif|webp|avif)$#i';

	/**
	 * Hooks the field (called from Plugin::boot()).
	 */
	public static function register(): void {
		add_action( 'rest_api_init', array( self::class, 'registerField' ) );
	}

	/**
	 * Registers the field on frames.
	 */
	public static function registerField(): void {
		register_rest_field(
			(string) ContentModel::postTypeFor( 'frame' ),
			self::FIELD,
			array(
				'get_callback' => static fn ( array $item ): object => (object) self::forPost( (int) $item['id'] ),
				'schema'       => array(
					'description' => 'The attachments of the image URLs in the frame\'s fields, by URL as stored.',
					'type'        => 'object',
					'context'     => array( 'view', 'edit' ),
					'readonly'    => true,
				),
			)
		);
	}

	/**
	 * The attachments of a post's fields, by URL.
	 *
	 * @param int $postId The frame.
	 * @return array<string, array<string, mixed>>
	 */
	public static function forPost( int $postId ): array {
		$urls = array();
		$ids  = array();
		foreach ( (array) get_post_meta( $postId ) as $key => $values ) {
			if ( '' === $key || '_' === $key[0] || 'frame_type' === $key ) {
				continue;
			}
			foreach ( (array) $values as $value ) {
				self::gather( maybe_unserialize( $value ), $urls, $ids, 0 );
			}
		}
		$found = array();
		foreach ( array_slice( array_keys( $urls ), 0, self::MAX_LOOKUPS ) as $url ) {
			$attachmentId = self::attachmentOf( (string) $url );
			if ( $attachmentId > 0 ) {
				$entry = self::entry( $attachmentId );
				if ( null !== $entry ) {
					$found[ (string) $url ] = $entry;
				}
			}
		}
		$ids = array_slice( array_keys( $ids ), 0, self::MAX_LOOKUPS );
		if ( array() !== $ids ) {
			_prime_post_caches( $ids, false, true );
		}
		foreach ( $ids as $id ) {
			$url = wp_attachment_is_image( $id ) ? wp_get_attachment_url( $id ) : false;
			if ( is_string( $url ) && ! isset( $found[ $url ] ) ) {
				$entry = self::entry( $id );
				if ( null !== $entry ) {
					$found[ $url ] = $entry;
				}
			}
		}
		return $found;
	}

	/**
	 * Collects image URLs and candidate attachment ids from a field value, at any depth.
	 *
	 * @param mixed              $value The value.
	 * @param array<string, true> $urls  URLs so far.
	 * @param array<int, true>    $ids   Ids so far.
	 * @param int                 $depth Nesting depth.
	 */
	private static function gather( mixed $value, array &$urls, array &$ids, int $depth ): void {
		if ( is_string( $value ) ) {
			$trimmed = trim( $value );
			if ( 1 === preg_match( self::IMAGE_URL, $trimmed ) ) {
				$urls[ $trimmed ] = true;
			} elseif ( 1 === preg_match( '/^[1-9]\d{0,9}$/', $trimmed ) ) {
				$ids[ (int) $trimmed ] = true;
			}
		} elseif ( is_int( $value ) && $value > 0 ) {
			$ids[ $value ] = true;
		} elseif ( is_array( $value ) && $depth < Fields::MAX_DEPTH ) {
			foreach ( $value as $child ) {
				self::gather( $child, $urls, $ids, $depth + 1 );
			}
		}
	}

	/**
	 * The hosts whose uploads are this WordPress's.
	 *
	 * @return list<string>
	 */
	public static function hosts(): array {
		$hosts = array();
		foreach ( array( wp_get_upload_dir()['baseurl'], home_url(), site_url() ) as $url ) {
			$host = wp_parse_url( (string) $url, PHP_URL_HOST );
			if ( is_string( $host ) && '' !== $host ) {
				$hosts[] = strtolower( $host );
			}
		}
		/**
		 * The hosts whose image URLs are looked up as this WordPress's attachments (a CDN, a former
		 * development host that still names the same files).
		 *
		 * @param list<string> $hosts Lower-case host names.
		 */
		$hosts = apply_filters( 'payments_headless_media_hosts', $hosts );
		return array_values( array_unique( array_map( 'strtolower', array_filter( (array) $hosts, 'is_string' ) ) ) );
	}

	/**
	 * The attachment an image URL (original, `-scaled` copy or size) belongs to, or 0.
	 *
	 * @param string $url The URL as stored.
	 */
	public static function attachmentOf( string $url ): int {
		$parts = wp_parse_url( $url );
		$host  = is_array( $parts ) ? strtolower( (string) ( $parts['host'] ?? '' ) ) : '';
		if ( '' === $host || ! in_array( $host, self::hosts(), true ) ) {
			return 0;
		}
		// Another host of ours (a CDN): looked up as the uploads' own address.
		$base     = wp_get_upload_dir()['baseurl'];
		$baseHost = strtolower( (string) wp_parse_url( $base, PHP_URL_HOST ) );
		$origin   = (string) preg_replace( '#^(https?://[^/]+).*$#i', '$1', $base );
		$local    = $host === $baseHost ? $url : (string) preg_replace( '#^https?://[^/]+#i', $origin, $url );
		$local    = (string) strtok( $local, '?#' );
		$file     = wp_basename( (string) wp_parse_url( $local, PHP_URL_PATH ) );

		$candidates = array( $local );
		$stems      = array( (string) preg_replace( '/-\d+x\d+(\.[a-z0-9]+)$/i', '$1', $local ) );
		if ( $stems[0] !== $local && preg_match( '/\.webp$/i', $local ) ) {
			// A WebP size of a JPEG upload (WebpCopies): the upload keeps its own extension.
			foreach ( WebpCopies::FROM_EXTENSIONS as $extension ) {
				$stems[] = (string) preg_replace( '/\.webp$/i', '.' . $extension, $stems[0] );
			}
		}
		foreach ( $stems as $stem ) {
			$candidates[] = $stem;
			// A large upload's attached file is `{name}-scaled.{ext}`; its original and sizes keep `{name}`.
			$candidates[] = (string) preg_replace( '/(\.[a-z0-9]+)$/i', '-scaled$1', $stem );
		}
		foreach ( array_unique( $candidates ) as $candidate ) {
			$id = attachment_url_to_postid( $candidate );
			if ( $id > 0 && self::hasFile( $id, $file ) ) {
				return $id;
			}
		}
		return 0;
	}

	/**
	 * Whether a file name is the attachment's file, one of its sizes or its original.
	 *
	 * @param int    $id   The attachment.
	 * @param string $file A file name.
	 */
	private static function hasFile( int $id, string $file ): bool {
		$attached = get_post_meta( $id, '_wp_attached_file', true );
		if ( is_string( $attached ) && wp_basename( $attached ) === $file ) {
			return true;
		}
		$meta = wp_get_attachment_metadata( $id );
		if ( ! is_array( $meta ) ) {
			return false;
		}
		if ( isset( $meta['original_image'] ) && $meta['original_image'] === $file ) {
			return true;
		}
		foreach ( (array) ( $meta['sizes'] ?? array() ) as $size ) {
			if ( is_array( $size ) && ( $size['file'] ?? null ) === $file ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * An attachment's entry: `{id, width, height, sizes}` as `/wp/v2/media` gives them, or null when
	 * it is not an image with known dimensions.
	 *
	 * @param int $id The attachment.
	 * @return array{id: int, width: int, height: int, sizes: array<string, array{source_url: string, width: int, height: int}>}|null
	 */
	public static function entry( int $id ): ?array {
		$post = get_post( $id );
		$meta = wp_get_attachment_metadata( $id );
		if (
			! $post instanceof WP_Post || 'attachment' !== $post->post_type || ! is_array( $meta )
			|| empty( $meta['width'] ) || empty( $meta['height'] )
		) {
			return null;
		}
		$sizes = array();
		foreach ( (array) ( $meta['sizes'] ?? array() ) as $name => $size ) {
			$src = wp_get_attachment_image_src( $id, (string) $name );
			if ( is_array( $size ) && is_array( $src ) && isset( $size['width'], $size['height'] ) ) {
				$sizes[ (string) $name ] = array(
					'source_url' => (string) $src[0],
					'width'      => (int) $size['width'],
					'height'     => (int) $size['height'],
				);
			}
		}
		$full = wp_get_attachment_image_src( $id, 'full' );
		if ( is_array( $full ) ) {
			$sizes['full'] = array(
				'source_url' => (string) $full[0],
				'width'      => (int) $full[1],
				'height'     => (int) $full[2],
			);
		}
		return array(
			'id'     => $id,
			'width'  => (int) $meta['width'],
			'height' => (int) $meta['height'],
			'sizes'  => $sizes,
		);
	}
}
