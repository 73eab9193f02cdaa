<?php

/**
 * The SEO object from Rank Math (1.0.218): its own rendering of a post's head.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Seo;

use RankMath\Helper as RankMathHelper;
use RankMath\Paper\Paper;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Rank Math has no structured per-post API: it renders for the current query. So each item is
 * shown to it as the main query of a singular view (a WP_Query built in memory, no database
 * query), then:
 * - title, description, robots, canonical come from its `Paper` (the values its head prints,
 *   variables such as `%title%` filled in);
 * - Open Graph, Twitter and the JSON-LD graph are read from what its `rank_math/head` action prints
 *   for that view (its own head output, parsed; about a millisecond an item).
 * The globals are restored afterwards.
 */
final class RankMathSource implements SeoSource {

	/** Whether its front-end integrations (Open Graph, Twitter, JSON-LD) were hooked. */
	private static bool $ready = false;

	/**
	 * Rank Math's network objects (Facebook, Twitter). Made for one page view, they keep state
	 * (Twitter switches its prefix to `facebook` for "use the Facebook values" and never back), so
	 * it is reset before each item.
	 *
	 * @var list<object>
	 */
	private static array $networks = array();

	/** Whether Rank Math is loaded (and past its registration step, else it loads nothing). */
	public static function available(): bool {
		return defined( 'RANK_MATH_VERSION' ) && class_exists( Paper::class ) && function_exists( 'rank_math' );
	}

	public function name(): string {
		return SeoObject::RANK_MATH;
	}

	/**
	 * @param \WP_Post             $post     The item.
	 * @param array<string, mixed> $prepared Unused.
	 * @return array<string, mixed>
	 */
	public function forPost( \WP_Post $post, array $prepared = array() ): array {
		$query                          = new \WP_Query();
		$query->posts                   = array( $post );
		$query->post                    = $post;
		$query->post_count              = 1;
		$query->found_posts             = 1;
		$query->queried_object          = $post;
		$query->queried_object_id       = $post->ID;
		$query->is_singular             = true;
		$query->is_page                 = 'page' === $post->post_type;
		$query->is_single               = ! $query->is_page;
		$query->query_vars['p']         = $post->ID;
		$query->query_vars['post_type'] = $post->post_type;
		return self::render( $query, $post );
	}

	public function home(): ?array {
		$query          = new \WP_Query();
		$query->is_home = true;
		return self::render( $query, null );
	}

	public function search(): ?array {
		$query                  = new \WP_Query();
		$query->is_search       = true;
		$query->query_vars['s'] = SeoRoutes::QUERY_TOKEN;
		$seo                    = self::render( $query, null, false );
		$only                   = SeoObject::blank( SeoObject::RANK_MATH );
		$only['title']          = $seo['title'];
		// Its "Noindex Search Results" setting (on by default).
		$only['robots'] = SeoObject::robots( RankMathHelper::get_settings( 'titles.noindex_search' ) ? array( 'noindex', 'follow' ) : array() );
		return null === $only['title'] ? null : $only;
	}

	public function archive( string $postType ): ?array {
		$title       = (string) RankMathHelper::get_settings( "titles.pt_{$postType}_archive_title" );
		$description = (string) RankMathHelper::get_settings( "titles.pt_{$postType}_archive_description" );
		if ( '' === trim( $title ) && '' === trim( $description ) ) {
			return null;
		}
		$query                          = new \WP_Query();
		$query->is_archive              = true;
		$query->is_post_type_archive    = true;
		$query->query_vars['post_type'] = $postType;
		$query->queried_object          = get_post_type_object( $postType );
		return self::render( $query, null );
	}

	public function organization(): ?array {
		if ( 'company' !== RankMathHelper::get_settings( 'titles.knowledgegraph_type' ) ) {
			return null;
		}
		$name = SeoObject::text( RankMathHelper::get_settings( 'titles.knowledgegraph_name' ) );
		if ( null === $name ) {
			return null;
		}
		$logo = SeoObject::attachmentImage( (int) RankMathHelper::get_settings( 'titles.knowledgegraph_logo_id' ) );
		if ( null === $logo ) {
			$logo = SeoObject::image( array( 'url' => RankMathHelper::get_settings( 'titles.knowledgegraph_logo' ) ) );
		}
		return array(
			'name' => $name,
			'logo' => null === $logo ? null : array(
				'url'    => $logo['url'],
				'width'  => $logo['width'],
				'height' => $logo['height'],
			),
		);
	}

