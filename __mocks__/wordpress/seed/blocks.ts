import blockFixtures from '../fixtures/block-posts.json';
import type { PostRestBase } from '../postTypes';
import { makePost, type SeedPost } from './build';
import {
  audio,
  button,
  buttons,
  code,
  column,
  columns,
  cover,
  details,
  embed,
  file,
  gallery,
  group,
  heading,
  html,
  image,
  list,
  mediaText,
  more,
  paragraph,
  preformatted,
  pullquote,
  quote,
  separator,
  sequence,
  socialLinks,
  spacer,
  table,
  verse,
  video,
  voidBlock,
} from './blockMarkup';
import { mediaId, mediaUrl, type MediaKey } from './media';

/**
 * The block corpus (issue 17): blog posts whose `post_content` is serialized blocks, as the block
 * editor saves them, using every core block of WordPress 6.1 that belongs in a post, with their
 * main variations (docs/blocks-fidelity.md lists the blocks and the ones left out, and why).
 * `blocks-showcase` is the block-rich article (a realistic mix of all of them); the others go
 * through the variations by topic.
 *
 * WordPress renders this markup: the real import posts it raw (scripts/real-wordpress/seed.ts).
 * The fake cannot render blocks, so it serves what WordPress rendered, captured by
 * `scripts/real-wordpress/capture-blocks.ts` into `../fixtures/block-posts.json` (the rendered
 * HTML and the plugin's `block_styles`, with WordPress's ids and upload paths mapped back to the
 * seed's). The contract test (e2e/real/contract.e2e.ts) holds the two together.
 */

export interface BlockPostSpec {
  id: number;
  slug: string;
  title: string;
  date: string;
  featured: MediaKey;
  /** The serialized blocks, with seed ids and seed upload URLs (the import maps both to WordPress's). */
  markup: string;
}

/** What WordPress rendered for one corpus post (the fixture file, keyed by slug). */
export interface BlockFixture {
  rendered: string;
  excerpt: string;
  block_styles: { blocks: string[]; css: string };
}

/**
 * Reusable blocks (`core/block`): a `wp_block` post of their own that posts reference by id
 * (`<!-- wp:block {"ref":512} /-->`). The import creates them before the posts and maps the id;
 * WordPress renders the reference as the reusable block's content, which is what the fake serves.
 */
export interface ReusableBlockSpec {
  id: number;
  title: string;
  markup: string;
}

export const REUSABLE_BLOCKS: readonly ReusableBlockSpec[] = [
  {
    id: 512,
    title: 'Newsletter sign-up',
    markup: sequence(
      group(
        [
          heading('Get the payments briefing', { level: 3 }),
          paragraph('One email a month: new features, regulation that matters and what other merchants are doing.'),
          buttons([button({ text: 'Subscribe', url: '/contact-us', backgroundColor: 'secondary', textColor: 'base' })]),
        ],
        { backgroundColor: 'tertiary', padding: '2rem', layout: { type: 'constrained' } },
      ),
    ),
  },
];

const reusable = (id: number) => voidBlock('block', { ref: id });

const img = (key: MediaKey, alt: string) => ({ id: mediaId(key), url: mediaUrl(key), alt });
const YOUTUBE = 'https://www.youtube.com/watch?v=M7lc1UVf-VE';
const VIMEO = 'https://vimeo.com/76979871';

