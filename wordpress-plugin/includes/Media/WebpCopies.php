<?php

/**
 * Issue 19: the copies WordPress makes of an uploaded JPEG photo are WebP (docs/images.md).
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * WordPress makes smaller copies of every uploaded image (`thumbnail`, `medium`, `medium_large`,
 * `large`, `1536x1536`, `2048x2048`), and the site offers them to browsers in `srcset`. Of a JPEG
 * photo, this plugin has those copies written as WebP, at WordPress's own WebP quality (86): about
 * 30 % fewer bytes than WordPress's JPEG copies (quality 82) for the same picture. Every browser the
 * site supports shows WebP.
 *
 * What stays as uploaded:
 * - the uploaded file itself, and the `-scaled` or `-rotated` file WordPress writes in its place
 *   for a large or turned photo: the full-size image, which editors download, `src` falls back to,
 *   and feeds and link previews use;
 * - PNG, GIF and WebP uploads (screenshots, logos and drawings keep their exact pixels).
 *
 * How: WordPress's `image_editor_output_format` filter maps `image/jpeg` to `image/webp` when the
 * editor saves a copy. Both of WordPress 6.1's image editors (GD and Imagick) save a copy without
 * naming its file (`make_subsize()` → `_save()`), and the full-size files with a name: that is how
 * the two are told apart. When the server's image editor cannot write WebP, WordPress keeps JPEG.
 * Another plugin's mapping for JPEG wins.
 *
 * Uploads made before the plugin keep their JPEG copies until their thumbnails are regenerated.
 */
final class WebpCopies {

	/** The format of the photos whose copies are converted. */
	public const FROM = 'image/jpeg';

	/** The format the copies are written in. */
	public const TO = 'image/webp';

	/** The file name extensions of the uploads whose copies are WebP. */
	public const FROM_EXTENSIONS = array( 'jpg', 'jpeg', 'jpe' );

	/**
	 * Hooks the mapping (called from Plugin::boot()).
	 */
	public static function register(): void {
		add_filter( 'image_editor_output_format', array( self::class, 'outputFormat' ), 10, 3 );
	}

	/**
	 * `image_editor_output_format`: JPEG to WebP for a copy (a save without a file name).
	 *
	 * @param mixed       $formats  Source MIME type => output MIME type.
	 * @param string|null $filename The file being saved, or null for one of WordPress's copies.
	 * @param string|null $mimeType The source image's MIME type.
	 * @return mixed The mapping.
	 */
	public static function outputFormat( $formats, $filename = null, $mimeType = null ) {
		if ( ! is_array( $formats ) || null !== $filename || self::FROM !== $mimeType || isset( $formats[ self::FROM ] ) ) {
			return $formats;
		}
		$formats[ self::FROM ] = self::TO;
		return $formats;
	}
}
