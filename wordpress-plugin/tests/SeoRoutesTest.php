<?php

/**
 * GET /custom-api/v1/seo: the site's identity and the pages that are not one item
 * (docs/seo-and-redirects.md §2). Runs under every SEO stack; each plugin's part under its own.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Tests;

use PaymentsHeadless\Seo\SeoObject;
use PaymentsHeadless\SiteRoutes;

/**
 * @group seo
 */
final class SeoRoutesTest extends SeoTestCase {

	protected function tearDown(): void {
		parent::tearDown();
		// Rank Math keeps its settings in memory: read the restored options again.
		if ( SeoObject::RANK_MATH === self::activeSource() ) {
			rank_math()->settings->reset();
		}
	}

	/**
	 * @return array<string, mixed>
	 */
	private function site(): array {
		$response = $this->rest( 'GET', '/custom-api/v1/seo' );
		$this->assertSame( 200, $response->get_status() );
		return $this->json( $response );
	}

	public function testTheRouteIsPublicWithEveryKeyAndAnArchiveEntryPerListing(): void {
		$site = $this->site();
		$this->assertSame(
			array( 'source', 'name', 'description', 'locale', 'icon', 'organization', 'home', 'search', 'archives' ),
			array_keys( $site )
		);
		$this->assertSame( self::activeSource(), $site['source'] );
		$this->assertSame( get_locale(), $site['locale'] );
		$this->assertSame( array_keys( SiteRoutes::PREFIXES ), array_keys( $site['archives'] ) );
	}

	public function testNameAndTaglineFollowSettingsGeneralAsPlainText(): void {
		$this->keepOption( 'blogname' );
		$this->keepOption( 'blogdescription' );
		update_option( 'blogname', 'Northwind & Co "Payments"' );
		update_option( 'blogdescription', '' );
		$site = $this->site();
		$this->assertSame( 'Northwind & Co "Payments"', $site['name'] );
		$this->assertNull( $site['description'] );
		update_option( 'blogdescription', 'Payments for everyone' );
		$this->assertSame( 'Payments for everyone', $this->site()['description'] );
	}

	public function testTheIconIsTheSiteIconAt512PixelsOrNull(): void {
		$this->keepOption( 'site_icon' );
		update_option( 'site_icon', 0 );
		$this->assertNull( $this->site()['icon'] );
		$icon = $this->uploadImage( 'site-icon', 512, 512, 'png' );
		update_option( 'site_icon', $icon['id'] );
		$this->assertSame(
			array(
				'url'    => $icon['url'],
				'width'  => 512,
				'height' => 512,
			),
			$this->site()['icon']
		);
	}

	public function testWithoutAnSeoPluginOrganizationHomeSearchAndArchivesAreNull(): void {
		$this->filter( 'payments_headless_seo_source', static fn (): string => SeoObject::WORDPRESS );
		$site = $this->site();
		$this->assertSame( 'wordpress', $site['source'] ); // phpcs:ignore WordPress.WP.CapitalPDangit.MisspelledInText -- the SEO source's id, not the name.
		$this->assertNull( $site['organization'] );
		$this->assertNull( $site['home'] );
		$this->assertNull( $site['search'] );
		$this->assertSame( array_fill_keys( array_keys( SiteRoutes::PREFIXES ), null ), $site['archives'] );
	}

	public function testYoastOrganizationIsSiteRepresentationsCompanyNameAndLogo(): void {
		$this->requireSource( SeoObject::YOAST );
		$this->keepOption( 'wpseo_titles' );
		$logo = $this->uploadImage( 'logo', 600, 200, 'png' );
		\WPSEO_Options::set( 'company_or_person', 'company' );
		\WPSEO_Options::set( 'company_name', '' );
		$this->assertNull( $this->site()['organization'], 'no company name: none named' );
		\WPSEO_Options::set( 'company_name', 'Northwind Payments Ltd' );
		\WPSEO_Options::set( 'company_logo_id', $logo['id'] );
		\WPSEO_Options::set( 'company_logo', $logo['url'] );
		$this->assertSame(
			array(
				'name' => 'Northwind Payments Ltd',
				'logo' => array(
					'url'    => $logo['url'],
					'width'  => 600,
					'height' => 200,
				),
			),
			$this->site()['organization']
		);
	}