function showcase(): string {
  return sequence(
    cover(
      [
        heading('Inside a checkout redesign', { level: 2, textAlign: 'center', textColor: 'base', fontSize: 'x-large' }),
        paragraph('Six weeks, four stores and one question: how fast can a queue move?', { align: 'center', textColor: 'base' }),
      ],
      { image: img('largePhoto', 'Stalls of fruit and vegetables under awnings'), dimRatio: 50, minHeight: 420, minHeightUnit: 'px', align: 'full' },
    ),
    paragraph('When Marlow Market asked us to look at their checkout, the brief was one line long: <strong>make Saturday mornings shorter</strong>. This is what we changed, what we measured and what we would do again.', { dropCap: true }),
    heading('What we measured', { level: 2 }),
    columns(
      [
        column([heading('38 s', { level: 3, fontSize: 'x-large', textColor: 'secondary' }), paragraph('Median time from the first scan to the receipt, before.')], { width: '33.33%' }),
        column([heading('21 s', { level: 3, fontSize: 'x-large', textColor: 'secondary' }), paragraph('After: tap to pay on every lane, receipts by email, no signature prompts under the floor limit. Staff kept the same tills and learned the new flow in one shift.')], { width: '66.66%' }),
      ],
      {},
    ),
    image({ ...img('estateDashboard', 'A dashboard listing payment terminals by location and status'), align: 'right', sizeSlug: 'medium', width: 300, height: 200, caption: 'Every lane, live, on one screen.' }),
    paragraph('The dashboard showed us where the time went. Most of it was not the card at all: it was the screen asking a question nobody needed to answer. We removed three prompts, moved the tip question to the start and turned on contactless for every amount the scheme allows.'),
    paragraph('Lanes that still took cheques were the slowest by far, so the pilot stores moved cheques to the service desk. Nobody complained.'),
    quote(['The queue used to reach the flowers. Now it stops at the bread.'], 'Store manager, Marlow Market'),
    buttons([
      button({ text: 'Read the case study', url: '/resources/case-studies/crestfield-university-one-card-campus', backgroundColor: 'secondary', textColor: 'base' }),
      button({ text: 'Talk to sales', url: '/contact-us', outline: true }),
    ]),
    separator({ style: 'wide' }),
    heading('The lanes, before and after', { level: 2 }),
    gallery(
      [
        { ...img('blogTerminals', 'A row of countertop payment terminals'), caption: 'Before: four devices per lane' },
        { ...img('visionKiosk', 'A self-checkout kiosk recognising items on a tray'), caption: 'After: one kiosk' },
        { ...img('loyaltyCard', 'A receipt showing loyalty points earned'), caption: 'Points on the receipt' },
      ],
      { columns: 3, caption: 'Three lanes of the pilot store, photographed at opening time.', align: 'wide' },
    ),
    mediaText(
      [heading('Staff first', { level: 3 }), paragraph('We trained the Saturday team before anyone else: they see the longest queues and the most unusual payments.'), list(['One shift of training', 'A laminated card at every till', 'A support line that answers in one ring'])],
      { media: img('supportTeam', 'Support engineers at a help desk with headsets'), position: 'right' },
    ),
    spacer(48),
    pullquote('Every prompt we removed gave a lane back four seconds.', 'Corvane payments team', { backgroundColor: 'tertiary', textColor: 'contrast', align: 'wide' }),
    heading('The numbers', { level: 2 }),
    table(
      ['Store', 'Lanes', 'Median before', 'Median after'],
      [
        ['Harbor Road', '6', '41 s', '22 s'],
        ['Old Mill', '4', '36 s', '20 s'],
        ['Crestfield', '8', '39 s', '21 s'],
        ['Pinecrest', '5', '35 s', '19 s'],
      ],
      { stripes: true, caption: 'Median checkout time per store, four Saturdays before and after.' },
    ),
    heading('See it at the till', { level: 3 }),
    embed(YOUTUBE, 'youtube', 'A walk along the pilot lanes'),
    video({ id: mediaId('checkoutVideo'), url: mediaUrl('checkoutVideo'), caption: 'The new tap-first flow on a countertop terminal.' }),
    audio({ id: mediaId('podcastIntro'), url: mediaUrl('podcastIntro'), caption: 'Listen: the store manager on the first Saturday.' }),
    group(
      [
        heading('Take it with you', { level: 3 }),
        file({ id: mediaId('pdfEstate'), url: mediaUrl('pdfEstate'), name: 'Terminal estate benchmark 2025', fileId: 'wp-block-file--media-6f1c8a4e-2b7d-4f3e-9a51-3c0d7e2f8b11' }),
      ],
      { backgroundColor: 'tertiary', padding: '2rem', layout: { type: 'constrained' } },
    ),
    details('What counts as a lane?', 'Any till that takes payment: staffed, self-service or a handheld in the queue.'),
    heading('For the engineers', { level: 3 }),
    code('POST /v1/terminals/{id}/prompts\n{ "tip": "before-scan", "signature": "never-under-floor-limit" }'),
    preformatted('Lane 4   08:00  38 s\nLane 4   08:00  21 s   (after)'),
    verse('Scan, tap, done;\nthe bread still warm,\nthe queue already gone.'),
    group(
      [paragraph('Share this story', { fontSize: 'small' }), socialLinks([{ service: 'linkedin', url: 'https://www.linkedin.com/company/corvane' }, { service: 'twitter', url: 'https://twitter.com/corvane' }, { service: 'facebook', url: 'https://www.facebook.com/corvane' }])],
      { layout: { type: 'flex', flexWrap: 'nowrap' } },
    ),
    reusable(512),
  );
}

