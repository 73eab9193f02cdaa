<?php

/**
 * Issue 17: `image_attachments` on frames (docs/blocks.md, REST contract 3).
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Tests;

use PaymentsHeadless\ImageAttachments;

final class ImageAttachmentsTest extends TestCase {

	/**
	 * Uploads a generated JPEG (TestCase::uploadImage), titled unlike its file name.
	 *
	 * @return array{id: int, url: string}
	 */
	private function upload( string $name, int $width, int $height ): array {
		$upload = $this->uploadImage( $name, $width, $height );
		$slug   = (string) get_post_field( 'post_name', $upload['id'] );
		$this->assertStringStartsWith( 'a-title-that-is-not-the-file-name', $slug, 'the slug is the title\'s' );
		return $upload;
	}

	private function frame( array $fields ): array {
		$id = $this->createPost( 'frame', array(), array( 'frame_type' => 'hero' ) + $fields );
		return $this->json( $this->rest( 'GET', "/wp/v2/frame/{$id}" ) );
	}

	public function testAnUploadsUrlGetsItsAttachmentWhateverTheAttachmentsTitle(): void {
		$upload = $this->upload( 'ph-hero', 1200, 600 );
		$frame  = $this->frame( array( 'image' => array( $upload['url'] ) ) );
		$entry  = $frame['image_attachments'][ $upload['url'] ] ?? null;
		$this->assertIsArray( $entry );
		$this->assertSame( array( 'id', 'width', 'height', 'sizes' ), array_keys( $entry ) );
		$this->assertSame( array( $upload['id'], 1200, 600 ), array( $entry['id'], $entry['width'], $entry['height'] ) );
		$media = $this->json( $this->rest( 'GET', "/wp/v2/media/{$upload['id']}" ) );
		foreach ( $media['media_details']['sizes'] as $size => $details ) {
			$this->assertSame(
				array(
					'source_url' => $details['source_url'],
					'width'      => $details['width'],
					'height'     => $details['height'],
				),
				$entry['sizes'][ $size ],
				"size {$size} as /wp/v2/media answers it"
			);
		}
		$this->assertSame( array( 'full', 'large', 'medium', 'medium_large', 'thumbnail' ), self::sorted( array_keys( $entry['sizes'] ) ) );
	}

	public function testASizesUrlAndTheOriginalOfAScaledUploadResolveToTheirAttachment(): void {
		$upload = $this->upload( 'ph-size', 1200, 600 );
		$large  = (string) wp_get_attachment_image_src( $upload['id'], 'large' )[0];
		// A WebP copy of the JPEG upload (WebpCopies): found through the upload's own name.
		$this->assertMatchesRegularExpression( '/-1024x512\.webp$/', $large );
		$big = $this->upload( 'ph-big', 2700, 1350 );
		$this->assertMatchesRegularExpression( '/-scaled\.jpg$/', $big['url'], 'WordPress scaled the large upload' );
		$original = (string) wp_get_original_image_url( $big['id'] );
		$frame    = $this->frame(
			array(
				'image' => $large,
				'logos' => array( array( 'image' => $big['url'] ), array( 'image' => $original ) ),
			)
		);
		$found    = $frame['image_attachments'];
		$this->assertSame( $upload['id'], $found[ $large ]['id'] ?? null, 'a size URL' );
		$this->assertSame( $big['id'], $found[ $big['url'] ]['id'] ?? null, 'the -scaled URL' );
		$this->assertSame( $big['id'], $found[ $original ]['id'] ?? null, 'the original of a scaled upload' );
		$this->assertSame( 2560, $found[ $big['url'] ]['width'] );
	}

	public function testAUrlThatOnlyLooksLikeASizeOrIsOnAnotherHostGetsNothing(): void {
		$upload       = $this->upload( 'ph-fake', 1200, 600 );
		$fakeSize     = (string) preg_replace( '/\.jpg$/', '-999x333.jpg', $upload['url'] );
		$fakeWebpSize = (string) preg_replace( '/\.jpg$/', '-999x333.webp', $upload['url'] );
		$elsewhere    = (string) preg_replace( '#^https?://[^/]+#', 'https://images.example.test', $upload['url'] );
		$frame        = $this->frame(
			array(
				'image'     => array( $fakeSize, $fakeWebpSize ),
				'image_alt' => $elsewhere,
				'heading'   => 'https://example.test/x.png',
			)
		);
		$this->assertSame( array(), $frame['image_attachments'] );
		$this->assertSame( '{}', (string) wp_json_encode( (object) array() ), 'an empty object in JSON' );
		$this->assertStringContainsString( '"image_attachments":{}', $this->jsonText( $this->rest( 'GET', '/wp/v2/frame/' . $frame['id'] ) ) );
		// A host the site names as its own (a CDN) is looked up as the uploads' address.
		$this->filter( 'payments_headless_media_hosts', static fn ( array $hosts ): array => array_merge( $hosts, array( 'images.example.test' ) ) );
		$this->assertSame( $upload['id'], ImageAttachments::attachmentOf( $elsewhere ) );
	}

	public function testAFieldThatStoresTheAttachmentIdGetsTheEntryOfItsUrl(): void {
		$upload = $this->upload( 'ph-id', 1200, 600 );
		$frame  = $this->frame( array( 'photo' => (string) $upload['id'] ) );
		$this->assertSame( $upload['id'], $frame['image_attachments'][ $upload['url'] ]['id'] ?? null );
	}
}
