import { makePost, p, texturize, type SeedPost } from './build';
import { FrameSet, type Card, type Link } from './frames';
import { mediaDevUrl, mediaUrl, type MediaKey } from './media';

/**
 * The frame-built pages (`fp_page`) and their frames. Every page the fallback menu links to exists
 * (spec §2), plus home, contact-us and the two test pages. One draft page is never visible.
 */

const FIRST_FRAME_ID = 201;
const FIRST_PAGE_ID = 401;

/** WYSIWYG field HTML as ACF formats it (wpautop'd paragraphs and lists, one per line). */
const wysiwyg = (...parts: string[]): string => parts.join('\n');
const list = (items: readonly string[]): string => `<ul>\n${items.map((i) => `<li>${texturize(i)}</li>`).join('\n')}\n</ul>`;
const gallery = (key: MediaKey): string[] => [mediaUrl(key)];

interface PageDef {
  slug: string;
  title: string;
  /** One sentence, stored as the page's manual excerpt (the site's meta description). */
  summary: string;
  date: string;
  frames: number[];
  status?: 'publish' | 'draft';
}

interface OfferDef {
  slug: string;
  title: string;
  date: string;
  hero: { heading: string; subheading: string; image: MediaKey; cta?: Link };
  detail:
    | { kind: 'image-text'; heading: string; text: string; image: string; alt: string; position: 'left' | 'right'; cta?: Link }
    | { kind: 'rich-text'; heading: string; body: string };
  features: { heading: string; intro: string; cards: Card[] };
  stats?: (readonly [string, string])[];
  testimonial?: { heading: string; quote: string; author: string; role: string; company: string };
}