function layouts(): string {
  return sequence(
    paragraph('A payments page has to work on a 27-inch monitor in head office and on a phone in a car park. These are the layouts our editors use most, and how each behaves on a small screen.'),
    heading('Two equal columns', { level: 2 }),
    columns([
      column([heading('Acquiring', { level: 3 }), paragraph('Next-day settlement, one statement for every site, and pricing you can read.')]),
      column([heading('Switching', { level: 3 }), paragraph('Route every card to the processor most likely to approve it, and fail over in milliseconds.')]),
    ]),
    heading('A third and two thirds', { level: 2 }),
    columns(
      [
        column([image({ ...img('partnerPortrait', 'Portrait of a partner executive'), sizeSlug: 'medium' })], { width: '33.33%', verticalAlignment: 'center' }),
        column([paragraph('"We moved 62 hotels in one quarter without a single failed night audit." The partner who ran the Harbor Lane rollout explains how the project was planned, from the first site survey to the last terminal swap.')], { width: '66.66%', verticalAlignment: 'center' }),
      ],
      { verticalAlignment: 'center' },
    ),
    heading('Side by side on phones too', { level: 2 }),
    columns(
      [
        column([paragraph('<strong>99.995%</strong><br>availability', { align: 'center' })], { backgroundColor: 'tertiary' }),
        column([paragraph('<strong>180 ms</strong><br>median authorisation', { align: 'center' })], { backgroundColor: 'tertiary' }),
        column([paragraph('<strong>40</strong><br>processors', { align: 'center' })], { backgroundColor: 'tertiary' }),
      ],
      { stackOnMobile: false },
    ),
    heading('A wide band of columns', { level: 2 }),
    columns(
      [
        column([heading('Plan', { level: 4 }), paragraph('Survey every site.')]),
        column([heading('Pilot', { level: 4 }), paragraph('Two stores, four weeks.')]),
        column([heading('Roll out', { level: 4 }), paragraph('Ten stores a week.')]),
        column([heading('Review', { level: 4 }), paragraph('Numbers after 90 days.')]),
      ],
      { align: 'wide', backgroundColor: 'secondary', textColor: 'base' },
    ),
    heading('Groups: a row, a stack and a panel', { level: 2 }),
    group([paragraph('Row:'), buttons([button({ text: 'Pricing', url: '/pages/merchant-centered-acquiring', backgroundColor: 'primary', textColor: 'contrast' })]), paragraph('Support:'), paragraph('<a href="/pages/support-services">24/7</a>')], {
      layout: { type: 'flex', flexWrap: 'nowrap' },
    }),
    group([paragraph('Stack: first'), paragraph('Stack: second'), paragraph('Stack: third')], { layout: { type: 'flex', orientation: 'vertical' } }),
    group([heading('A panel', { level: 3, textColor: 'base' }), paragraph('A group with a custom background and padding, as editors build callouts.', { textColor: 'base' })], {
      customBackground: '#1d3557',
      padding: '2.5rem',
      align: 'wide',
      layout: { type: 'constrained' },
    }),
    group([paragraph('Centred in a row, with space between.'), paragraph('<em>Right-hand note</em>')], { layout: { type: 'flex', justifyContent: 'space-between' } }),
    heading('Media and text', { level: 2 }),
    mediaText([heading('Media on the left', { level: 3 }), paragraph('Stacked on phones, side by side from 600 px up.')], { media: img('acquiringHero', 'A restaurant owner reviewing settlements on a tablet') }),
    mediaText([heading('Media on the right, 40%', { level: 3 }), paragraph('With a palette background and the text vertically centred.')], {
      media: img('campus', 'Students paying with campus cards in a dining hall'),
      position: 'right',
      mediaWidth: 40,
      verticalAlignment: 'center',
      backgroundColor: 'tertiary',
    }),
    mediaText([paragraph('Not stacked on mobile: the image stays beside the text even on a phone.')], {
      media: img('testimonialPortrait', 'Portrait of a customer'),
      stackOnMobile: false,
      mediaWidth: 30,
      align: 'none',
    }),
    heading('Spacers and separators', { level: 2 }),
    paragraph('A 24 px spacer follows.'),
    spacer(24),
    paragraph('A 120 px spacer follows.'),
    spacer(120),
    separator(),
    separator({ style: 'wide', backgroundColor: 'secondary' }),
    separator({ style: 'dots', customColor: '#b5179e' }),
    separator({ customColor: '#e76f51', align: 'wide', style: 'wide' }),
    reusable(512),
  );
}

