<?php

/**
 * Issue 19: WordPress's copies of an uploaded JPEG photo are WebP (docs/images.md).
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Tests;

use PaymentsHeadless\WebpCopies;

final class WebpCopiesTest extends TestCase {

	/**
	 * The copies' paths, from the attachment's metadata.
	 *
	 * @return array<string, array{file: string, mime: string}>
	 */
	private static function copies( int $id ): array {
		$meta   = wp_get_attachment_metadata( $id );
		$dir    = dirname( (string) get_attached_file( $id ) );
		$copies = array();
		foreach ( (array) ( $meta['sizes'] ?? array() ) as $name => $size ) {
			$copies[ $name ] = array(
				'file' => $dir . '/' . $size['file'],
				'mime' => $size['mime-type'],
			);
		}
		return $copies;
	}

	public function testTheCopiesOfAJpegUploadAreWebpFilesAndTheUploadStaysJpeg(): void {
		$upload = $this->uploadImage( 'wc-photo', 1200, 630 );
		$this->assertMatchesRegularExpression( '/\.jpg$/', $upload['url'], 'the upload keeps its file' );
		$this->assertSame( 'image/jpeg', wp_get_image_mime( (string) get_attached_file( $upload['id'] ) ) );
		$copies = self::copies( $upload['id'] );
		$this->assertSame( array( 'large', 'medium', 'medium_large', 'thumbnail' ), self::sorted( array_keys( $copies ) ) );
		foreach ( $copies as $name => $copy ) {
			$this->assertMatchesRegularExpression( '/\.webp$/', $copy['file'], $name );
			$this->assertSame( 'image/webp', $copy['mime'], $name );
			$this->assertFileExists( $copy['file'], $name );
			$this->assertSame( 'image/webp', wp_get_image_mime( $copy['file'] ), "{$name} is WebP inside" );
		}
		// What the site reads: /wp/v2/media lists the WebP copies and the JPEG original.
		$media = $this->json( $this->rest( 'GET', "/wp/v2/media/{$upload['id']}" ) );
		$this->assertSame( 'image/webp', $media['media_details']['sizes']['medium_large']['mime_type'] );
		$this->assertMatchesRegularExpression( '/-768x403\.webp$/', $media['media_details']['sizes']['medium_large']['source_url'] );
		$this->assertSame( 'image/jpeg', $media['media_details']['sizes']['full']['mime_type'] );
		$this->assertSame( $upload['url'], $media['source_url'] );
	}

	public function testAWebpCopyIsSmallerThanTheJpegWordPressWouldHaveMade(): void {
		require_once ABSPATH . 'wp-admin/includes/image.php';
		$upload = $this->uploadImage( 'wc-size', 1600, 840 );
		// A picture with detail, as a photo has: the blank test image would compress to nothing.
		$path  = (string) get_attached_file( $upload['id'] );
		$image = imagecreatetruecolor( 1600, 840 );
		for ( $y = 0; $y < 840; $y += 4 ) {
			for ( $x = 0; $x < 1600; $x += 4 ) {
				$shade = (int) ( 128 + 60 * sin( $x / 37 ) * cos( $y / 23 ) + ( ( $x * 7919 + $y * 104729 ) % 41 ) - 20 );
				imagefilledrectangle( $image, $x, $y, $x + 3, $y + 3, (int) imagecolorallocate( $image, max( 0, min( 255, $shade ) ), 120, 90 ) );
			}
		}
		imagejpeg( $image, $path, 90 );
		imagedestroy( $image );
		wp_update_attachment_metadata( $upload['id'], wp_generate_attachment_metadata( $upload['id'], $path ) );
		$webp = self::copies( $upload['id'] )['medium_large']['file'];
		$this->assertStringEndsWith( '.webp', $webp );
		// The JPEG copy WordPress makes without the plugin, from the same upload.
		remove_filter( 'image_editor_output_format', array( WebpCopies::class, 'outputFormat' ), 10 );
		try {
			$editor = wp_get_image_editor( $path );
			$this->assertNotInstanceOf( \WP_Error::class, $editor );
			$editor->resize( 768, 0 );
			$saved = $editor->save();
			$this->assertIsArray( $saved );
			$jpeg = $saved['path'];
			$this->assertSame( 'image/jpeg', wp_get_image_mime( $jpeg ) );
		} finally {
			add_filter( 'image_editor_output_format', array( WebpCopies::class, 'outputFormat' ), 10, 3 );
		}
		try {
			$this->assertLessThan( filesize( $jpeg ), filesize( $webp ) );
		} finally {
			wp_delete_file( $jpeg );
		}
	}

	public function testALargeUploadsScaledFileAndItsOriginalStayJpeg(): void {
		$upload = $this->uploadImage( 'wc-big', 2700, 1350 );
		$this->assertMatchesRegularExpression( '/-scaled\.jpg$/', $upload['url'] );
		$this->assertSame( 'image/jpeg', wp_get_image_mime( (string) get_attached_file( $upload['id'] ) ) );
		$this->assertMatchesRegularExpression( '/\.jpg$/', (string) wp_get_original_image_url( $upload['id'] ) );
		foreach ( self::copies( $upload['id'] ) as $name => $copy ) {
			$this->assertSame( 'image/webp', $copy['mime'], $name );
		}
	}

	public function testPngUploadsKeepPngCopies(): void {
		$upload = $this->uploadImage( 'wc-drawing', 1200, 630, 'png' );
		$copies = self::copies( $upload['id'] );
		$this->assertNotEmpty( $copies );
		foreach ( $copies as $name => $copy ) {
			$this->assertMatchesRegularExpression( '/\.png$/', $copy['file'], $name );
			$this->assertSame( 'image/png', wp_get_image_mime( $copy['file'] ), $name );
		}
	}

	public function testTheContentsSrcsetOffersTheWebpCopies(): void {
		$upload = $this->uploadImage( 'wc-content', 1200, 630 );
		$srcset = (string) wp_get_attachment_image_srcset( $upload['id'], 'large' );
		$this->assertMatchesRegularExpression( '/-768x403\.webp 768w/', $srcset );
		$this->assertMatchesRegularExpression( '/-1024x538\.webp 1024w/', $srcset );
		$this->assertMatchesRegularExpression( '/\.jpg 1200w/', $srcset, 'the original, as WordPress offers it' );
	}

	public function testTheMappingIsForCopiesOfJpegOnlyAndLeavesAnotherPluginsChoice(): void {
		$this->assertSame( array( 'image/jpeg' => 'image/webp' ), WebpCopies::outputFormat( array(), null, 'image/jpeg' ), 'a copy' );
		$this->assertSame( array(), WebpCopies::outputFormat( array(), '/uploads/photo-scaled.jpg', 'image/jpeg' ), 'a full-size file' );
		$this->assertSame( array(), WebpCopies::outputFormat( array(), null, 'image/png' ), 'a PNG' );
		$this->assertSame( array( 'image/jpeg' => 'image/avif' ), WebpCopies::outputFormat( array( 'image/jpeg' => 'image/avif' ), null, 'image/jpeg' ) );
		$this->assertSame( 'not a map', WebpCopies::outputFormat( 'not a map', null, 'image/jpeg' ) );
	}
}
