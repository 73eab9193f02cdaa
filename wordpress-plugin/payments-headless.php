<?php

/**
 * Plugin Name:       Payments Headless
 * Description:       Turns a stock WordPress into the content system of the payments marketing site:
 *                    content types at the site's REST bases, custom fields under `acf`, the
 *                    custom-api/v1 id lists, the flat navigation menu and the alert meta query.
 * Version:           1.2.0
 * Requires at least: 6.1
 * Requires PHP:      8.1
 * Author:            Corvane Payments
 * License:           GPL-2.0-or-later
 * Text Domain:       payments-headless
 * Domain Path:       /languages
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

require_once __DIR__ . '/includes/Config.php';
require_once __DIR__ . '/includes/Content/ContentModel.php';
require_once __DIR__ . '/includes/Content/FrameMapping.php';
require_once __DIR__ . '/includes/Content/Fields.php';
require_once __DIR__ . '/includes/Content/MetaBoxes.php';
require_once __DIR__ . '/includes/Content/RestReads.php';
require_once __DIR__ . '/includes/Content/NavigationSettings.php';
require_once __DIR__ . '/includes/Site/SiteRoutes.php';
require_once __DIR__ . '/includes/Site/SiteLinks.php';
require_once __DIR__ . '/includes/Site/FrontEndRedirect.php';
require_once __DIR__ . '/includes/Preview/PreviewToken.php';
require_once __DIR__ . '/includes/Preview/PreviewRole.php';
require_once __DIR__ . '/includes/Preview/PreviewLinks.php';
require_once __DIR__ . '/includes/Preview/PreviewRead.php';
require_once __DIR__ . '/includes/Publishing/WebhookLog.php';
require_once __DIR__ . '/includes/Publishing/Outbox.php';
require_once __DIR__ . '/includes/Publishing/Webhook.php';
require_once __DIR__ . '/includes/Seo/RedirectTable.php';
require_once __DIR__ . '/includes/Publishing/PublishingStatus.php';
require_once __DIR__ . '/includes/Blocks/BlockStyles.php';
require_once __DIR__ . '/includes/Blocks/GlobalStyles.php';
require_once __DIR__ . '/includes/Media/ImageAttachments.php';
require_once __DIR__ . '/includes/Media/WebpCopies.php';
require_once __DIR__ . '/includes/Seo/SeoObject.php';
require_once __DIR__ . '/includes/Seo/SeoSource.php';
require_once __DIR__ . '/includes/Seo/WordPressSource.php';
require_once __DIR__ . '/includes/Seo/YoastSource.php';
require_once __DIR__ . '/includes/Seo/RankMathSource.php';
require_once __DIR__ . '/includes/Seo/SeoRoutes.php';
require_once __DIR__ . '/includes/Plugin.php';

register_activation_hook( __FILE__, array( Plugin::class, 'activate' ) );
register_deactivation_hook( __FILE__, array( Plugin::class, 'deactivate' ) );

Plugin::boot();
