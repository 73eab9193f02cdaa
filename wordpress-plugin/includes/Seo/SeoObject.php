<?php

/**
 * The normalized SEO object (docs/seo-and-redirects.md §1): one shape whatever the SEO plugin.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Seo;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Builds the shape and cleans values into it: strings plain text (character references decoded,
 * `''` becomes null), URLs absolute, numbers integers. Every key is always present.
 */
final class SeoObject {

	/** The sources, as `source` names them. */
	public const YOAST     = 'yoast';
	public const RANK_MATH = 'rankmath';
	public const WORDPRESS = 'wordpress';

	/** The values `robots.max_image_preview` may take. */
	public const IMAGE_PREVIEWS = array( 'none', 'standard', 'large' );

	/** The values `twitter.card` may take. */
	public const TWITTER_CARDS = array( 'summary', 'summary_large_image' );

	/**
	 * The object with every key present and nothing said: what a source fills in.
	 *
	 * @return array<string, mixed>
	 */
	public static function blank( string $source ): array {
		return array(
			'source'      => $source,
			'title'       => null,
			'description' => null,
			'robots'      => self::robots( array() ),
			'canonical'   => null,
			'og'          => array(
				'type'           => null,
				'title'          => null,
				'description'    => null,
				'image'          => null,
				'site_name'      => null,
				'locale'         => null,
				'published_time' => null,
				'modified_time'  => null,
			),
			'twitter'     => array(
				'card'        => null,
				'title'       => null,
				'description' => null,
				'image'       => null,
			),
			'schema'      => null,
		);
	}

	/**
	 * Plain text as the SEO plugin rendered it: character references decoded, white space at the
	 * ends trimmed; empty is null. Markup is not stripped (the site escapes what it prints).
	 */
	public static function text( mixed $value ): ?string {
		if ( ! is_string( $value ) && ! is_int( $value ) && ! is_float( $value ) ) {
			return null;
		}
		$text = trim( html_entity_decode( (string) $value, ENT_QUOTES | ENT_HTML5, 'UTF-8' ) );
		return '' === $text ? null : $text;
	}

	/**
	 * An absolute http(s) URL, or null.
	 */
	public static function url( mixed $value ): ?string {
		$url = self::text( $value );
		if ( null === $url || ! preg_match( '#^https?://[^/\s]+#i', $url ) ) {
			return null;
		}
		return $url;
	}

	/**
	 * An integer (numeric strings accepted), or null.
	 */
	public static function int( mixed $value ): ?int {
		if ( is_int( $value ) ) {
			return $value;
		}
		if ( is_string( $value ) && preg_match( '/^-?\d+$/', trim( $value ) ) ) {
			return (int) trim( $value );
		}
		if ( is_float( $value ) && floor( $value ) === $value ) {
			return (int) $value;
		}
		return null;
	}

	/**
	 * An ISO 8601 time (as the plugin gives it, normalized through PHP), or null.
	 */
	public static function time( mixed $value ): ?string {
		$text = self::text( $value );
		if ( null === $text ) {
			return null;
		}
		try {
			return ( new \DateTimeImmutable( $text ) )->format( 'c' );
		} catch ( \Exception $e ) {
			return null;
		}
	}

	/**
	 * The robots object from directives: `['noindex', 'max-snippet:-1']` or the plugins' maps
	 * (`['index' => 'noindex', 'max-snippet' => 'max-snippet:-1']`, `['max-snippet' => '-1']`).
	 * Nothing said: index and follow, limits null, the rest false.
	 *
	 * @param array<int|string, mixed> $directives
	 * @return array<string, mixed>
	 */
	public static function robots( array $directives ): array {
		$robots = array(
			'index'             => true,
			'follow'            => true,
			'max_snippet'       => null,
			'max_image_preview' => null,
			'max_video_preview' => null,
			'noarchive'         => false,
			'nosnippet'         => false,
			'noimageindex'      => false,
		);
		foreach ( $directives as $key => $value ) {
			if ( ! is_scalar( $value ) ) {
				continue;
			}
			$directive = strtolower( trim( (string) $value ) );
			if ( is_string( $key ) && str_starts_with( $key, 'max-' ) && ! str_contains( $directive, ':' ) ) {
				$directive = $key . ':' . $directive;
			}
			self::applyDirective( $robots, $directive );
		}
		return $robots;
	}

	/**
	 * Applies one directive (`noindex`, `max-image-preview:large`...) to a robots object.
	 *
	 * @param array<string, mixed> $robots
	 */
	private static function applyDirective( array &$robots, string $directive ): void {
		[$name, $value] = array_pad( explode( ':', $directive, 2 ), 2, null );
		$name           = trim( (string) $name );
		$value          = null === $value ? null : trim( $value );
		switch ( $name ) {
			case 'index':
			case 'noindex':
				$robots['index'] = 'index' === $name;
				break;
			case 'follow':
			case 'nofollow':
				$robots['follow'] = 'follow' === $name;
				break;
			case 'noarchive':
			case 'nosnippet':
			case 'noimageindex':
				$robots[ $name ] = true;
				break;
			case 'max-snippet':
			case 'max-video-preview':
				$robots[ str_replace( '-', '_', $name ) ] = self::int( $value );
				break;
			case 'max-image-preview':
				$robots['max_image_preview'] = in_array( $value, self::IMAGE_PREVIEWS, true ) ? $value : null;
				break;
		}
	}