	public function testYoastHomeAndSearchAreItsHomepageAndSearchTitles(): void {
		$this->requireSource( SeoObject::YOAST );
		$this->keepOption( 'wpseo_titles' );
		\WPSEO_Options::set( 'title-home-wpseo', '%%sitename%% %%sep%% Home of payments' );
		\WPSEO_Options::set( 'metadesc-home-wpseo', 'Payments for %%sitename%%.' );
		\WPSEO_Options::set( 'title-search-wpseo', 'Search: %%searchphrase%% %%sep%% %%sitename%%' );
		// Yoast keeps each page's context for the request (a request is one page on WordPress).
		YoastSEO()->classes->get( \Yoast\WP\SEO\Memoizers\Meta_Tags_Context_Memoizer::class )->clear();
		YoastSEO()->classes->get( \Yoast\WP\SEO\Memoizers\Presentation_Memoizer::class )->clear();
		$site = $this->site();
		$name = get_bloginfo( 'name' );
		$this->assertSame( 'yoast', $site['home']['source'] );
		$this->assertSame( "{$name} - Home of payments", $site['home']['title'] );
		$this->assertSame( "Payments for {$name}.", $site['home']['description'] );
		$this->assertSame( 'website', $site['home']['og']['type'] );
		$this->assertSame( self::KEYS, array_keys( $site['search'] ) );
		$this->assertSame( "Search: {query} - {$name}", $site['search']['title'] );
		$this->assertFalse( $site['search']['robots']['index'], 'Yoast keeps search results out of the index' );
		$this->assertNull( $site['search']['description'] );
		$this->assertNull( $site['search']['schema'] );
	}

	public function testRankMathOrganizationIsItsKnowledgeGraphCompany(): void {
		$this->requireSource( SeoObject::RANK_MATH );
		$this->keepOption( 'rank-math-options-titles' );
		$logo   = $this->uploadImage( 'logo', 600, 200, 'png' );
		$titles = (array) get_option( 'rank-math-options-titles', array() );
		update_option( 'rank-math-options-titles', array_merge( $titles, array( 'knowledgegraph_type' => 'person' ) ) );
		rank_math()->settings->reset();
		$this->assertNull( $this->site()['organization'], 'a person is not an organization' );
		update_option(
			'rank-math-options-titles',
			array_merge(
				$titles,
				array(
					'knowledgegraph_type'    => 'company',
					'knowledgegraph_name'    => 'Northwind Payments Ltd',
					'knowledgegraph_logo'    => $logo['url'],
					'knowledgegraph_logo_id' => $logo['id'],
				)
			)
		);
		rank_math()->settings->reset();
		$this->assertSame(
			array(
				'name' => 'Northwind Payments Ltd',
				'logo' => array(
					'url'    => $logo['url'],
					'width'  => 600,
					'height' => 200,
				),
			),
			$this->site()['organization']
		);
	}

	public function testRankMathHomeAndSearchAreItsHomepageAndSearchTitles(): void {
		$this->requireSource( SeoObject::RANK_MATH );
		$this->keepOption( 'rank-math-options-titles' );
		$titles = (array) get_option( 'rank-math-options-titles', array() );
		update_option(
			'rank-math-options-titles',
			array_merge(
				$titles,
				array(
					'homepage_title'       => '%sitename% %sep% Home of payments',
					'homepage_description' => 'Payments for %sitename%.',
					'search_title'         => 'Search: %search_query% %sep% %sitename%',
				)
			)
		);
		rank_math()->settings->reset();
		$site = $this->site();
		$name = get_bloginfo( 'name' );
		$this->assertSame( 'rankmath', $site['home']['source'] );
		$this->assertSame( "{$name} - Home of payments", $site['home']['title'] );
		$this->assertSame( "Payments for {$name}.", $site['home']['description'] );
		$this->assertSame( 'website', $site['home']['og']['type'] );
		$this->assertSame( self::KEYS, array_keys( $site['search'] ) );
		$this->assertSame( "Search: {query} - {$name}", $site['search']['title'] );
		$this->assertFalse( $site['search']['robots']['index'], 'its "Noindex Search Results" default' );
		$this->assertNull( $site['search']['description'] );
	}

	public function testArchivesAreNullWhileThePluginHasNoValuesForThem(): void {
		// The content types have no WordPress archive (has_archive false): neither plugin offers
		// archive settings for them, so every listing keeps the site's defaults.
		$this->assertSame( array_fill_keys( array_keys( SiteRoutes::PREFIXES ), null ), $this->site()['archives'] );
	}
}
