import type { StoredMedia } from '../store';
import { devUploadUrl, uploadUrl } from '../urls';
import { makeMedia, type MediaInput } from './build';

/** The seed's uploads: generated PNG images, one large JPEG photo (sizes as in `media_details`) and PDF downloads. */
const MEDIA = {
  homeHero: { id: 11, file: '2025/01/home-hero.png', width: 1600, height: 700, title: 'Checkout counter with a contactless terminal', alt: 'A shopper tapping a phone on a countertop payment terminal' },
  switchingHero: { id: 12, file: '2025/01/secure-switching-hero.png', width: 1600, height: 700, title: 'Secure switching network map', alt: 'Lines of light connecting payment processors on a dark map' },
  apmWallets: { id: 13, file: '2025/02/apm-wallets.png', width: 1200, height: 630, title: 'Digital wallets at checkout', alt: 'Phone screens showing several digital wallet buttons' },
  estateDashboard: { id: 14, file: '2025/02/estate-dashboard.png', width: 1200, height: 800, title: 'Estate management dashboard', alt: 'A dashboard listing payment terminals by location and status' },
  supportTeam: { id: 15, file: '2025/02/support-team.png', width: 1200, height: 800, title: 'Support desk', alt: 'Support engineers at a help desk with headsets' },
  acquiringHero: { id: 16, file: '2025/03/acquiring-hero.png', width: 1600, height: 700, title: 'Merchant-centered acquiring', alt: 'A restaurant owner reviewing the day’s settlements on a tablet' },
  visionKiosk: { id: 17, file: '2025/03/vision-ai-kiosk.png', width: 1200, height: 800, title: 'Vision AI self-checkout', alt: 'A self-checkout kiosk recognising items on a tray' },
  loyaltyCard: { id: 18, file: '2025/03/loyalty-card.png', width: 1200, height: 800, title: 'Loyalty rewards', alt: 'A receipt showing loyalty points earned' },
  biReport: { id: 19, file: '2025/04/bi-report.png', width: 1200, height: 800, title: 'Business intelligence report', alt: 'Charts of sales by hour and by location' },
  donationTap: { id: 20, file: '2025/04/donation-tap.png', width: 1200, height: 800, title: 'Donation on device', alt: 'A terminal screen offering to round up a purchase for charity' },
  stadium: { id: 21, file: '2025/04/industry-stadium.png', width: 1600, height: 700, title: 'Stadium concourse', alt: 'Fans buying food at a stadium concession stand' },
  campus: { id: 22, file: '2025/05/industry-campus.png', width: 1600, height: 700, title: 'University campus dining', alt: 'Students paying with campus cards in a dining hall' },
  teamOffice: { id: 23, file: '2025/05/team-office.png', width: 1600, height: 700, title: 'The Corvane team', alt: 'The Corvane team in the office' },
  blogOrchestration: { id: 24, file: '2025/06/blog-orchestration.png', width: 1200, height: 630, title: 'Payment orchestration', alt: 'Diagram of transactions routed between several processors' },
  blogTerminals: { id: 25, file: '2025/06/blog-terminals.png', width: 1200, height: 630, title: 'Terminal estate', alt: 'A row of countertop payment terminals' },
  blogLoyalty: { id: 26, file: '2025/07/blog-loyalty.png', width: 1200, height: 630, title: 'Loyalty that pays', alt: 'A coffee cup with a loyalty stamp card' },
  newsExpansion: { id: 27, file: '2025/07/news-expansion.png', width: 1200, height: 630, title: 'New regional office', alt: 'The entrance of a new regional office' },
  newsAward: { id: 28, file: '2025/08/news-award.png', width: 1200, height: 630, title: 'Industry award', alt: 'A glass award on a stage' },
  pressLaunch: { id: 29, file: '2025/08/press-launch.png', width: 1200, height: 630, title: 'Product launch', alt: 'A presenter on stage in front of a product slide' },
  whitepaperCover: { id: 30, file: '2025/09/whitepaper-cover.png', width: 1200, height: 630, title: 'White paper cover', alt: 'Cover page of a Corvane white paper' },
  caseStudyCampus: { id: 31, file: '2025/09/case-study-campus.png', width: 1200, height: 630, title: 'Campus case study', alt: 'A busy university food court at lunchtime' },
  insightsChart: { id: 32, file: '2025/10/insights-chart.png', width: 1200, height: 630, title: 'Insights chart', alt: 'A line chart of contactless payment share rising' },
  eventSummit: { id: 33, file: '2025/10/event-summit.png', width: 1200, height: 630, title: 'Payments summit', alt: 'An audience at a payments conference' },
  partnerPortrait: { id: 34, file: '2025/11/partner-portrait.png', width: 800, height: 800, title: 'Partner portrait', alt: 'Portrait of a partner executive' },
  testimonialPortrait: { id: 35, file: '2025/11/testimonial-portrait.png', width: 400, height: 400, title: 'Customer portrait', alt: 'Portrait of a customer' },
  logoHarborLane: { id: 36, file: '2025/01/logo-harbor-lane.png', width: 240, height: 80, title: 'Harbor Lane Hotels logo', alt: 'Harbor Lane Hotels' },
  logoCrestfield: { id: 37, file: '2025/01/logo-crestfield.png', width: 240, height: 80, title: 'Crestfield University logo', alt: 'Crestfield University' },
  logoPinecrest: { id: 38, file: '2025/01/logo-pinecrest.png', width: 240, height: 80, title: 'Pinecrest Arena logo', alt: 'Pinecrest Arena' },
  logoMarlow: { id: 39, file: '2025/01/logo-marlow.png', width: 240, height: 80, title: 'Marlow Market logo', alt: 'Marlow Market' },
  logoBlueHeron: { id: 40, file: '2025/01/logo-blue-heron.png', width: 240, height: 80, title: 'Blue Heron Resorts logo', alt: 'Blue Heron Resorts' },
  // A photo as editors upload them: 2400 × 1260, about 500 kB of JPEG (`../jpeg.ts`). The featured
  // image of one article and the hero of the card services page; its sizes are WordPress's.
  largePhoto: { id: 42, file: '2025/12/farmers-market.jpg', mimeType: 'image/jpeg', width: 2400, height: 1260, title: 'Farmers market', alt: 'Stalls of fruit and vegetables under awnings at an open-air market' },
  logoCorvane: { id: 41, file: '2025/01/logo-corvane.png', width: 480, height: 160, title: 'Corvane logo', alt: 'Corvane Payments' },
  // The block corpus's media blocks (./blocks): a short WebM clip (a committed file, see
  // ../uploads.ts) and a WAV chime (generated).
  checkoutVideo: { id: 43, file: '2025/11/checkout-demo.webm', mimeType: 'video/webm', title: 'Checkout demo', alt: '' },
  podcastIntro: { id: 44, file: '2025/11/corvane-podcast-intro.wav', mimeType: 'audio/wav', title: 'Corvane podcast intro', alt: '' },
  pdfOrchestration: { id: 45, file: '2025/09/orchestration-playbook.pdf', mimeType: 'application/pdf', title: 'The payment orchestration playbook', alt: '' },
  pdfEstate: { id: 46, file: '2025/09/terminal-estate-benchmark.pdf', mimeType: 'application/pdf', title: 'Terminal estate benchmark 2025', alt: '' },
  pdfCampus: { id: 47, file: '2025/10/campus-payments-guide.pdf', mimeType: 'application/pdf', title: 'Campus payments guide', alt: '' },
  pdfDonations: { id: 48, file: '2025/10/giving-at-the-counter.pdf', mimeType: 'application/pdf', title: 'Giving at the counter', alt: '' },
} satisfies Record<string, Omit<MediaInput, 'date'> & { mimeType?: MediaInput['mimeType'] }>;

export type MediaKey = keyof typeof MEDIA;

export function mediaId(key: MediaKey): number {
  return MEDIA[key].id;
}

/** The file's absolute URL on the serving origin. */
export function mediaUrl(key: MediaKey): string {
  return uploadUrl(MEDIA[key].file);
}

/** The same file on the CMS development host (content that still points there must be rewritten). */
export function mediaDevUrl(key: MediaKey): string {
  return devUploadUrl(MEDIA[key].file);
}

export function mediaSize(key: MediaKey): { width: number; height: number } {
  const spec: { id: number; width?: number; height?: number } = MEDIA[key];
  return { width: spec.width ?? 0, height: spec.height ?? 0 };
}

export function seedMedia(): StoredMedia[] {
  return Object.values(MEDIA).map((spec) => {
    const [, year, month] = /^(\d{4})\/(\d{2})\//.exec(spec.file) ?? ['', '2025', '01'];
    return makeMedia({ ...spec, date: `${year}-${month}-02T10:00:00` });
  });
}

/** Ids of the seed's PNG images (for generated items' featured images; the large photo stays on its two pages). */
export function imageIds(): number[] {
  return Object.values(MEDIA)
    .filter((spec) => !('mimeType' in spec))
    .map((spec) => spec.id);
}