function colours(): string {
  return sequence(
    paragraph('Brand colours on a blog should come from the palette. Sometimes a campaign needs its own. Both have to survive the trip from the editor to the page.'),
    heading('Palette colours', { level: 2, textColor: 'secondary' }),
    paragraph('Contrast text on the primary colour.', { backgroundColor: 'primary', textColor: 'contrast' }),
    paragraph('Base text on the secondary colour.', { backgroundColor: 'secondary', textColor: 'base' }),
    paragraph('Secondary text on tertiary.', { backgroundColor: 'tertiary', textColor: 'secondary' }),
    heading('Custom colours', { level: 2, customText: '#b5179e' }),
    paragraph('A campaign purple on a pale lilac.', { customBackground: '#f3e8ff', customText: '#5b21b6' }),
    paragraph('White on a deep navy.', { customBackground: '#1d3557', customText: '#ffffff' }),
    heading('Buttons', { level: 2 }),
    buttons([
      button({ text: 'Palette fill', url: '/contact-us', backgroundColor: 'secondary', textColor: 'base' }),
      button({ text: 'Primary fill', url: '/contact-us', backgroundColor: 'primary', textColor: 'contrast' }),
      button({ text: 'Custom fill', url: '/contact-us', customBackground: '#e76f51', customText: '#ffffff', radius: '999px' }),
    ]),
    buttons(
      [
        button({ text: 'Outline', url: '/pages/card-services', outline: true }),
        button({ text: 'Palette outline', url: '/pages/card-services', outline: true, textColor: 'secondary' }),
        button({ text: 'Custom outline', url: '/pages/card-services', outline: true, customText: '#b5179e' }),
      ],
      { justify: 'center' },
    ),
    buttons([button({ text: 'Full-width call to action', url: '/contact-us', width: 100, backgroundColor: 'contrast', textColor: 'base' })]),
    buttons([button({ text: 'Right', url: '/contact-us', fontSize: 'small' }), button({ text: 'Aligned', url: '/contact-us', fontSize: 'small', outline: true })], { justify: 'right' }),
    buttons([button({ text: 'Stacked one', url: '/contact-us', width: 50 }), button({ text: 'Stacked two', url: '/contact-us', width: 50, outline: true })], { vertical: true }),
    heading('Font sizes', { level: 2 }),
    paragraph('Small: terms and footnotes.', { fontSize: 'small' }),
    paragraph('Medium: the standfirst of a story.', { fontSize: 'medium' }),
    paragraph('Large: a number worth shouting about.', { fontSize: 'large' }),
    paragraph('Extra large: 1.1 billion.', { fontSize: 'x-large' }),
    paragraph('Huge.', { fontSize: 'xx-large' }),
    paragraph('A custom 22 px.', { customFontSize: '22px' }),
    paragraph('A custom 2.5 rem, centred.', { customFontSize: '2.5rem', align: 'center' }),
    heading('Heading levels', { level: 2 }),
    heading('Heading 1 inside a post', { level: 1 }),
    heading('Heading 2', { level: 2 }),
    heading('Heading 3', { level: 3 }),
    heading('Heading 4', { level: 4 }),
    heading('Heading 5', { level: 5 }),
    heading('Heading 6', { level: 6 }),
    heading('A right-aligned heading', { level: 3, textAlign: 'right' }),
    heading('Text alignment', { level: 2 }),
    paragraph('Left is the default.', { align: 'left' }),
    paragraph('Centre for a short statement.', { align: 'center' }),
    paragraph('Right for a signature.', { align: 'right' }),
    heading('Quotes and pullquotes', { level: 2 }),
    quote(['A default quote, with its border.', 'Two paragraphs long.'], 'Chief Executive Officer, Corvane Payments'),
    quote(['A plain quote: no border, just the words.'], 'Finance director', { plain: true }),
    quote(['A centred quote.'], 'Partner', { textAlign: 'center' }),
    pullquote('A pullquote with the default style.', 'Operations lead'),
    pullquote('A pullquote in palette colours with a border.', 'Marketing', { backgroundColor: 'secondary', textColor: 'base', borderColor: 'primary' }),
    pullquote('A custom-coloured pullquote, wide.', 'Campaign', { customBackground: '#fde68a', customText: '#78350f', align: 'wide' }),
    pullquote('A pullquote floated left.', 'Editor', { align: 'left', textAlign: 'left' }),
    paragraph('Text wraps around a floated pullquote the way it wraps around an image: the quote keeps to its side and the paragraph fills the rest of the line, at least on a wide screen.'),
  );
}

