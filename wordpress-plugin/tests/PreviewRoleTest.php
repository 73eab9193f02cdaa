<?php

/**
 * The preview reader's least-privilege role and its capability.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Tests;

use PaymentsHeadless\Plugin;
use PaymentsHeadless\PreviewRole;

final class PreviewRoleTest extends TestCase {

	protected function tearDown(): void {
		// Whatever a test did to the role, the site keeps the real one.
		PreviewRole::install();
		parent::tearDown();
	}

	public function testTheRoleHasReadAndThePreviewCapabilityOnly(): void {
		$role = get_role( 'headless_previewer' );
		$this->assertNotNull( $role );
		$this->assertSame(
			array(
				'read'                            => true,
				'payments_headless_read_previews' => true,
			),
			$role->capabilities
		);
		$this->assertSame( 'Headless preview reader', wp_roles()->role_names['headless_previewer'] );
	}

	public function testNoOtherRoleHasThePreviewCapabilityNotEvenAdministrators(): void {
		foreach ( wp_roles()->role_objects as $name => $role ) {
			if ( 'headless_previewer' !== $name ) {
				$this->assertFalse( $role->has_cap( 'payments_headless_read_previews' ), $name );
			}
		}
	}

	public function testActivationCreatesTheRole(): void {
		remove_role( 'headless_previewer' );
		$this->assertNull( get_role( 'headless_previewer' ) );
		Plugin::activate();
		$this->assertNotNull( get_role( 'headless_previewer' ) );
	}

	public function testInitRecreatesTheRoleWhenTheStoredVersionIsOldWithoutAnActivation(): void {
		remove_role( 'headless_previewer' );
		update_option( PreviewRole::VERSION_OPTION, '0' );
		$this->assertNotFalse( has_action( 'init', array( PreviewRole::class, 'ensure' ) ), 'hooked on init' );
		PreviewRole::ensure();
		$this->assertNotNull( get_role( 'headless_previewer' ) );
		$this->assertSame( PreviewRole::VERSION, get_option( PreviewRole::VERSION_OPTION ) );
	}

	public function testAnUpgradeResetsTheRoleToExactlyItsCapabilities(): void {
		get_role( 'headless_previewer' )->add_cap( 'edit_posts' );
		update_option( PreviewRole::VERSION_OPTION, '0' );
		PreviewRole::ensure();
		$this->assertSame(
			array(
				'read'                            => true,
				'payments_headless_read_previews' => true,
			),
			get_role( 'headless_previewer' )->capabilities
		);
	}

	public function testUninstallRemovesTheRoleAndItsVersion(): void {
		PreviewRole::uninstall();
		$this->assertNull( get_role( 'headless_previewer' ) );
		$this->assertFalse( get_option( PreviewRole::VERSION_OPTION ) );
		$script = (string) file_get_contents( dirname( __DIR__ ) . '/uninstall.php' );
		$this->assertStringContainsString( "remove_role( '" . PreviewRole::ROLE . "' )", $script );
		$this->assertStringContainsString( "delete_option( '" . PreviewRole::VERSION_OPTION . "' )", $script );
	}

	public function testAPreviewReaderMayReadUnpublishedItemsOfTheSiteTypesButNotEditThem(): void {
		$draft    = $this->createPost( 'news', array( 'post_status' => 'draft' ) );
		$pending  = $this->createPost( 'fp_page', array( 'post_status' => 'pending' ) );
		$corePage = $this->createPost(
			'posts',
			array(
				'post_type'   => 'page',
				'post_status' => 'draft',
			)
		);
		$trashed  = $this->createPost( 'news', array( 'post_status' => 'trash' ) );
		$this->loginAs( 'headless_previewer' );
		$this->assertTrue( current_user_can( 'read_post', $draft ) );
		$this->assertTrue( current_user_can( 'read_post', $pending ) );
		$this->assertFalse( current_user_can( 'read_post', $corePage ), 'a core page is not a site type' );
		$this->assertFalse( current_user_can( 'read_post', $trashed ), 'trash' );
		foreach ( array( 'edit_post', 'delete_post', 'publish_post' ) as $cap ) {
			$this->assertFalse( current_user_can( $cap, $draft ), $cap );
		}
		foreach ( array( 'edit_posts', 'upload_files', 'list_users', 'manage_options', 'read_private_posts' ) as $cap ) {
			$this->assertFalse( current_user_can( $cap ), $cap );
		}
	}

	public function testOtherUsersGainNothingFromTheMapping(): void {
		$draft = $this->createPost( 'news', array( 'post_status' => 'draft' ) );
		$this->loginAs( 'subscriber' );
		$this->assertFalse( current_user_can( 'read_post', $draft ) );
	}
}