const OFFERS: OfferDef[] = [
  {
    slug: 'secure-switching',
    title: 'Secure Switching',
    date: '2025-02-03T09:00:00',
    hero: {
      heading: 'Route every transaction on the safest, fastest path',
      subheading: 'Corvane Switch connects your terminals and online checkout to many processors through one certified gateway.',
      image: 'switchingHero',
      cta: ['Talk to an expert', '/contact-us'],
    },
    detail: {
      kind: 'rich-text',
      heading: 'One connection, many processors',
      body: wysiwyg(
        p('Most merchants are tied to a single processor by the way their terminals are wired. Corvane Switch sits between your point of sale and your processors, so you can add, move or split volume without re-certifying a single lane.'),
        p('Card data is encrypted at the terminal and stays encrypted until it reaches the processor. The switch never stores full card numbers, which keeps your compliance scope as small as it can be. The <a href="https://www.pcisecuritystandards.org/">PCI Security Standards Council</a> publishes the point-to-point encryption standard we certify against.'),
      ),
    },
    features: {
      heading: 'Why merchants switch to Corvane',
      intro: 'Resilience and cost control, without touching your checkout.',
      cards: [
        { title: 'Failover in milliseconds', text: 'If a processor slows down or goes offline, traffic moves to a healthy route automatically.' },
        { title: 'Least-cost routing', text: 'Send debit and credit volume where it costs least, rule by rule and location by location.' },
        { title: 'One certification', text: 'Certify your point of sale once and reach every processor we support.', link: ['See supported methods', '/pages/alternative-payment-methods'] },
      ],
    },
    stats: [
      ['99.995%', 'platform availability over the last 12 months'],
      ['180 ms', 'median authorization time'],
      ['40+', 'processor and acquirer connections'],
    ],
    testimonial: {
      heading: 'Switching without the downtime',
      quote: "We moved three hundred lanes to a new processor over one weekend. Our cashiers never noticed, and that's the best compliment I can give.",
      author: 'Dana Whitfield',
      role: 'VP of Store Technology',
      company: 'Marlow Market',
    },
  },
  {
    slug: 'alternative-payment-methods',
    title: 'Alternative Payment Methods',
    date: '2025-02-05T09:00:00',
    hero: {
      heading: 'Accept the way your customers want to pay',
      subheading: 'Wallets, QR codes, pay-by-bank and campus cards, through the terminals you already own.',
      image: 'apmWallets',
    },
    detail: {
      kind: 'image-text',
      heading: 'Add a method in days, not quarters',
      text: p('New payment methods usually mean new hardware, new contracts and a new reconciliation file. With Corvane they are a configuration change: switch a method on for a location and it appears on the terminal at the next sync.'),
      image: mediaUrl('apmWallets'),
      alt: 'Phone screens showing several digital wallet buttons',
      position: 'right',
      cta: ['Talk to us', '/contact-us'],
    },
    features: {
      heading: 'Methods available today',
      intro: 'All settled and reported alongside your card sales.',
      cards: [
        { title: 'Digital wallets', text: 'Tap-to-pay wallets on every contactless terminal, online and in app.' },
        { title: 'QR and pay-by-bank', text: 'Account-to-account payments with instant confirmation and lower fees.' },
        { title: 'Campus and closed-loop cards', text: 'Student IDs, meal plans and staff cards on the same terminal.', link: ['Card services', '/pages/card-services'] },
        { title: 'Buy now, pay later', text: 'Instalment options for larger baskets, with the risk carried by the provider.' },
      ],
    },
  },
  {
    slug: 'estate-management',
    title: 'Estate Management',
    date: '2025-02-07T09:00:00',
    hero: {
      heading: 'Every terminal, every location, one view',
      subheading: 'Configure, update and monitor your whole payment estate remotely.',
      image: 'blogTerminals',
    },
    detail: {
      kind: 'image-text',
      heading: 'Fix it before the queue forms',
      text: p('Corvane Estate Manager watches the health of every device and alerts your team when a terminal drops offline, runs low on paper or misses a software update. Most issues are fixed remotely, before a customer notices.'),
      // Still points at the CMS development host: the site must rewrite it to the media host.
      image: mediaDevUrl('estateDashboard'),
      alt: 'A dashboard listing payment terminals by location and status',
      position: 'left',
    },
    features: {
      heading: 'What you can do from the dashboard',
      intro: 'One login for every device you own or lease from us.',
      cards: [
        { title: 'Remote configuration', text: 'Change tipping, receipts and payment methods for one lane or a thousand.' },
        { title: 'Scheduled updates', text: 'Roll out software overnight, location by location, with automatic rollback.' },
        { title: 'Health alerts', text: 'Offline, tamper and low-battery alerts by email, text or webhook.' },
        { title: 'Asset tracking', text: 'Serial numbers, locations and service history for audits and insurance.' },
      ],
    },
    stats: [
      ['62%', 'fewer site visits after the first year'],
      ['15 min', 'average time to push a new configuration'],
      ['24/7', 'device monitoring'],
    ],
  },
  {
    slug: 'support-services',
    title: 'Support Services',
    date: '2025-02-10T09:00:00',
    hero: {
      heading: 'People who know payments, whenever you need them',
      subheading: 'A 24/7 help desk, field engineers and deployment teams that speak the language of busy operators.',
      image: 'supportTeam',
    },
    detail: {
      kind: 'rich-text',
      heading: 'Support built around your trading hours',
      body: wysiwyg(
        p('Payments fail at the worst moments: the Friday rush, the sold-out show, the last train. Our support teams are staffed for those moments.'),
        list([
          'Help desk open 24 hours a day, 365 days a year',
          'Field engineers on site next business day in most metro areas',
          'Dedicated deployment managers for rollouts of 50 lanes or more',
          'Quarterly service reviews with your account team',
        ]),
      ),
    },
    features: {
      heading: 'Choose your level of cover',
      intro: 'Every plan includes the 24/7 help desk.',
      cards: [
        { title: 'Essential', text: 'Phone and chat support with spare terminals shipped overnight.' },
        { title: 'Priority', text: 'Four-hour on-site response and a named support lead.' },
        { title: 'Managed', text: 'We run your estate for you, from staging to recycling.', link: ['Estate management', '/pages/estate-management'] },
      ],
    },
    testimonial: {
      heading: 'Support that picks up',
      quote: 'When a terminal fails on a Saturday night, I need a person, not a ticket number. Corvane gives us a person every time.',
      author: 'Marcus Ortega',
      role: 'General Manager',
      company: 'Pinecrest Arena',
    },
  },
  {
    slug: 'merchant-centered-acquiring',
    title: 'Merchant-Centered Acquiring',
    date: '2025-02-12T09:00:00',
    hero: {
      heading: 'Acquiring that puts your cash flow first',
      subheading: 'Transparent interchange-plus pricing, next-day funding and statements you can actually read.',
      image: 'acquiringHero',
      cta: ['Get a pricing review', '/contact-us'],
    },
    detail: {
      kind: 'image-text',
      heading: 'No surprises on your statement',
      text: p('Every fee on a Corvane statement links to the transactions it came from. If a rate changes, we tell you thirty days ahead, in plain language.'),
      image: mediaUrl('biReport'),
      alt: 'Charts of sales by hour and by location',
      position: 'right',
    },
    features: {
      heading: 'What merchant-centered means',
      intro: 'Three promises we put in every contract.',
      cards: [
        { title: 'Interchange-plus pricing', text: 'You pay the card schemes’ cost plus one published margin. Nothing else.' },
        { title: 'Next-day funding', text: 'Batches closed by midnight are in your bank account the next business day.' },
        { title: 'Chargeback help', text: 'A specialist prepares your evidence and tracks every dispute to the end.' },
      ],
    },
    stats: [
      ['1 day', 'standard funding time'],
      ['0', 'long-term contracts required'],
      ['30 days', 'notice before any pricing change'],
    ],
  },
  {
    slug: 'vision-ai',
    title: 'Vision AI',
    date: '2025-02-14T09:00:00',
    hero: {
      heading: 'Checkout that recognises what is on the tray',
      subheading: 'Corvane Vision AI identifies food and retail items at self-service kiosks, so guests pay in seconds.',
      image: 'visionKiosk',
    },
    detail: {
      kind: 'image-text',
      heading: 'Faster lines in cafeterias and markets',
      text: p('Place a tray under the camera and Vision AI recognises every item, adds it to the order and hands off to payment. Staff correct an item with one tap, and each correction teaches the model your menu.'),
      image: mediaUrl('visionKiosk'),
      alt: 'A self-checkout kiosk recognising items on a tray',
      position: 'left',
    },
    features: {
      heading: 'Built for real kitchens',
      intro: 'Designed with operators who serve thousands of meals a day.',
      cards: [
        { title: 'Learns your menu', text: 'Daily specials are recognised after a handful of photos.' },
        { title: 'Works with your POS', text: 'Orders flow into the point of sale you already run.' },
        { title: 'Privacy by design', text: 'Vision AI looks at trays, not faces. Images are processed on the device and deleted after checkout.' },
      ],
    },
    stats: [
      ['8 s', 'average checkout time at a Vision AI kiosk'],
      ['97%', 'of items recognised without staff help after two weeks'],
    ],
  },
  {
    slug: 'existing-customers',
    title: 'Existing Customers',
    date: '2025-02-17T09:00:00',
    hero: {
      heading: 'Welcome back',
      subheading: 'Everything you need to run your Corvane services, in one place.',
      image: 'supportTeam',
    },
    detail: {
      kind: 'rich-text',
      heading: 'Quick links',
      body: wysiwyg(
        p('Most answers are one click away:'),
        list([
          '<a href="/pages/support-services">Contact support</a> for help with a terminal or a transaction',
          '<a href="/pages/estate-management">Open Estate Manager</a> to configure your devices',
          '<a href="/pages/business-intelligence">Reports and dashboards</a> for your sales data',
          '<a href="/resources/blogs">Product news</a> on our blog',
        ]),
      ),
    },
    features: {
      heading: 'Get more from your account',
      intro: 'Services you can switch on without a new contract.',
      cards: [
        { title: 'Add a payment method', text: 'Wallets, QR and campus cards on the terminals you have.', link: ['Learn more', '/pages/alternative-payment-methods'] },
        { title: 'Start a loyalty program', text: 'Reward regulars automatically when they pay.', link: ['Learn more', '/pages/loyalty-and-incentives'] },
        { title: 'Raise funds at the counter', text: 'Let customers round up for a cause you choose.', link: ['Learn more', '/pages/donation-on-device'] },
      ],
    },
  },
  {
    slug: 'prospective-partners',
    title: 'Prospective Partners',
    date: '2025-02-19T09:00:00',
    hero: {
      heading: 'Grow with a payments partner that shares the upside',
      subheading: 'ISOs, software vendors and resellers use Corvane to add payments revenue without building a payments team.',
      image: 'teamOffice',
      cta: ['Become a partner', '/contact-us'],
    },
    detail: {
      kind: 'rich-text',
      heading: 'How the partner program works',
      body: wysiwyg(
        p('Bring us the merchants; we handle underwriting, boarding, support and settlement. You keep the relationship and a share of every transaction.'),
        list([
          'Revenue share on every transaction you refer',
          'A sandbox and certification support for software partners',
          'Co-branded marketing and sales training',
          'A named partner manager from day one',
        ]),
      ),
    },
    features: {
      heading: 'Partner types',
      intro: 'Pick the model that fits your business.',
      cards: [
        { title: 'Independent sales organisations', text: 'Competitive buy rates and residuals paid monthly.', link: ['ISO network', '/pages/about-us-iso-network'] },
        { title: 'Software vendors', text: 'Embed payments in your product with one API and our hosted onboarding.' },
        { title: 'Referral partners', text: 'Introduce a merchant, we do the rest, you earn a referral fee.' },
      ],
    },
    testimonial: {
      heading: 'Partnering with Corvane',
      quote: 'Our customers asked for integrated payments for years. Corvane got us live in one quarter, and the revenue share now funds a whole product team.',
      author: 'Priya Natarajan',
      role: 'Chief Product Officer',
      company: 'Tablewise POS',
    },
  },
  {
    slug: 'decisionpoint-network',
    title: 'DecisionPoint Network',
    date: '2025-02-21T09:00:00',
    hero: {
      heading: 'Smarter approvals, transaction by transaction',
      subheading: 'DecisionPoint scores every authorization in real time and picks the route most likely to be approved.',
      image: 'switchingHero',
    },
    detail: {
      kind: 'image-text',
      heading: 'Fewer false declines',
      text: p("A declined card at checkout is a lost sale and often a lost customer. DecisionPoint reads issuer response patterns across the network and retries soft declines on a better route, within the card schemes' rules."),
      image: mediaUrl('biReport'),
      alt: 'Charts of approval rates by issuer',
      position: 'right',
    },
    features: {
      heading: 'How DecisionPoint decides',
      intro: 'Signals from billions of transactions, applied to each one of yours.',
      cards: [
        { title: 'Network-wide signals', text: 'Issuer outages and approval trends are spotted within minutes.' },
        { title: 'Smart retries', text: 'Soft declines are retried once, on the best route, and never twice.' },
        { title: 'Fraud-aware', text: 'Risk scores travel with the transaction, so approvals never come at the cost of fraud.' },
      ],
    },
    stats: [
      ['+2.4 pts', 'average approval-rate lift in the first 90 days'],
      ['<5 ms', 'added decision time'],
    ],
  },
  {
    slug: 'donation-on-device',
    title: 'Donation on Device',
    date: '2025-02-24T09:00:00',
    hero: {
      heading: 'Turn small change into real change',
      subheading: 'Let customers round up or add a donation on the payment terminal, with funds passed straight to the charity you choose.',
      image: 'donationTap',
    },
    detail: {
      kind: 'rich-text',
      heading: 'Giving that takes one tap',
      body: wysiwyg(
        p('Donation on Device adds a single, optional prompt to the payment flow. Customers choose an amount or round up, and the donation settles separately, so your sales figures stay clean.'),
        p('Charities receive monthly statements and a ready-made thank-you page for donors. <a href="/resources/white-papers/giving-at-the-counter">Read our guide to giving at the counter</a>.'),
      ),
    },
    features: {
      heading: 'Why operators choose it',
      intro: 'Community impact without operational overhead.',
      cards: [
        { title: 'No extra hardware', text: 'Runs on every Corvane terminal after a remote update.' },
        { title: 'Separate settlement', text: 'Donations never touch your revenue or your card fees.' },
        { title: 'Campaign reporting', text: 'Share live totals on screens, receipts and social posts.' },
      ],
    },
    stats: [
      ['$1.2M', 'raised for local causes by Corvane merchants in 2025'],
      ['1 in 5', 'customers add a donation when asked'],
    ],
    testimonial: {
      heading: 'Giving at the gate',
      quote: "Our fans rounded up for the children's hospital at every home game. It took ten minutes to set up and it's now part of match day.",
      author: 'Leah Brennan',
      role: 'Community Director',
      company: 'Pinecrest Arena',
    },
  },
  {
    slug: 'loyalty-and-incentives',
    title: 'Loyalty & Incentives',
    date: '2025-02-26T09:00:00',
    hero: {
      heading: 'Reward the customers who keep coming back',
      subheading: 'Points, offers and stored value that work at the terminal, online and in your app.',
      image: 'loyaltyCard',
    },
    detail: {
      kind: 'image-text',
      heading: 'Loyalty without the plastic',
      text: p('Customers enrol with the card they already pay with. Points are earned automatically at checkout and offers apply themselves, so there is nothing for staff to scan and nothing for customers to forget.'),
      image: mediaUrl('loyaltyCard'),
      alt: 'A receipt showing loyalty points earned',
      position: 'left',
    },
    features: {
      heading: 'Programs you can run',
      intro: 'Mix and match, location by location.',
      cards: [
        { title: 'Points and tiers', text: 'Earn rates, tiers and birthday rewards you control.' },
        { title: 'Targeted offers', text: 'Send the right offer to lapsed, new or frequent customers.' },
        { title: 'Stored value and gift cards', text: 'Prepaid balances that work in store and online.', link: ['Card services', '/pages/card-services'] },
      ],
    },
  },
  {
    slug: 'business-intelligence',
    title: 'Business Intelligence',
    date: '2025-03-03T09:00:00',
    hero: {
      heading: 'Know what sold, where and when',
      subheading: 'Dashboards and scheduled reports that turn every transaction into a decision you can act on.',
      image: 'biReport',
    },
    detail: {
      kind: 'image-text',
      heading: 'Answers by the hour',
      text: p('See sales by location, lane and hour, compare weekdays with weekends and spot the item that sells out at lunch. Reports arrive in your inbox before the morning meeting.'),
      image: mediaUrl('biReport'),
      alt: 'Charts of sales by hour and by location',
      position: 'right',
    },
    features: {
      heading: 'Insight, not just data',
      intro: 'Ready on day one, no data team required.',
      cards: [
        { title: 'Sales dashboards', text: 'Live views by site, lane, hour and tender.' },
        { title: 'Payment mix', text: 'Track the shift to wallets and contactless, and what it costs you.' },
        { title: 'Exports and APIs', text: 'Send clean data to your warehouse or accounting tool every night.' },
      ],
    },
    stats: [
      ['15 min', 'data freshness'],
      ['30+', 'standard reports'],
    ],
  },
  {
    slug: 'card-services',
    title: 'Card Services',
    date: '2025-03-05T09:00:00',
    hero: {
      heading: "Your brand, in your customers' wallets",
      subheading: 'Gift, prepaid and stored-value cards issued and managed by Corvane.',
      // The large photo (2400 × 1260 JPEG): the hero finds WordPress's sizes from its URL alone.
      image: 'largePhoto',
    },
    detail: {
      kind: 'rich-text',
      heading: 'From design to activation',
      body: wysiwyg(
        p('We handle the program end to end, from card design and production to activation, balances and reporting.'),
        list([
          'Physical and digital cards with your branding',
          'Activation and reload at any Corvane terminal',
          'Balance checks online, by text or at the counter',
          'Breakage and liability reporting for finance teams',
        ]),
      ),
    },
    features: {
      heading: 'Cards for every program',
      intro: 'One platform, many kinds of value.',
      cards: [
        { title: 'Gift cards', text: 'Sell them at the counter, online and through retail partners.' },
        { title: 'Campus cards', text: 'Meal plans and student IDs that pay anywhere on campus.', link: ['Higher education', '/pages/higher-ed'] },
        { title: 'Employee and incentive cards', text: 'Reward staff and customers with cards that work like cash.', link: ['Loyalty & incentives', '/pages/loyalty-and-incentives'] },
      ],
    },
  },
];