function media(): string {
  return sequence(
    paragraph('Payments stories are told with pictures: the queue, the terminal, the people. Here is every way the editor places them.'),
    heading('Covers', { level: 2 }),
    cover([paragraph('A cover with an image, a 50% dark overlay and a minimum height of 360 px.', { align: 'center', fontSize: 'large' })], {
      image: img('stadium', 'Fans buying food at a stadium concession stand'),
      dimRatio: 50,
      minHeight: 360,
      minHeightUnit: 'px',
    }),
    cover([heading('A palette overlay', { level: 3, textAlign: 'center' })], { overlayColor: 'secondary', minHeight: 240, minHeightUnit: 'px', align: 'wide' }),
    cover([paragraph('A custom overlay colour, full width, 50 vh tall.', { align: 'center' })], { customOverlayColor: '#1d3557', minHeight: 50, minHeightUnit: 'vh', align: 'full' }),
    cover([paragraph('A light cover, content at the top left.')], {
      image: img('teamOffice', 'The Corvane team in the office'),
      dimRatio: 20,
      overlayColor: 'base',
      isDark: false,
      contentPosition: 'top left',
      minHeight: 300,
      minHeightUnit: 'px',
    }),
    heading('Images', { level: 2 }),
    image({ ...img('apmWallets', 'Phone screens showing several digital wallet buttons'), caption: 'Full size, in the content column.' }),
    image({ ...img('biReport', 'Charts of sales by hour and by location'), align: 'left', sizeSlug: 'medium', width: 240, height: 160, caption: 'Floated left' }),
    paragraph('A left-aligned image floats beside this paragraph on a wide screen. The text runs down its right-hand side and continues underneath once it passes the image. On a phone the image takes the line to itself.'),
    image({ ...img('donationTap', 'A terminal screen offering to round up a purchase for charity'), align: 'right', sizeSlug: 'medium', width: 240, height: 160, caption: 'Floated right' }),
    paragraph('A right-aligned image does the same on the other side. Captions stay with their images, in the caption style of the theme.'),
    image({ ...img('loyaltyCard', 'A receipt showing loyalty points earned'), align: 'center', sizeSlug: 'medium', width: 300, height: 200, caption: 'Centred, 300 px wide' }),
    image({ ...img('switchingHero', 'Lines of light connecting payment processors on a dark map'), align: 'wide', caption: 'Wide' }),
    image({ ...img('homeHero', 'A shopper tapping a phone on a countertop payment terminal'), align: 'full', caption: 'Full width' }),
    heading('Galleries', { level: 2 }),
    gallery(
      [
        { ...img('logoHarborLane', 'Harbor Lane Hotels'), caption: 'Harbor Lane' },
        { ...img('logoCrestfield', 'Crestfield University'), caption: 'Crestfield' },
      ],
      { columns: 2, caption: 'Two columns, cropped.' },
    ),
    gallery(
      [
        { ...img('newsExpansion', 'The entrance of a new regional office'), caption: 'Denver' },
        { ...img('newsAward', 'A glass award on a stage'), caption: 'The award' },
        { ...img('pressLaunch', 'A presenter on stage in front of a product slide'), caption: 'Launch day' },
        { ...img('eventSummit', 'An audience at a payments conference') },
        { ...img('insightsChart', 'A line chart of contactless payment share rising') },
        { ...img('whitepaperCover', 'Cover page of a Corvane white paper') },
      ],
      { columns: 3, caption: 'Three columns, six images, some with captions.', align: 'wide' },
    ),
    gallery([img('logoMarlow', 'Marlow Market'), img('logoBlueHeron', 'Blue Heron Resorts'), img('logoPinecrest', 'Pinecrest Arena')], { crop: false }),
    heading('Video and audio', { level: 2 }),
    embed(YOUTUBE, 'youtube', 'YouTube: the product tour'),
    embed(VIMEO, 'vimeo', 'Vimeo: our customer film', 'wide'),
    video({ id: mediaId('checkoutVideo'), url: mediaUrl('checkoutVideo'), poster: mediaUrl('blogTerminals'), caption: 'A video from the media library, with a poster.' }),
    video({ id: mediaId('checkoutVideo'), url: mediaUrl('checkoutVideo'), align: 'wide' }),
    audio({ id: mediaId('podcastIntro'), url: mediaUrl('podcastIntro'), caption: 'The Corvane podcast, episode one.' }),
    heading('Downloads', { level: 2 }),
    file({ id: mediaId('pdfOrchestration'), url: mediaUrl('pdfOrchestration'), name: 'The payment orchestration playbook', fileId: 'wp-block-file--media-0b8e2c55-4d1a-4b6f-8f0e-2a9c5d7e1f30' }),
    file({ id: mediaId('pdfCampus'), url: mediaUrl('pdfCampus'), name: 'Campus payments guide (PDF)', fileId: 'wp-block-file--media-7a3d9e12-5c4b-4e8f-b2a1-9d6c0f3e4a52', button: false }),
  );
}

