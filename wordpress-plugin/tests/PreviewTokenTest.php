<?php

/**
 * The preview token of contract C: HMAC-SHA256 hex over "{rest_base}\n{id}\n{user_id}\n{expires}".
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Tests;

use PaymentsHeadless\PreviewToken;

final class PreviewTokenTest extends TestCase {

	/** The known-answer vector of docs/preview.md ("Token"), computed outside PHP (openssl dgst). */
	private const SECRET = 'test-preview-secret-0123456789';

	public function testTheTokenMatchesTheKnownAnswerVectorsOfTheDocs(): void {
		$this->assertSame(
			'f7a29b8861d7d2a5a817719039ac7be29c421b100196511b547a1d087957fa78',
			PreviewToken::sign( self::SECRET, 'news', 42, 7, 1767225600 )
		);
		$this->assertSame(
			'bcc54171221512666cab0821d5efe5f3b7f4ba05d43935cfae2d74488d940777',
			PreviewToken::sign( self::SECRET, 'fp_page', 1234, 1, 1767225900 )
		);
	}

	public function testTheSignedMessageIsBaseIdUserAndExpiresOnFourLines(): void {
		$this->assertSame( "news\n42\n7\n1767225600", PreviewToken::message( 'news', 42, 7, 1767225600 ) );
	}

	public function testEveryInputAndTheSecretChangeTheToken(): void {
		$base = PreviewToken::sign( self::SECRET, 'news', 42, 7, 1767225600 );
		$this->assertMatchesRegularExpression( '/^[0-9a-f]{64}$/', $base, 'lowercase hex of 32 bytes' );
		$others = array(
			PreviewToken::sign( self::SECRET, 'events', 42, 7, 1767225600 ),
			PreviewToken::sign( self::SECRET, 'news', 43, 7, 1767225600 ),
			PreviewToken::sign( self::SECRET, 'news', 42, 8, 1767225600 ),
			PreviewToken::sign( self::SECRET, 'news', 42, 7, 1767225601 ),
			PreviewToken::sign( self::SECRET . 'x', 'news', 42, 7, 1767225600 ),
		);
		foreach ( $others as $other ) {
			$this->assertNotSame( $base, $other );
		}
	}

	public function testTokensLiveFiveMinutesWithinTheSitesTenMinuteLimit(): void {
		$this->assertSame( 300, PreviewToken::LIFETIME );
	}
}