	/**
	 * An Open Graph image `{url, width, height, alt, type}`, or null without a URL.
	 *
	 * @param array<string, mixed>|null $image
	 * @return array<string, mixed>|null
	 */
	public static function image( ?array $image ): ?array {
		$url = self::url( $image['url'] ?? null );
		if ( null === $url ) {
			return null;
		}
		return array(
			'url'    => $url,
			'width'  => self::int( $image['width'] ?? null ),
			'height' => self::int( $image['height'] ?? null ),
			'alt'    => self::text( $image['alt'] ?? null ),
			'type'   => self::text( $image['type'] ?? null ),
		);
	}

	/**
	 * An attachment as an Open Graph image (its full size), or null.
	 *
	 * @return array<string, mixed>|null
	 */
	public static function attachmentImage( int $attachmentId ): ?array {
		if ( $attachmentId <= 0 ) {
			return null;
		}
		$source = wp_get_attachment_image_src( $attachmentId, 'full' );
		if ( ! is_array( $source ) ) {
			return null;
		}
		return self::image(
			array(
				'url'    => $source[0],
				'width'  => $source[1] ? $source[1] : null,
				'height' => $source[2] ? $source[2] : null,
				'alt'    => get_post_meta( $attachmentId, '_wp_attachment_image_alt', true ),
				'type'   => get_post_mime_type( $attachmentId ),
			)
		);
	}

	/**
	 * The attachment an upload URL (any of its sizes) belongs to, or 0. Only URLs under the uploads
	 * folder are looked up (one query).
	 */
	public static function attachmentIdFor( string $url ): int {
		$uploads = wp_get_upload_dir();
		if ( ! str_starts_with( $url, (string) $uploads['baseurl'] ) ) {
			return 0;
		}
		$id = attachment_url_to_postid( $url );
		if ( $id > 0 ) {
			return $id;
		}
		// A resized copy (`-1200x630.jpg`): look up the original's URL.
		$original = preg_replace( '/-\d+x\d+(\.[a-z0-9]+)$/i', '$1', $url );
		return is_string( $original ) && $original !== $url ? attachment_url_to_postid( $original ) : 0;
	}

	/**
	 * The JSON-LD graph as an object (`@context`, `@graph`), or null.
	 *
	 * @return array<string, mixed>|null
	 */
	public static function schema( mixed $schema ): ?array {
		if ( ! is_array( $schema ) || ! isset( $schema['@graph'] ) || ! is_array( $schema['@graph'] ) ) {
			return null;
		}
		return array(
			'@context' => is_string( $schema['@context'] ?? null ) ? $schema['@context'] : 'https://schema.org',
			'@graph'   => array_values( $schema['@graph'] ),
		);
	}

	/**
	 * The JSON Schema of the object, for the REST field.
	 *
	 * @return array<string, mixed>
	 */
	public static function jsonSchema(): array {
		$text = array( 'type' => array( 'string', 'null' ) );
		$int  = array( 'type' => array( 'integer', 'null' ) );
		return array(
			'description' => 'The item\'s SEO values from the active SEO plugin, normalized (docs/seo-and-redirects.md).',
			'type'        => 'object',
			'context'     => array( 'view', 'edit' ),
			'readonly'    => true,
			'properties'  => array(
				'source'      => array(
					'type' => 'string',
					'enum' => array( self::YOAST, self::RANK_MATH, self::WORDPRESS ),
				),
				'title'       => $text,
				'description' => $text,
				'robots'      => array(
					'type'       => 'object',
					'properties' => array(
						'index'             => array( 'type' => 'boolean' ),
						'follow'            => array( 'type' => 'boolean' ),
						'max_snippet'       => $int,
						'max_image_preview' => array(
							'type' => array( 'string', 'null' ),
							'enum' => array_merge( self::IMAGE_PREVIEWS, array( null ) ),
						),
						'max_video_preview' => $int,
						'noarchive'         => array( 'type' => 'boolean' ),
						'nosnippet'         => array( 'type' => 'boolean' ),
						'noimageindex'      => array( 'type' => 'boolean' ),
					),
				),
				'canonical'   => array(
					'type'   => array( 'string', 'null' ),
					'format' => 'uri',
				),
				'og'          => array(
					'type'       => 'object',
					'properties' => array(
						'type'           => $text,
						'title'          => $text,
						'description'    => $text,
						'image'          => array(
							'type'       => array( 'object', 'null' ),
							'properties' => array(
								'url'    => array(
									'type'   => 'string',
									'format' => 'uri',
								),
								'width'  => $int,
								'height' => $int,
								'alt'    => $text,
								'type'   => $text,
							),
						),
						'site_name'      => $text,
						'locale'         => $text,
						'published_time' => $text,
						'modified_time'  => $text,
					),
				),
				'twitter'     => array(
					'type'       => 'object',
					'properties' => array(
						'card'        => array(
							'type' => array( 'string', 'null' ),
							'enum' => array_merge( self::TWITTER_CARDS, array( null ) ),
						),
						'title'       => $text,
						'description' => $text,
						'image'       => array(
							'type'   => array( 'string', 'null' ),
							'format' => 'uri',
						),
					),
				),
				'schema'      => array( 'type' => array( 'object', 'null' ) ),
			),
		);
	}
}