function textAndData(): string {
  return sequence(
    paragraph('Release notes are the least glamorous page we publish and the most read by our customers\' engineers. They need tables, code and lists that survive.'),
    more(),
    heading('What changed', { level: 2 }),
    list(['Tap to pay on every lane', 'Receipts by email', 'Prompts you can switch off per store'], { nested: { 2: ['Tip prompt', 'Signature prompt'] } }),
    list(['Update the terminal profile', 'Restart the lane', 'Check the first receipt'], { ordered: true }),
    heading('Tables', { level: 2 }),
    table(
      ['Version', 'Released', 'Change'],
      [
        ['4.2', '2025-01-14', 'Tip prompt before the scan'],
        ['4.1', '2024-11-02', 'Receipts by email'],
        ['4.0', '2024-08-20', 'Tap to pay on every lane'],
      ],
      { stripes: true },
    ),
    table(['Region', 'Uptime'], [['North America', '99.997%'], ['Europe', '99.995%']], { fixed: true, caption: 'Uptime, regular style, fixed layout.' }),
    table(['Fee', 'Amount'], [['Card present', '1.4%'], ['Card not present', '1.9%']], { backgroundColor: 'tertiary', align: 'wide' }),
    heading('Code', { level: 2 }),
    code('curl -X POST https://api.corvane.example/v1/payments \\\n  -H "Authorization: Bearer $TOKEN" \\\n  -d amount=1250 -d currency=usd'),
    preformatted('Terminal   Status    Last seen\nT-0141     online    08:02\nT-0142     offline   07:58'),
    verse('Settlement at nine,\nreports by ten,\ncoffee at eleven.', { textAlign: 'center' }),
    heading('Questions', { level: 2 }),
    details('Do I need new terminals?', 'No. Version 4.2 runs on every terminal we have shipped since 2021.', true),
    details('When does the update reach my stores?', 'Within a week of the release, overnight, one region at a time.'),
    heading('Custom HTML', { level: 2 }),
    html('<p class="release-note"><abbr title="Point of sale">POS</abbr> builds are signed; check the <kbd>SHA-256</kbd> before installing.</p>'),
    '<p>A paragraph written in the classic editor, kept as it was typed (a <em>freeform</em> block).</p>',
    heading('Follow the releases', { level: 2 }),
    socialLinks([
      { service: 'linkedin', url: 'https://www.linkedin.com/company/corvane' },
      { service: 'twitter', url: 'https://twitter.com/corvane' },
      { service: 'youtube', url: 'https://www.youtube.com/@corvane' },
      { service: 'github', url: 'https://github.com/corvane' },
    ]),
    socialLinks(
      [
        { service: 'linkedin', url: 'https://www.linkedin.com/company/corvane', label: 'LinkedIn' },
        { service: 'mail', url: 'mailto:press@corvane.example', label: 'Email the press office' },
      ],
      { style: 'pill-shape', showLabels: true, iconColor: 'base', iconColorValue: '#ffffff', iconBackgroundColor: 'secondary', iconBackgroundColorValue: '#345C00', size: 'has-large-icon-size', justify: 'center' },
    ),
    socialLinks([{ service: 'instagram', url: 'https://www.instagram.com/corvane' }, { service: 'facebook', url: 'https://www.facebook.com/corvane' }], { style: 'logos-only' }),
  );
}