interface IndustryDef {
  slug: string;
  title: string;
  heading: string;
  subheading: string;
  image: MediaKey;
  cards: Card[];
}

const card = (title: string, text: string, slug: string): Card => ({ title, text, link: ['Learn more', `/pages/${slug}`] });

const INDUSTRIES: IndustryDef[] = [
  {
    slug: 'contract-food-services',
    title: 'Contract Food Services',
    heading: 'Payments for kitchens that feed thousands',
    subheading: 'From corporate dining to hospital cafeterias, Corvane keeps lines moving and subsidies accurate.',
    image: 'campus',
    cards: [
      card('Vision AI checkout', 'Self-service kiosks that recognise every plate.', 'vision-ai'),
      card('Subsidies and meal plans', 'Employer subsidies applied at the terminal, reconciled automatically.', 'card-services'),
      card('Estate management', 'Hundreds of client sites, one dashboard.', 'estate-management'),
    ],
  },
  {
    slug: 'casinos-and-gaming',
    title: 'Casinos & Gaming',
    heading: 'Payments for the floor, the hotel and the buffet',
    subheading: 'One partner for every outlet on the property, with reporting your compliance team will like.',
    image: 'stadium',
    cards: [
      card('Secure switching', 'Keep every outlet trading if a processor goes down.', 'secure-switching'),
      card('Loyalty & incentives', 'Tie spend in restaurants and shops to your players club.', 'loyalty-and-incentives'),
      card('Support services', 'Round-the-clock support for a business that never closes.', 'support-services'),
    ],
  },
  {
    slug: 'ecommerce',
    title: 'eCommerce',
    heading: 'One checkout for every channel',
    subheading: 'Online, in app and in store, with one set of reports and one settlement.',
    image: 'apmWallets',
    cards: [
      card('Alternative payment methods', 'Wallets and pay-by-bank that lift conversion.', 'alternative-payment-methods'),
      card('DecisionPoint network', 'Recover sales lost to false declines.', 'decisionpoint-network'),
      card('Business intelligence', 'See online and store sales side by side.', 'business-intelligence'),
    ],
  },
  {
    slug: 'food-and-beverage',
    title: 'Food & Beverage',
    heading: 'Faster tables, shorter lines, happier regulars',
    subheading: 'Tableside, counter and drive-through payments that keep up with the rush.',
    image: 'homeHero',
    cards: [
      card('Secure switching', 'Stay open for card payments, whatever happens upstream.', 'secure-switching'),
      card('Loyalty & incentives', 'Turn first visits into weekly habits.', 'loyalty-and-incentives'),
      card('Donation on device', 'Raise money for your community, one coffee at a time.', 'donation-on-device'),
    ],
  },
  {
    slug: 'higher-ed',
    title: 'Higher Education',
    heading: 'One card for the whole campus',
    subheading: 'Dining, bookstores, laundry and events on one student card and every major wallet.',
    image: 'campus',
    cards: [
      card('Campus cards', 'Meal plans and declining balances on any terminal.', 'card-services'),
      card('Vision AI', 'Self-checkout in dining halls at peak hours.', 'vision-ai'),
      card('Alternative payment methods', 'Student IDs in Apple and Google wallets.', 'alternative-payment-methods'),
    ],
  },
  {
    slug: 'hotel-lodging',
    title: 'Hotel & Lodging',
    heading: 'Payments from booking to checkout',
    subheading: 'Deposits, incidentals and outlet sales, reconciled to the folio.',
    image: 'homeHero',
    cards: [
      card('Secure switching', 'Route front desk and outlet payments through one gateway.', 'secure-switching'),
      card('Merchant-centered acquiring', 'Clear pricing for card-not-present bookings.', 'merchant-centered-acquiring'),
      card('Support services', 'Help at 3 a.m., when the night auditor needs it.', 'support-services'),
    ],
  },
  {
    slug: 'retail',
    title: 'Retail',
    heading: 'Checkout that scales from one store to one thousand',
    subheading: 'Reliable lanes, smart reporting and loyalty that customers actually use.',
    image: 'homeHero',
    cards: [
      card('Estate management', 'Every lane configured, updated and monitored.', 'estate-management'),
      card('Business intelligence', 'Hourly sales by store, lane and tender.', 'business-intelligence'),
      card('Loyalty & incentives', 'Card-linked rewards with no app to download.', 'loyalty-and-incentives'),
    ],
  },
  {
    slug: 'sports-and-entertainment',
    title: 'Sports & Entertainment',
    heading: 'Sell more in the minutes that matter',
    subheading: 'Concessions, merchandise and premium seating, built for halftime rushes.',
    image: 'stadium',
    cards: [
      card('Donation on device', 'Rally fans behind your foundation.', 'donation-on-device'),
      card('Alternative payment methods', 'Wallets and cashless wristbands at every stand.', 'alternative-payment-methods'),
      card('Support services', 'Engineers on site for the big nights.', 'support-services'),
    ],
  },
  {
    slug: 'travel-and-recreation',
    title: 'Travel & Recreation',
    heading: 'Payments for parks, resorts and everything in between',
    subheading: 'Tickets, rentals and food outlets, online and across remote sites.',
    image: 'acquiringHero',
    cards: [
      card('Alternative payment methods', 'Accept the wallets international visitors carry.', 'alternative-payment-methods'),
      card('Card services', 'Resort cards and prepaid wristbands.', 'card-services'),
      card('DecisionPoint network', 'Higher approval rates for foreign cards.', 'decisionpoint-network'),
    ],
  },
];

