<?php

/**
 * Issue 17: the `block_styles` REST field: which blocks an item uses, and the CSS WordPress
 * generated while rendering that item's `content.rendered` (docs/blocks.md, "The REST contract").
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless;

use Closure;
use ReflectionFunction;
use WP_Hook;
use WP_Post;
use WP_REST_Request;
use WP_REST_Response;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * WordPress 6.1 writes the CSS of a render in three places, none of which REST returns:
 * - the style engine's `block-supports` store (layout containers `.wp-container-N`, element link
 *   colours `.wp-elements-…`), printed later by wp_enqueue_stored_styles();
 * - the gallery's gap: wp_enqueue_block_support_styles() hooks a closure on `wp_head` (block
 *   themes) or `wp_footer` that prints `<style>…</style>`;
 * - duotone: an inline-only stylesheet (`wp-duotone-…`) enqueued with wp_add_inline_style(), and
 *   an SVG `<filter>` printed by a `wp_footer` closure.
 *
 * Every `the_content` call is bracketed (first and last priority): at its start the store is
 * emptied (its rules are kept aside), the hooks and the style queue are noted; at its end the
 * store holds this render's rules only, the new closures and styles are this render's, and the
 * store gets its earlier rules back (so a theme page still prints everything). The REST
 * controller renders `content.rendered` through `the_content`; `rest_prepare_{post_type}` then
 * finds the render whose output is exactly `content.rendered`.
 *
 * The ids WordPress numbers per request with wp_unique_id() (`wp-container-N`, the gallery's
 * `wp-block-gallery-N`, duotone's `wp-duotone-{colours}-N`) are renamed `…-{post id}-{k}`, k
 * counting from 1 in the item's render order, in `content.rendered` and `css` alike: two items on
 * one page never collide, and an item's names are the same on every read.
 */
final class BlockStyles {

	/** The REST field. */
	public const FIELD = 'block_styles';

	/** The most reusable blocks expanded for one item (each once). */
	public const MAX_REFS = 100;

	/** Renders kept for rest_prepare (a request renders content and excerpts of many items). */
	private const MAX_CAPTURES = 20;

	/** Ids numbered per request by wp_unique_id() in the CSS of a render. */
	private const GENERATED_ID = '/(?<![\w-])(wp-container-|wp-block-gallery-|wp-duotone-[a-z0-9_-]+?-)(\d+)(?![\w-])/';

	private static int $depth = 0;

	/** @var array<string, array<string, mixed>> The store's rules kept aside during a render. */
	private static array $asideRules = array();

	/** @var array<string, array<string, true>> Callback ids on wp_head and wp_footer before a render. */
	private static array $hooksBefore = array();

	/** @var array<int, string> The style queue before a render. */
	private static array $queueBefore = array();

	/** @var list<array{html: string, css: string}> Recent renders, oldest first. */
	private static array $captures = array();

	/**
	 * Hooks the capture, the field and the renaming (called from Plugin::boot()).
	 */
	public static function register(): void {
		add_filter( 'the_content', array( self::class, 'beginRender' ), PHP_INT_MIN );
		add_filter( 'the_content', array( self::class, 'endRender' ), PHP_INT_MAX );
		add_action( 'rest_api_init', array( self::class, 'registerField' ) );
		foreach ( ContentModel::TYPES as $type ) {
			add_filter( 'rest_prepare_' . $type['name'], array( self::class, 'prepare' ), 10, 3 );
		}
	}

	/**
	 * The field's schema on every content type (its value is set by prepare()).
	 */
	public static function registerField(): void {
		foreach ( ContentModel::TYPES as $type ) {
			register_rest_field(
				$type['name'],
				self::FIELD,
				array(
					'get_callback' => null,
					'schema'       => array(
						'description' => 'The blocks the content uses and the CSS WordPress generated while rendering it.',
						'type'        => 'object',
						'context'     => array( 'view', 'edit' ),
						'readonly'    => true,
						'properties'  => array(
							'blocks' => array(
								'type'  => 'array',
								'items' => array( 'type' => 'string' ),
							),
							'css'    => array( 'type' => 'string' ),
						),
					),
				)
			);
		}
	}

	/* ---------------------------------------------------------------- capture */

	/**
	 * The start of a `the_content` render: empties the block-supports store, notes hooks and styles.
	 *
	 * @param mixed $content The content (returned unchanged).
	 * @return mixed
	 */
	public static function beginRender( mixed $content ): mixed {
		if ( self::$depth++ > 0 ) {
			return $content;
		}
		$store            = \WP_Style_Engine::get_store( 'block-supports' );
		self::$asideRules = array();
		foreach ( $store->get_all_rules() as $selector => $rule ) {
			self::$asideRules[ (string) $selector ] = $rule->get_declarations()->get_declarations();
			$store->remove_rule( (string) $selector );
		}
		self::$hooksBefore = array();
		foreach ( array( 'wp_head', 'wp_footer' ) as $hook ) {
			self::$hooksBefore[ $hook ] = array_fill_keys( array_keys( self::callbacks( $hook ) ), true );
		}
		self::$queueBefore = wp_styles()->queue;
		return $content;
	}