export const BLOCK_POSTS: readonly BlockPostSpec[] = [
  { id: 507, slug: 'blocks-showcase', title: 'Inside a checkout redesign: six weeks, four stores', date: '2025-02-24T09:00:00', featured: 'largePhoto', markup: showcase() },
  { id: 508, slug: 'checkout-layouts-columns-groups-and-media', title: 'Layouts that work from head office to the car park', date: '2025-02-10T09:00:00', featured: 'estateDashboard', markup: layouts() },
  { id: 509, slug: 'brand-colours-buttons-and-type', title: 'Brand colours, buttons and type on the Corvane blog', date: '2025-01-27T09:00:00', featured: 'apmWallets', markup: colours() },
  { id: 510, slug: 'media-in-payments-stories', title: 'Pictures, video and sound in payments stories', date: '2025-01-13T09:00:00', featured: 'stadium', markup: media() },
  { id: 511, slug: 'release-notes-tables-code-and-details', title: 'Release notes: tables, code and details', date: '2025-01-06T09:00:00', featured: 'insightsChart', markup: textAndData() },
];

export const BLOCK_POST_SLUGS: readonly string[] = BLOCK_POSTS.map((p) => p.slug);

const FIXTURES = blockFixtures as Record<string, BlockFixture | undefined>;

/** The corpus as seed posts: the fake serves WordPress's rendering (the fixture) and keeps the markup for the import. */
export function seedBlockPosts(): SeedPost[] {
  const restBase: PostRestBase = 'posts';
  return BLOCK_POSTS.map((spec) => {
    const fixture = FIXTURES[spec.slug];
    // Without a capture yet, the markup itself stands in (block comments are invisible in HTML).
    const rendered = fixture?.rendered ?? `${spec.markup}\n`;
    const seed = makePost(restBase, { id: spec.id, slug: spec.slug, title: spec.title, date: spec.date, featuredMedia: mediaId(spec.featured), content: rendered, ...(fixture ? { excerptHtml: fixture.excerpt } : {}) });
    seed.post.blockMarkup = spec.markup;
    seed.post.block_styles = fixture?.block_styles ?? { blocks: [], css: '' };
    return seed;
  });
}
