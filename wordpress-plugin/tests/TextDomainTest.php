<?php

/**
 * Issue 36: the plugin is translatable, and its text domain is loaded on `init`, before the post
 * types' labels and the admin screens are made.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Tests;

use PaymentsHeadless\ContentModel;
use PaymentsHeadless\Plugin;

final class TextDomainTest extends TestCase {

	/** A translation file made for the test (WordPress's own MO writer). */
	private string $mofile = '';

	protected function tearDown(): void {
		unload_textdomain( Plugin::TEXT_DOMAIN );
		if ( '' !== $this->mofile && is_file( $this->mofile ) ) {
			wp_delete_file( $this->mofile );
		}
		parent::tearDown();
	}

	public function testTheTextDomainIsLoadedOnInitBeforeThePostTypesLabels(): void {
		$priority = has_action( 'init', array( Plugin::class, 'loadTextDomain' ) );
		$this->assertIsInt( $priority, 'nothing loads the text domain on init' );
		$this->assertLessThan( has_action( 'init', array( ContentModel::class, 'registerPostTypes' ) ), $priority );
	}

	public function testLoadingReadsThePluginsLanguagesFolderForItsDomain(): void {
		$tried = array();
		$this->filter(
			'load_textdomain_mofile',
			static function ( $mofile, $domain ) use ( &$tried ) {
				$tried[] = array( $domain, $mofile );
				return $mofile;
			}
		);
		Plugin::loadTextDomain();
		$files = array_column( array_filter( $tried, static fn ( array $attempt ): bool => Plugin::TEXT_DOMAIN === $attempt[0] ), 1 );
		$this->assertContains( WP_PLUGIN_DIR . '/payments-headless/languages/payments-headless-' . determine_locale() . '.mo', $files );
	}

	public function testTheAdminLabelsAreTranslatedOnceTheDomainIsLoaded(): void {
		require_once ABSPATH . WPINC . '/pomo/mo.php';
		$mo = new \MO();
		$mo->add_entry(
			new \Translation_Entry(
				array(
					'singular'     => 'Press releases',
					'translations' => array( 'Communiqués de presse' ),
				)
			)
		);
		$this->mofile = (string) wp_tempnam( 'payments-headless.mo' );
		$this->assertTrue( $mo->export_to_file( $this->mofile ) );
		$mofile = $this->mofile;
		$this->filter(
			'load_textdomain_mofile',
			static fn ( $file, $domain ) => Plugin::TEXT_DOMAIN === $domain ? $mofile : $file
		);
		unload_textdomain( Plugin::TEXT_DOMAIN );
		$this->assertFalse( is_textdomain_loaded( Plugin::TEXT_DOMAIN ) );

		Plugin::loadTextDomain();

		$this->assertTrue( is_textdomain_loaded( Plugin::TEXT_DOMAIN ) );
		$this->assertSame( array( 'Communiqués de presse', 'Press release' ), ContentModel::names()['press-releases'] );
	}
}