	/**
	 * The end of a `the_content` render: reads this render's CSS, gives the store its rules back.
	 *
	 * @param mixed $content The rendered content (returned unchanged).
	 * @return mixed
	 */
	public static function endRender( mixed $content ): mixed {
		if ( self::$depth <= 0 ) {
			self::$depth = 0;
			return $content;
		}
		if ( --self::$depth > 0 ) {
			return $content;
		}
		$css   = wp_style_engine_get_stylesheet_from_context( 'block-supports', array( 'prettify' => false ) );
		$css  .= self::supportStyles() . self::inlineStyles();
		$store = \WP_Style_Engine::get_store( 'block-supports' );
		foreach ( self::$asideRules as $selector => $declarations ) {
			$store->add_rule( $selector )?->add_declarations( $declarations );
		}
		self::$asideRules = array();
		if ( is_string( $content ) ) {
			self::$captures[] = array(
				'html' => $content,
				'css'  => $css,
			);
			if ( count( self::$captures ) > self::MAX_CAPTURES ) {
				array_shift( self::$captures );
			}
		}
		return $content;
	}

	/**
	 * The callbacks of an action, by id.
	 *
	 * @param string $hook The action.
	 * @return array<string, array{function: mixed, accepted_args: int}>
	 */
	private static function callbacks( string $hook ): array {
		global $wp_filter;
		$callbacks = array();
		if ( isset( $wp_filter[ $hook ] ) && $wp_filter[ $hook ] instanceof WP_Hook ) {
			foreach ( $wp_filter[ $hook ]->callbacks as $byId ) {
				$callbacks += $byId;
			}
		}
		return $callbacks;
	}

	/**
	 * The CSS of the wp_enqueue_block_support_styles() calls of this render (the gallery's gap):
	 * the `$style` of each closure it hooked, read without running the closure.
	 */
	private static function supportStyles(): string {
		$css = '';
		foreach ( array( 'wp_head', 'wp_footer' ) as $hook ) {
			foreach ( self::callbacks( $hook ) as $id => $callback ) {
				if ( isset( self::$hooksBefore[ $hook ][ $id ] ) || ! $callback['function'] instanceof Closure ) {
					continue;
				}
				$function = new ReflectionFunction( $callback['function'] );
				$file     = wp_normalize_path( (string) $function->getFileName() );
				$style    = $function->getStaticVariables()['style'] ?? null;
				if ( str_ends_with( $file, '/wp-includes/script-loader.php' ) && is_string( $style ) ) {
					$css .= $style;
				}
			}
		}
		return $css;
	}

	/**
	 * The inline-only stylesheets enqueued during this render (duotone's filters).
	 */
	private static function inlineStyles(): string {
		$styles = wp_styles();
		$css    = '';
		foreach ( array_diff( $styles->queue, self::$queueBefore ) as $handle ) {
			$style = $styles->registered[ $handle ] ?? null;
			if ( null === $style || false !== $style->src ) {
				continue;
			}
			$after = $styles->get_data( $handle, 'after' );
			if ( is_array( $after ) ) {
				$css .= implode( '', array_filter( $after, 'is_string' ) );
			}
		}
		return $css;
	}

	/**
	 * Takes the recent render whose output is exactly this HTML (null when none).
	 *
	 * @param string $html The rendered content.
	 */
	private static function takeCapture( string $html ): ?string {
		for ( $i = count( self::$captures ) - 1; $i >= 0; $i-- ) {
			if ( self::$captures[ $i ]['html'] === $html ) {
				$css = self::$captures[ $i ]['css'];
				array_splice( self::$captures, $i, 1 );
				return $css;
			}
		}
		return null;
	}

	/* ---------------------------------------------------------------- REST */

	/**
	 * Adds `block_styles` to an item and renames its generated ids (rest_prepare_{post_type}).
	 *
	 * @param mixed           $response The prepared item.
	 * @param mixed           $post     The post (an autosave's text, for a preview).
	 * @param mixed           $request  The request.
	 * @return mixed
	 */
	public static function prepare( mixed $response, mixed $post, mixed $request ): mixed {
		if ( ! $response instanceof WP_REST_Response || ! $post instanceof WP_Post || ! $request instanceof WP_REST_Request ) {
			return $response;
		}
		$data    = $response->get_data();
		$context = $request['context'] ?? 'view';
		if ( ! is_array( $data ) || ! in_array( $context, array( 'view', 'edit' ), true ) ) {
			return $response;
		}
		$rendered = $data['content']['rendered'] ?? null;
		$wanted   = self::fieldWanted( $request );
		if ( is_string( $rendered ) ) {
			$css = '' === $rendered ? '' : self::takeCapture( $rendered );
			if ( null === $css ) {
				// Not rendered through the_content (a filter replaced it): no CSS we can vouch for.
				$css = '';
			}
			$styles                      = self::scoped( $rendered, $css, $post->ID );
			$data['content']['rendered'] = $styles['html'];
			$css                         = $styles['css'];
			$protected                   = '' === $rendered && '' !== $post->post_password;
		} elseif ( $wanted ) {
			// `_fields` without content: render as the controller would have, for the CSS only.
			$protected = '' !== $post->post_password && post_password_required( $post );
			$css       = $protected ? '' : self::renderCss( $post );
		} else {
			return $response;
		}
		if ( $wanted ) {
			$data[ self::FIELD ] = array(
				'blocks' => $protected ? array() : self::blockNames( $post->post_content ),
				'css'    => $css,
			);
		}
		$response->set_data( $data );
		return $response;
	}