	/**
	 * Shows Rank Math a view as the main query and reads what it renders for it.
	 *
	 * @param \WP_Query     $query The view.
	 * @param \WP_Post|null $post  The item of a singular view.
	 * @param bool          $head  Whether to render its head too (Open Graph, Twitter, JSON-LD).
	 * @return array<string, mixed>
	 */
	private static function render( \WP_Query $query, ?\WP_Post $post, bool $head = true ): array {
		self::ready();
		$saved = array( $GLOBALS['wp_query'] ?? null, $GLOBALS['wp_the_query'] ?? null, $GLOBALS['post'] ?? null );
		// Rank Math renders for the main query only: the view stands in for it, and the `finally`
		// below puts WordPress's own globals back.
		// phpcs:disable WordPress.WP.GlobalVariablesOverride.Prohibited -- swapped in for Rank Math's render, restored in `finally`.
		$GLOBALS['wp_query']     = $query;
		$GLOBALS['wp_the_query'] = $query;
		if ( null !== $post ) {
			$GLOBALS['post'] = $post;
			// phpcs:enable WordPress.WP.GlobalVariablesOverride.Prohibited
			setup_postdata( $post );
		}
		Paper::reset();
		try {
			$paper              = Paper::get();
			$seo                = SeoObject::blank( SeoObject::RANK_MATH );
			$seo['title']       = SeoObject::text( $paper->get_title() );
			$seo['description'] = SeoObject::text( $paper->get_description() );
			$robots             = $paper->get_robots();
			$seo['robots']      = SeoObject::robots( is_array( $robots ) ? $robots : array() );
			$seo['canonical']   = SeoObject::url( $paper->get_canonical() );
			if ( $head ) {
				foreach ( self::$networks as $network ) {
					$network->prefix = $network->network;
				}
				ob_start();
				do_action( 'rank_math/head' ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound, WordPress.NamingConventions.ValidHookName.UseUnderscores -- Rank Math's own hook, fired to render its head.
				$html = (string) ob_get_clean();
				self::fromHead( $seo, $html );
			}
			return $seo;
		} finally {
			Paper::reset();
			[$GLOBALS['wp_query'], $GLOBALS['wp_the_query'], $GLOBALS['post']] = $saved;
			if ( $saved[2] instanceof \WP_Post ) {
				setup_postdata( $saved[2] );
			}
		}
	}

	/**
	 * Hooks Rank Math's front-end integrations once: on a page view it does so on `wp`, which REST
	 * requests never fire. Its variables (`%title%`...) are set up too.
	 */
	private static function ready(): void {
		if ( self::$ready ) {
			return;
		}
		self::$ready = true;
		$rankMath    = rank_math();
		if ( isset( $rankMath->variables ) && is_object( $rankMath->variables ) && method_exists( $rankMath->variables, 'setup' ) ) {
			$rankMath->variables->setup();
		}
		if ( ! did_action( 'wp' ) ) {
			$frontend = $rankMath->frontend ?? null;
			if ( is_object( $frontend ) && method_exists( $frontend, 'integrations' ) ) {
				$frontend->integrations();
			}
			$schema = isset( $rankMath->manager ) ? $rankMath->manager->get_module( 'rich-snippet' ) : false;
			if ( is_object( $schema ) && method_exists( $schema, 'integrations' ) ) {
				$schema->integrations();
			}
		}
		global $wp_filter;
		foreach ( array( 'rank_math/opengraph/facebook', 'rank_math/opengraph/twitter' ) as $hook ) {
			$callbacks = isset( $wp_filter[ $hook ] ) ? $wp_filter[ $hook ]->callbacks : array();
			foreach ( $callbacks as $byPriority ) {
				foreach ( $byPriority as $callback ) {
					$object = is_array( $callback['function'] ) ? $callback['function'][0] : null;
					if ( $object instanceof \RankMath\OpenGraph\OpenGraph && ! in_array( $object, self::$networks, true ) ) {
						self::$networks[] = $object;
					}
				}
			}
		}
	}

	/**
	 * Fills Open Graph, Twitter and the schema graph from Rank Math's head output.
	 *
	 * @param array<string, mixed> $seo  The object being built.
	 * @param string               $html What `rank_math/head` printed.
	 */
	private static function fromHead( array &$seo, string $html ): void {
		$og      = array();
		$image   = null;
		$twitter = array();
		preg_match_all( '/<meta\s[^>]*>/i', $html, $tags );
		foreach ( $tags[0] as $tag ) {
			preg_match_all( '/([a-z:_-]+)="([^"]*)"/i', $tag, $attributes, PREG_SET_ORDER );
			$attr = array();
			foreach ( $attributes as $attribute ) {
				$attr[ strtolower( $attribute[1] ) ] = $attribute[2];
			}
			$key     = $attr['property'] ?? $attr['name'] ?? '';
			$content = $attr['content'] ?? '';
			if ( 'og:image' === $key ) {
				// The first image wins; its width, height, alt and type follow it.
				if ( null === $image ) {
					$image = array( 'url' => $content );
				} else {
					$image['done'] = true;
				}
				continue;
			}
			if ( str_starts_with( $key, 'og:image:' ) && is_array( $image ) && ! isset( $image['done'] ) ) {
				$image[ substr( $key, 9 ) ] ??= $content;
				continue;
			}
			if ( str_starts_with( $key, 'og:' ) || str_starts_with( $key, 'article:' ) ) {
				$og[ $key ] ??= $content;
			} elseif ( str_starts_with( $key, 'twitter:' ) ) {
				$twitter[ $key ] ??= $content;
			}
		}
		$seo['og']      = array(
			'type'           => SeoObject::text( $og['og:type'] ?? null ),
			'title'          => SeoObject::text( $og['og:title'] ?? null ),
			'description'    => SeoObject::text( $og['og:description'] ?? null ),
			'image'          => SeoObject::image( $image ),
			'site_name'      => SeoObject::text( $og['og:site_name'] ?? null ),
			'locale'         => SeoObject::text( $og['og:locale'] ?? null ),
			'published_time' => SeoObject::time( $og['article:published_time'] ?? null ),
			'modified_time'  => SeoObject::time( $og['article:modified_time'] ?? $og['og:updated_time'] ?? null ),
		);
		$card           = SeoObject::text( $twitter['twitter:card'] ?? null );
		$seo['twitter'] = array(
			'card'        => in_array( $card, SeoObject::TWITTER_CARDS, true ) ? $card : null,
			'title'       => SeoObject::text( $twitter['twitter:title'] ?? null ),
			'description' => SeoObject::text( $twitter['twitter:description'] ?? null ),
			'image'       => SeoObject::url( $twitter['twitter:image'] ?? null ),
		);
		if ( preg_match( '#<script type="application/ld\+json"[^>]*>(.*?)</script>#s', $html, $match ) ) {
			$seo['schema'] = SeoObject::schema( json_decode( $match[1], true ) );
		}
	}
}
