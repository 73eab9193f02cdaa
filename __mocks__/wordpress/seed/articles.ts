import { blocks, h2, image, makePost, p, quote, ul, type SeedPost } from './build';
import { EMBEDS_SHOWCASE } from './embeds';
import { mediaDevUrl, mediaId, mediaSize, mediaUrl } from './media';

/** Blog posts (`posts`), news and press releases. One post is sticky; one news item is a draft. */

const inlineImage = (key: Parameters<typeof mediaUrl>[0], alt: string, dev = false): string => {
  const { width, height } = mediaSize(key);
  return image(dev ? mediaDevUrl(key) : mediaUrl(key), alt, width, height, mediaId(key));
};

/** A YouTube embed block whose title attribute lost its closing quote to wptexturize (`&#8221;`). */
const videoEmbed =
  '<figure class="wp-block-embed is-type-video is-provider-youtube wp-block-embed-youtube wp-embed-aspect-16-9 wp-has-aspect-ratio"><div class="wp-block-embed__wrapper">\n' +
  '<iframe title="Terminal estate in 90 seconds &#8220;live&#8221; demo&#8221; width="500" height="281" src="https://www.youtube.com/embed/estate90?feature=oembed" frameborder="0" allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share" referrerpolicy="strict-origin-when-cross-origin" allowfullscreen></iframe>\n' +
  '</div><figcaption class="wp-element-caption">Estate management in 90 seconds</figcaption></figure>';

/** Two columns and a button row, as WordPress 6.1 renders their blocks (`do_blocks`, no plugin). */
export const DONATION_COLUMNS =
  '<div class="is-layout-flex wp-container-3 wp-block-columns">\n' +
  '<div class="is-layout-flow wp-block-column">\n<p>Before the event: set a suggested amount for each till.</p>\n</div>\n\n\n\n' +
  '<div class="is-layout-flow wp-block-column">\n<p>At the counter: the terminal asks once, and the receipt says thank you.</p>\n</div>\n</div>\n\n\n\n' +
  '<div class="is-layout-flex wp-block-buttons">\n' +
  '<div class="wp-block-button"><a class="wp-block-button__link wp-element-button" href="/contact-us">Talk to us about donations</a></div>\n</div>';