const HOSTILE_BODY = wysiwyg(
  p('Share news from your team, your venue or your cause. Posts are reviewed before they appear.'),
  // Deliberately hostile markup: the site must sanitize CMS HTML before rendering it.
  '<script>window.__communityXss = true; alert("xss");</script>',
  '<p onclick="window.__communityXss = true">Click here to see this week&#8217;s featured story.</p>',
  '<p><a href="javascript:alert(\'xss\')">Open the community board</a></p>',
  '<p><img src="x" onerror="window.__communityXss = true" alt="broken image"/></p>',
);

export function seedPages(): SeedPost[] {
  const frames = new FrameSet(FIRST_FRAME_ID);
  const pages: PageDef[] = [];

  // Frames shared by many pages.
  const talkToSales = frames.cta('talk-to-sales', {
    heading: 'Ready to talk payments?',
    text: 'Tell us about your business and a Corvane specialist will get back to you within one business day.',
    primary: ['Contact sales', '/contact-us'],
    secondary: ['Read customer stories', '/resources/case-studies'],
  });
  const customerLogos = frames.logoStrip('customer-logos', {
    heading: 'Trusted by operators across hospitality, campuses and venues',
    logos: [
      { name: 'Harbor Lane Hotels', image: mediaUrl('logoHarborLane') },
      { name: 'Crestfield University', image: mediaUrl('logoCrestfield') },
      { name: 'Pinecrest Arena', image: mediaUrl('logoPinecrest') },
      { name: 'Marlow Market', image: mediaUrl('logoMarlow') },
      { name: 'Blue Heron Resorts', image: mediaUrl('logoBlueHeron') },
    ],
  });

  // Home: the hero stores its image as a single URL string (see the hero mapping's `acf.image.0`).
  pages.push({
    slug: 'home',
    title: 'Home',
    summary: 'Corvane Payments: payment orchestration, acquiring and engagement for busy operators.',
    date: '2025-01-15T09:00:00',
    frames: [
      frames.hero('home', {
        heading: 'Payments that keep your business moving',
        subheading: 'Switching, acquiring, loyalty and insight for restaurants, campuses, venues and stores.',
        image: mediaUrl('homeHero'),
        alt: 'A shopper tapping a phone on a countertop payment terminal',
        cta: ['Explore solutions', '/pages/secure-switching'],
      }),
      frames.cardGrid('home-solutions', {
        heading: 'Everything between the tap and the bank',
        intro: 'Pick one service or run your whole payments operation on Corvane.',
        cards: [
          card('Secure switching', 'One certified gateway to every processor.', 'secure-switching'),
          card('Merchant-centered acquiring', 'Transparent pricing and next-day funding.', 'merchant-centered-acquiring'),
          card('Loyalty & incentives', 'Rewards that apply themselves at checkout.', 'loyalty-and-incentives'),
          card('Business intelligence', 'Know what sold, where and when.', 'business-intelligence'),
        ],
      }),
      frames.stats('home-stats', {
        heading: 'Corvane in numbers',
        stats: [
          ['14,000+', 'merchant locations'],
          ['1.1B', 'transactions routed in 2025'],
          ['99.995%', 'platform availability'],
        ],
      }),
      customerLogos,
      frames.testimonial('home-testimonial', {
        heading: 'What our customers say',
        quote: 'Corvane replaced four vendors for us. Our finance team closes the month two days earlier, and our guests just see faster lines.',
        author: 'Tomás Reyes',
        role: 'Director of Finance',
        company: 'Harbor Lane Hotels',
        photo: mediaUrl('testimonialPortrait'),
      }),
      talkToSales,
    ],
  });

  for (const offer of OFFERS) {
    const ids = [
      frames.hero(offer.slug, { ...offer.hero, image: gallery(offer.hero.image), alt: offer.hero.heading }),
      offer.detail.kind === 'image-text'
        ? frames.imageText(`${offer.slug}-detail`, offer.detail)
        : frames.richText(`${offer.slug}-detail`, `${offer.detail.heading} (rich text)`, offer.detail),
      frames.cardGrid(`${offer.slug}-features`, offer.features),
    ];
    if (offer.stats) ids.push(frames.stats(`${offer.slug}-stats`, { heading: `${offer.title} at a glance`, stats: offer.stats }));
    if (offer.testimonial) {
      ids.push(frames.testimonial(`${offer.slug}-testimonial`, { ...offer.testimonial, photo: mediaUrl('testimonialPortrait') }));
    }
    ids.push(talkToSales);
    pages.push({ slug: offer.slug, title: offer.title, summary: offer.hero.subheading, date: offer.date, frames: ids });
  }

  INDUSTRIES.forEach((industry, i) => {
    const ids = [
      frames.hero(industry.slug, { heading: industry.heading, subheading: industry.subheading, image: gallery(industry.image), alt: industry.title }),
      frames.cardGrid(`${industry.slug}-solutions`, { heading: `Solutions for ${industry.title.toLowerCase()}`, intro: industry.subheading, cards: industry.cards }),
    ];
    if (i % 2 === 0) ids.push(talkToSales);
    const date = `2025-03-${String(10 + i).padStart(2, '0')}T09:00:00`;
    pages.push({ slug: industry.slug, title: industry.title, summary: industry.subheading, date, frames: ids });
  });

  pages.push(
    {
      slug: 'about-us-our-story',
      title: 'Our Story',
      summary: 'Corvane was founded by operators who were tired of payments getting in the way.',
      date: '2025-04-01T09:00:00',
      frames: [
        frames.hero('about-us-our-story', {
          heading: 'Payments built by people who have run a till',
          subheading: 'Corvane was founded by operators who were tired of payments getting in the way.',
          image: gallery('teamOffice'),
          alt: 'The Corvane team in the office',
        }),
        frames.richText('about-us-our-story-text', 'Where we started (rich text)', {
          heading: 'Where we started',
          body: wysiwyg(
            p("Corvane began in 2009, when three former restaurant managers decided that accepting a card shouldn't need five vendors and a binder of instructions."),
            p("Today we route more than a billion transactions a year for stadiums, universities, hotels and neighbourhood cafés. We're still obsessed with the same thing: the few seconds between a tap and a smile."),
          ),
        }),
        frames.stats('about-us-our-story-stats', {
          heading: 'Corvane today',
          stats: [
            ['2009', 'founded'],
            ['14,000+', 'merchant locations'],
            ['320', 'people across four offices'],
          ],
        }),
      ],
    },
    {
      slug: 'about-us-partner-testimonials',
      title: 'Partner Testimonials',
      summary: 'What partners and customers say about working with Corvane.',
      date: '2025-04-03T09:00:00',
      frames: [
        frames.testimonial('partner-testimonial-harbor-lane', {
          heading: 'A partner, not a vendor',
          quote: 'Every quarter Corvane shows up with ideas, not invoices. They found savings in our card mix we had missed for years.',
          author: 'Tomás Reyes',
          role: 'Director of Finance',
          company: 'Harbor Lane Hotels',
          photo: mediaUrl('partnerPortrait'),
        }),
        frames.testimonial('partner-testimonial-crestfield', {
          heading: 'Campus cards that just work',
          quote: 'Students use one card in every dining hall, shop and laundry room. Our team finally spends its time on service instead of reconciliation.',
          author: 'Dr. Helen Okafor',
          role: 'Director of Auxiliary Services',
          company: 'Crestfield University',
          photo: mediaUrl('testimonialPortrait'),
        }),
      ],
    },
    {
      slug: 'about-us-career',
      title: 'Careers',
      summary: 'Join the team building payments that people use every day.',
      date: '2025-04-07T09:00:00',
      frames: [
        frames.richText('about-us-career-text', 'Work at Corvane (rich text)', {
          heading: 'Work on payments people use every day',
          body: wysiwyg(
            p("We're engineers, support specialists, designers and former operators. We hire for curiosity and care, and we promote from within."),
            list(['Hybrid work from four offices', 'Learning budget for every employee', 'Paid volunteering days', 'Parental leave from day one']),
          ),
        }),
        frames.cta('about-us-career-cta', {
          heading: 'See open roles',
          text: 'Tell us what you would like to work on and our talent team will be in touch.',
          primary: ['Contact our talent team', '/contact-us'],
        }),
      ],
    },
    {
      slug: 'about-us-iso-network',
      title: 'ISO Network',
      summary: 'Independent sales organisations that sell and support Corvane services.',
      date: '2025-04-09T09:00:00',
      frames: [
        frames.richText('about-us-iso-network-text', 'Our ISO network (rich text)', {
          heading: 'A network of local experts',
          body: wysiwyg(
            p('More than 120 independent sales organisations sell and support Corvane services. They know their regions, and we give them the platform, pricing and back office to compete with anyone.'),
            p('Interested in joining? See our <a href="/pages/prospective-partners">partner program</a>.'),
          ),
        }),
        frames.cardGrid('about-us-iso-network-benefits', {
          heading: 'Why ISOs choose Corvane',
          intro: 'Built for partners who own the merchant relationship.',
          cards: [
            { title: 'Competitive buy rates', text: 'Transparent costs and residuals paid on the fifth of every month.' },
            { title: 'Fast boarding', text: 'Most merchants approved and live within two business days.' },
            { title: 'Partner portal', text: 'Portfolio reports, residuals and support tickets in one place.' },
          ],
        }),
      ],
    },
    {
      slug: 'insights-blog',
      title: 'Insights Blog',
      summary: 'Ideas and analysis from the Corvane team.',
      date: '2025-04-14T09:00:00',
      frames: [
        frames.hero('insights-blog', {
          heading: 'Insights from the payments front line',
          subheading: 'Analysis, how-tos and opinions from the people who build and support Corvane.',
          image: gallery('insightsChart'),
          alt: 'A line chart of contactless payment share rising',
        }),
        frames.richText('insights-blog-text', 'Insights blog (rich text)', {
          heading: 'Start reading',
          body: wysiwyg(
            p('Browse <a href="/resources/blogs">all blog posts</a>, or start with our most-read article, <a href="/resources/blogs/what-payment-orchestration-means-for-multi-site-merchants">what payment orchestration means for multi-site merchants</a>.'),
          ),
        }),
      ],
    },
    {
      slug: 'case-studies',
      title: 'Case Studies',
      summary: 'How operators use Corvane to run faster, simpler payments.',
      date: '2025-04-16T09:00:00',
      frames: [
        frames.cardGrid('case-studies-grid', {
          heading: 'Customer stories',
          intro: 'Real results from restaurants, campuses, venues and hotels.',
          cards: [
            { title: 'Crestfield University', text: 'One card for 30,000 students.', link: ['Read the story', '/resources/case-studies/crestfield-university-one-card-campus'] },
            { title: 'Pinecrest Arena', text: 'Halftime lines cut by a third.', link: ['Read the story', '/resources/case-studies/pinecrest-arena-halftime-rush'] },
            { title: 'Harbor Lane Hotels', text: 'Four vendors replaced by one.', link: ['Read the story', '/resources/case-studies/harbor-lane-hotels-one-partner'] },
            { title: 'All case studies', text: 'Browse every customer story.', link: ['See all', '/resources/case-studies'] },
          ],
        }),
        talkToSales,
      ],
    },
    {
      slug: 'brand-kit',
      title: 'Brand Kit',
      summary: 'Logos and guidelines for partners and press.',
      date: '2025-04-18T09:00:00',
      frames: [
        frames.richText('brand-kit-text', 'Brand kit (rich text)', {
          heading: 'Using the Corvane brand',
          body: wysiwyg(
            p("Partners and press are welcome to use our logo to refer to Corvane. Please don't alter, recolour or animate it, and leave clear space around it equal to the height of the letter C."),
            list(['Use the full-colour logo on light backgrounds', 'Use the white logo on dark or photographic backgrounds', 'Never combine our logo with another mark']),
          ),
        }),
        frames.logoStrip('brand-kit-logos', {
          heading: 'Logo files',
          logos: [{ name: 'Corvane Payments', image: mediaUrl('logoCorvane'), url: mediaUrl('logoCorvane') }],
        }),
      ],
    },
    {
      slug: 'whitepaper',
      title: 'White Papers',
      summary: 'In-depth research and guides from Corvane.',
      date: '2025-04-22T09:00:00',
      frames: [
        frames.cardGrid('whitepaper-grid', {
          heading: 'Research and guides',
          intro: 'Free to download, no sales call required.',
          cards: [
            { title: 'The payment orchestration playbook', text: 'A practical guide to multi-processor routing.', link: ['Read more', '/resources/white-papers/the-payment-orchestration-playbook'] },
            { title: 'Terminal estate benchmark 2025', text: 'How 400 operators run their devices.', link: ['Read more', '/resources/white-papers/terminal-estate-benchmark-2025'] },
            { title: 'All white papers', text: 'Browse the library.', link: ['See all', '/resources/white-papers'] },
          ],
        }),
      ],
    },
    {
      slug: 'community',
      title: 'Community',
      summary: 'Stories and causes from the Corvane community.',
      date: '2025-05-02T09:00:00',
      frames: [
        frames.hero('community', {
          heading: 'Our community',
          subheading: 'Causes we support, stories from our customers and ways to get involved.',
          image: gallery('donationTap'),
          alt: 'A terminal screen offering to round up a purchase for charity',
        }),
        frames.richText('community-board-sanitizer-check', 'Community board (sanitizer check: contains hostile markup)', {
          heading: 'Community board',
          body: HOSTILE_BODY,
        }),
      ],
    },
    {
      slug: 'events',
      title: 'Events',
      summary: 'Meet Corvane at conferences, webinars and roadshows.',
      date: '2025-05-05T09:00:00',
      frames: [
        frames.richText('events-text', 'Events (rich text)', {
          heading: 'Meet us in person and online',
          body: wysiwyg(
            p('See <a href="/about-us/events">all upcoming events</a>. Next up: <a href="/about-us/events/corvane-payments-summit-2026">the Corvane Payments Summit 2026</a>.'),
          ),
        }),
      ],
    },
    {
      slug: 'partner-interviewes',
      title: 'Partner Interviews',
      summary: 'Conversations with the partners who build on Corvane.',
      date: '2025-05-07T09:00:00',
      frames: [
        frames.richText('partner-interviews-text', 'Partner interviews (rich text)', {
          heading: 'Conversations with our partners',
          body: wysiwyg(
            p('Software vendors, ISOs and resellers talk about what they build with Corvane. <a href="/about-us/partner-interviews">Watch and read all interviews</a>.'),
          ),
        }),
        talkToSales,
      ],
    },
    {
      slug: 'contact-us',
      title: 'Contact Us',
      summary: 'Talk to Corvane sales, support or media relations.',
      date: '2025-01-16T09:00:00',
      frames: [
        frames.hero('contact-us', {
          heading: "Let's talk",
          subheading: 'Sales, support or press: we answer every message within one business day.',
          image: gallery('supportTeam'),
          alt: 'Support engineers at a help desk with headsets',
        }),
        frames.richText('contact-us-details', 'Contact details (rich text)', {
          heading: 'How to reach us',
          body: wysiwyg(
            list([
              'Sales: <a href="mailto:sales@corvane.example">sales@corvane.example</a>',
              'Support (24/7): <a href="tel:+18005550142">1-800-555-0142</a>',
              'Media relations: <a href="mailto:press@corvane.example">press@corvane.example</a>',
            ]),
            p('Existing customer? Visit the <a href="/pages/existing-customers">customer hub</a>.'),
          ),
        }),
      ],
    },
    {
      slug: 'get-in-touch-media-relations-salesforce-test-page',
      title: 'Get in Touch - Media Relations (Salesforce test page)',
      summary: 'Test page for the media relations form.',
      date: '2025-06-02T09:00:00',
      frames: [
        frames.richText('media-relations-test-form', 'Media relations form (test rich text)', {
          heading: 'Media relations',
          body: wysiwyg(p('Test page for the media relations form integration. Journalists can reach us at <a href="mailto:press@corvane.example">press@corvane.example</a>.')),
        }),
      ],
    },
    {
      slug: 'page-test-2',
      title: 'Page Test 2',
      summary: 'A second test page.',
      date: '2025-06-03T09:00:00',
      frames: [
        frames.richText('page-test-2-text', 'Page test 2 (rich text)', {
          heading: 'Test page',
          body: wysiwyg(p('This page exists to test layouts and integrations. It gets no analytics.')),
        }),
      ],
    },
    {
      slug: 'pricing-draft',
      title: 'Pricing (draft)',
      summary: 'Not published yet.',
      date: '2026-01-05T09:00:00',
      status: 'draft',
      frames: [talkToSales],
    },
    // The footer's legal pages (appended so the ids above stay as they were).
    {
      slug: 'privacy-policy',
      title: 'Privacy Policy',
      summary: 'How Corvane collects, uses and protects personal data.',
      date: '2025-01-10T09:00:00',
      frames: [
        frames.richText('privacy-policy-text', 'Privacy policy (rich text)', {
          heading: 'Privacy policy',
          body: wysiwyg(
            p('Corvane Payments processes personal data only to run our services, answer your requests and meet our legal duties. We never sell personal data.'),
            p('On this website we collect what you send us through forms and, only with your consent, anonymous analytics about how pages are used. See the <a href="/pages/cookie-policy">cookie policy</a> for the cookies involved.'),
            p('To ask what we hold about you, or to have it corrected or deleted, write to <a href="mailto:privacy@corvane.example">privacy@corvane.example</a>.'),
          ),
        }),
      ],
    },
    {
      slug: 'cookie-policy',
      title: 'Cookie Policy',
      summary: 'The cookies this website uses and how to change your choices.',
      date: '2025-01-10T09:00:00',
      frames: [
        frames.richText('cookie-policy-text', 'Cookie policy (rich text)', {
          heading: 'Cookie policy',
          body: wysiwyg(
            p('Strictly necessary cookies keep the site working and remember your cookie choices (the <code>cc_cookie</code> cookie, kept for 182 days). They cannot be turned off.'),
            p('Analytics cookies are set only when you accept them: <code>_ga</code> expires after 12 days and <code>_gid</code> lasts for the session. Advertisement, functionality and security cookies are likewise off until you allow them.'),
            p('You can change your choices at any time with the <strong>Cookie settings</strong> link at the bottom of every page. Questions: <a href="mailto:privacy@corvane.example">privacy@corvane.example</a>.'),
          ),
        }),
      ],
    },
    {
      slug: 'terms-of-use',
      title: 'Terms of Use',
      summary: 'The terms that apply when you use the Corvane website.',
      date: '2025-01-10T09:00:00',
      frames: [
        frames.richText('terms-of-use-text', 'Terms of use (rich text)', {
          heading: 'Terms of use',
          body: wysiwyg(
            p('The content of this website is provided for information. Product terms are set out in your agreement with Corvane Payments.'),
            p('You may link to any page of this site. Please do not copy our content for commercial use without asking <a href="mailto:press@corvane.example">press@corvane.example</a>.'),
          ),
        }),
      ],
    },
    // A campaign landing page, reached from e-mails and ads only: the SEO plugin keeps it out of
    // search engines (noindex, ./seo.ts). Appended so the ids above stay as they were.
    {
      slug: 'summer-terminal-trade-in',
      title: 'Summer terminal trade-in',
      summary: 'Trade in your old countertop terminals this summer and get new contactless ones at no cost.',
      date: '2026-05-01T09:00:00',
      frames: [
        frames.hero('summer-terminal-trade-in', {
          heading: 'Trade in your old terminals this summer',
          subheading: 'Bring up to ten countertop terminals of any brand; take home new contactless ones at no cost.',
          image: gallery('blogTerminals'),
          alt: 'A row of countertop payment terminals',
        }),
        talkToSales,
      ],
    },
  );

  const pagePosts = pages.map((page, i) =>
    makePost('fp_page', {
      id: FIRST_PAGE_ID + i,
      slug: page.slug,
      title: page.title,
      date: page.date,
      modified: page.date.replace(/^2025-(\d\d)/, (_, m: string) => `2025-${String(Math.min(12, Number(m) + 6)).padStart(2, '0')}`),
      content: '',
      excerpt: page.summary,
      status: page.status,
      acf: { section: 'pages', frames: page.frames },
    }),
  );
  return [...frames.posts, ...pagePosts];
}
