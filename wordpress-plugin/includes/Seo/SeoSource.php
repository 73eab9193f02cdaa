<?php

/**
 * What every SEO source answers (Yoast SEO, Rank Math, WordPress alone).
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Seo;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * One SEO plugin (or none) read into the normalized shape of SeoObject.
 */
interface SeoSource {

	/** The `source` value: `yoast`, `rankmath` or `wordpress`. */
	public function name(): string;

	/**
	 * The item's SEO object.
	 *
	 * @param \WP_Post             $post     The item.
	 * @param array<string, mixed> $prepared The REST data prepared so far (other fields, such as
	 *                                       `yoast_head_json`, when they ran before this one).
	 * @return array<string, mixed>
	 */
	public function forPost( \WP_Post $post, array $prepared = array() ): array;

	/**
	 * The home page's SEO object, or null.
	 *
	 * @return array<string, mixed>|null
	 */
	public function home(): ?array;

	/**
	 * The search results' SEO object (title only), or null. The search phrase is SeoRoutes::QUERY_TOKEN.
	 *
	 * @return array<string, mixed>|null
	 */
	public function search(): ?array;

	/**
	 * A post type archive's SEO object, or null when the plugin has no values for it.
	 *
	 * @return array<string, mixed>|null
	 */
	public function archive( string $postType ): ?array;

	/**
	 * The organization the plugin names: `{name, logo: {url, width, height}|null}`, or null.
	 *
	 * @return array<string, mixed>|null
	 */
	public function organization(): ?array;
}