export function seedArticles(): SeedPost[] {
  return [
    // ---------------------------------------------------------------- blog posts
    makePost('posts', {
      id: 501,
      slug: 'what-payment-orchestration-means-for-multi-site-merchants',
      title: 'What payment orchestration means for multi-site merchants',
      date: '2026-01-20T10:00:00',
      modified: '2026-02-02T08:30:00',
      sticky: true,
      featuredMedia: mediaId('blogOrchestration'),
      content: blocks(
        p("If you run more than a handful of locations, you've probably got more than one way of taking payments. A franchise here, an acquisition there, and before long each site has its own terminals, processor and statement."),
        h2('Orchestration in one sentence'),
        p('Payment orchestration puts one layer between your points of sale and every processor, so routing, reporting and security are decided once, centrally, instead of site by site.'),
        // Still points at the CMS development host: the site must rewrite it to the media host.
        inlineImage('blogOrchestration', 'Diagram of transactions routed between several processors', true),
        h2('Three questions to ask before you start'),
        ul([
          'Which processors do you need to keep, and for how long?',
          'Who owns the terminal estate: you, your franchisees or a reseller?',
          'What does a one-hour outage cost you on your busiest day?',
        ]),
        p('Our <a href="/pages/secure-switching">secure switching</a> service answers the first question, and <a href="/pages/decisionpoint-network">DecisionPoint</a> makes every route smarter once you are connected.'),
      ),
    }),
    makePost('posts', {
      id: 502,
      slug: 'five-signs-your-terminal-estate-needs-attention',
      title: 'Five signs your terminal estate needs attention',
      date: '2025-11-04T09:15:00',
      featuredMedia: mediaId('blogTerminals'),
      content: blocks(
        p("Terminals rarely fail all at once. They fail one lane at a time, on the busiest day, and usually in the store that's furthest from an engineer."),
        inlineImage('blogTerminals', 'A row of countertop payment terminals'),
        ul([
          'You learn about offline terminals from customers, not alerts.',
          'Software versions differ from store to store.',
          "Nobody can say how many devices you own, or where they are.",
          'Engineers visit sites to change a receipt header.',
          'Security certificates expire before anyone notices.',
        ]),
        // A video embed as WordPress renders it, with the attribute quote its texturizer broke
        // (`&#8221;` closing the title): a browser still shows every paragraph after it, and so
        // must the site (issue 12 §2).
        videoEmbed,
        p('Devices must also keep their <a href="https://www.pcisecuritystandards.org/">PCI PTS</a> approval current. <a href="/pages/estate-management">Estate management</a> makes all five of these problems visible, and most of them fixable remotely.'),
      ),
    }),
    makePost('posts', {
      id: 503,
      slug: 'loyalty-that-pays-for-itself',
      title: "Loyalty that pays for itself: a cafe owner's guide",
      date: '2025-09-16T14:00:00',
      featuredMedia: mediaId('blogLoyalty'),
      content: blocks(
        p('A loyalty program should bring customers back more often, not just discount the visits they were going to make anyway.'),
        h2('Start with one number'),
        p('Measure how often your regulars visit today. If a reward gets them in one extra time a month, it pays for itself many times over.'),
        quote('We stopped stamping cards and started rewarding the card people pay with. Visits went up 14% in three months.', 'Owner, Marlow Market café'),
        p('See how <a href="/pages/loyalty-and-incentives">Corvane loyalty</a> applies rewards automatically at checkout.'),
      ),
    }),
    makePost('posts', {
      id: 504,
      slug: 'tap-and-donate-how-venues-raise-more-at-the-counter',
      title: 'Tap & donate: how venues raise more at the counter',
      date: '2025-06-10T11:30:00',
      featuredMedia: mediaId('donationTap'),
      content: blocks(
        p('Fans are generous when giving is easy. A single prompt on the payment terminal, with a clear cause and a preset amount, raises far more than a bucket at the gate.'),
        h2('What works'),
        ul(['One cause per season, named on screen', 'Round-up and one preset amount, never more than two choices', 'Live totals on the big screen at halftime']),
        p('Read the <a href="/resources/case-studies/pinecrest-arena-halftime-rush">Pinecrest Arena case study</a> or learn about <a href="/pages/donation-on-device">Donation on Device</a>.'),
        // Columns and buttons as WordPress 6.1 renders them (do_blocks): the block CSS test's page
        // (e2e/block-css.e2e.ts: side by side at 1280 px, stacked at 390 px, a button that looks like one).
        DONATION_COLUMNS,
      ),
    }),
    makePost('posts', {
      id: 505,
      slug: 'reading-the-numbers-business-intelligence-for-busy-operators',
      title: 'Reading the numbers - business intelligence for busy operators',
      date: '2025-03-25T08:00:00',
      featuredMedia: mediaId('biReport'),
      content: blocks(
        p("You don't need a data team to learn from your sales. You need three reports, read every Monday, and the discipline to act on one thing each week."),
        h2('The three reports'),
        ul(['Sales by hour, compared with the same day last week', 'Payment mix by location', 'Declines by reason']),
        p('All three are standard in <a href="/pages/business-intelligence">Corvane business intelligence</a>.'),
        // Issue 17: YouTube and Vimeo embeds, as oEmbed iframes and as bare URLs (e2e/embeds.e2e.ts).
        ...EMBEDS_SHOWCASE,
      ),
    }),
    // The article with the large photo (2400 × 1260 JPEG): the bench measures what a phone downloads for it.
    makePost('posts', {
      id: 506,
      slug: 'saturday-at-the-farmers-market-payments-in-the-open-air',
      title: 'A Saturday at the farmers market: payments in the open air',
      date: '2025-12-06T08:00:00',
      featuredMedia: mediaId('largePhoto'),
      content: blocks(
        p('Forty stalls, no mains power and patchy signal: an open-air market is the hardest place to take a card. We spent a Saturday with the traders to see what works.'),
        h2('What the traders asked for'),
        ul(['A terminal that lasts from setup to the last sale on one charge', 'Offline approval when the signal drops', 'One statement for every stall a family runs']),
        p('Portable card readers with store-and-forward, reported through <a href="/pages/business-intelligence">business intelligence</a>, covered all three. Gift cards from <a href="/pages/card-services">card services</a> brought the regulars back the next week.'),
      ),
    }),

    // ---------------------------------------------------------------- news
    makePost('news', {
      id: 521,
      slug: 'corvane-opens-regional-office-in-denver',
      title: 'Corvane opens a regional office in Denver',
      date: '2026-02-10T09:00:00',
      featuredMedia: mediaId('newsExpansion'),
      content: blocks(
        p('Corvane has opened its fourth office, in Denver, to support a fast-growing base of stadium, resort and campus customers in the Mountain West.'),
        inlineImage('newsExpansion', 'The entrance of the new Denver office', true),
        p('The office houses a support team, field engineers and a demo space where customers can try Vision AI and Donation on Device.'),
        p('The team is hiring. See <a href="/pages/about-us-career">careers at Corvane</a>.'),
      ),
    }),
    makePost('news', {
      id: 522,
      slug: 'corvane-wins-payments-innovation-award',
      title: 'Corvane wins Payments Innovation Award for Vision AI',
      date: '2025-12-02T09:00:00',
      featuredMedia: mediaId('newsAward'),
      content: blocks(
        p("Corvane's Vision AI self-checkout was named the year's most innovative in-store payment product by a panel of operators and analysts."),
        p('Judges highlighted its privacy-first design: the system looks at trays, never at faces. <a href="/pages/vision-ai">Learn more about Vision AI</a>.'),
      ),
    }),
    makePost('news', {
      id: 523,
      slug: 'q3-update-new-locations-faster-network',
      title: 'Q3 update: 1,000 new locations &amp; a faster network',
      date: '2025-10-14T09:00:00',
      featuredMedia: mediaId('insightsChart'),
      content: blocks(
        p('Corvane added more than 1,000 merchant locations in the third quarter and cut median authorization time to 180 milliseconds.'),
        ul(['1,040 new locations, most of them in hospitality', 'Median authorization time down 12%', 'Two new processor connections']),
      ),
    }),
    makePost('news', {
      id: 524,
      slug: 'corvane-joins-campus-payments-alliance',
      title: 'Corvane joins the Campus Payments Alliance',
      date: '2025-07-08T09:00:00',
      featuredMedia: mediaId('campus'),
      content: blocks(
        p('Corvane has joined an industry group of universities and vendors working on open standards for campus cards and mobile student IDs.'),
        p('Read how <a href="/pages/higher-ed">Corvane serves higher education</a>.'),
      ),
    }),
    makePost('news', {
      id: 525,
      slug: 'upcoming-announcement-draft',
      title: 'Upcoming announcement (draft)',
      date: '2026-03-01T09:00:00',
      status: 'draft',
      featuredMedia: mediaId('newsAward'),
      content: blocks(p('Not ready yet.')),
    }),

    // ---------------------------------------------------------------- press releases
    makePost('press-releases', {
      id: 541,
      slug: 'corvane-launches-decisionpoint-network',
      title: 'Corvane Launches DecisionPoint Network to Cut False Declines',
      date: '2026-01-13T07:00:00',
      featuredMedia: mediaId('pressLaunch'),
      content: blocks(
        p('DENVER - Corvane Payments today launched DecisionPoint, a network service that scores every card authorization in real time and routes it on the path most likely to be approved.'),
        p('In a six-month pilot with 40 merchants, DecisionPoint lifted approval rates by an average of 2.4 percentage points.'),
        quote('Every false decline is a customer you paid to acquire and then turned away. DecisionPoint gives those sales back.', 'Chief Executive Officer, Corvane Payments'),
        p('<a href="/pages/decisionpoint-network">Learn more about DecisionPoint</a>.'),
      ),
    }),
    makePost('press-releases', {
      id: 542,
      slug: 'corvane-harbor-lane-hotels-agreement',
      title: 'Corvane and Harbor Lane Hotels Sign Five-Year Payments Agreement',
      date: '2025-11-18T07:00:00',
      featuredMedia: mediaId('newsExpansion'),
      content: blocks(
        p('Corvane Payments will provide switching, acquiring and support services to all 62 Harbor Lane properties under a new five-year agreement.'),
        p('The rollout starts in the first quarter and will be complete before the summer season.'),
      ),
    }),
    makePost('press-releases', {
      id: 543,
      slug: 'corvane-introduces-donation-on-device',
      title: 'Corvane Introduces Donation on Device - Letting Fans Give with One Tap',
      date: '2025-08-19T07:00:00',
      featuredMedia: mediaId('donationTap'),
      content: blocks(
        p('Corvane Payments today introduced Donation on Device, which lets customers round up or add a donation on the payment terminal.'),
        p('Donations settle separately from sales and go directly to the charity each merchant chooses.'),
      ),
    }),
    makePost('press-releases', {
      id: 544,
      slug: 'corvane-record-transaction-volume-2025',
      title: 'Corvane Reports Record Transaction Volume for 2025',
      date: '2026-02-03T07:00:00',
      featuredMedia: mediaId('insightsChart'),
      content: blocks(
        p('Corvane Payments routed 1.1 billion transactions in 2025, up 23% on the previous year, with platform availability of 99.995%.'),
        ul(['14,000 merchant locations', '40 processor and acquirer connections', 'Four offices, 320 employees']),
      ),
    }),
    makePost('press-releases', {
      id: 545,
      slug: 'vision-ai-available-to-contract-caterers',
      title: "Corvane's Vision AI Now Available to Contract Caterers",
      date: '2025-05-06T07:00:00',
      featuredMedia: mediaId('visionKiosk'),
      content: blocks(
        p('Vision AI self-checkout is now available to contract food service operators, following a pilot in corporate and hospital dining.'),
        p('<a href="/pages/contract-food-services">Corvane for contract food services</a>.'),
      ),
    }),
  ];
}