	/**
	 * Whether the request's `_fields` (if any) name the field.
	 *
	 * @param WP_REST_Request $request The request.
	 */
	private static function fieldWanted( WP_REST_Request $request ): bool {
		$fields = $request['_fields'] ?? null;
		if ( null === $fields || '' === $fields || array() === $fields ) {
			return true;
		}
		foreach ( wp_parse_list( $fields ) as $field ) {
			$top = explode( '.', (string) $field )[0];
			if ( self::FIELD === $top ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The CSS of a post's content render, scoped to the post (its HTML is not used).
	 *
	 * @param WP_Post $post The post.
	 */
	private static function renderCss( WP_Post $post ): string {
		$html = (string) apply_filters( 'the_content', $post->post_content ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- core's filter: the CSS WordPress generates while rendering content.
		$css  = self::takeCapture( $html ) ?? '';
		return self::scoped( $html, $css, $post->ID )['css'];
	}

	/**
	 * HTML and CSS with the per-request ids of the CSS renamed `{prefix}{post id}-{k}`, k from 1 in
	 * WordPress's numbering order. Only ids that the CSS names are renamed in the HTML.
	 *
	 * @param string $html   The rendered content.
	 * @param string $css    Its CSS.
	 * @param int    $postId The item.
	 * @return array{html: string, css: string}
	 */
	public static function scoped( string $html, string $css, int $postId ): array {
		if ( '' === $css || ! preg_match_all( self::GENERATED_ID, $css, $matches, PREG_SET_ORDER ) ) {
			return array(
				'html' => $html,
				'css'  => $css,
			);
		}
		$numbers = array();
		foreach ( $matches as $match ) {
			$numbers[ (int) $match[2] ] = true;
		}
		ksort( $numbers );
		$order = array_flip( array_keys( $numbers ) );
		$names = array();
		foreach ( $matches as $match ) {
			$names[ $match[0] ] = $match[1] . $postId . '-' . ( $order[ (int) $match[2] ] + 1 );
		}
		$rename = static fn ( array $m ): string => $names[ $m[0] ] ?? $m[0];
		return array(
			'html' => (string) preg_replace_callback( self::GENERATED_ID, $rename, $html ),
			'css'  => (string) preg_replace_callback( self::GENERATED_ID, $rename, $css ),
		);
	}

	/* ---------------------------------------------------------------- blocks */

	/**
	 * Every block name in the content, inner blocks and published reusable blocks (`core/block`'s
	 * `ref`) included, each once, in order of first appearance (depth first). Each reusable block
	 * is expanded once, which also ends cycles.
	 *
	 * @param string $content The post content.
	 * @return list<string>
	 */
	public static function blockNames( string $content ): array {
		if ( ! has_blocks( $content ) ) {
			return array();
		}
		$names = array();
		$refs  = array();
		self::collect( parse_blocks( $content ), $names, $refs );
		return array_keys( $names );
	}

	/**
	 * @param array<int, array<string, mixed>> $blocks Parsed blocks.
	 * @param array<string, true>              $names  Names so far.
	 * @param array<int, true>                 $refs   Reusable blocks expanded so far.
	 */
	private static function collect( array $blocks, array &$names, array &$refs ): void {
		foreach ( $blocks as $block ) {
			$name = $block['blockName'] ?? null;
			if ( ! is_string( $name ) || '' === $name ) {
				continue;
			}
			$names[ $name ] = true;
			if ( ! empty( $block['innerBlocks'] ) && is_array( $block['innerBlocks'] ) ) {
				self::collect( $block['innerBlocks'], $names, $refs );
			}
			$ref = (int) ( $block['attrs']['ref'] ?? 0 );
			if ( 'core/block' !== $name || $ref <= 0 || isset( $refs[ $ref ] ) || count( $refs ) >= self::MAX_REFS ) {
				continue;
			}
			$refs[ $ref ] = true;
			$reusable     = get_post( $ref );
			// What render_block_core_block() renders: a published wp_block without a password.
			if (
				$reusable instanceof WP_Post && 'wp_block' === $reusable->post_type
				&& 'publish' === $reusable->post_status && '' === $reusable->post_password
			) {
				self::collect( parse_blocks( $reusable->post_content ), $names, $refs );
			}
		}
	}
}
