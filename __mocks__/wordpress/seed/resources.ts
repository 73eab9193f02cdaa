import { blocks, h2, makePost, p, ul, type SeedPost } from './build';
import { mediaId, mediaUrl } from './media';

/** White papers, case studies, insights, events and partner interviews (`virtual`). */

export function seedResources(): SeedPost[] {
  return [
    // ---------------------------------------------------------------- white papers
    makePost('whitepapers', {
      id: 561,
      slug: 'the-payment-orchestration-playbook',
      title: 'The Payment Orchestration Playbook',
      date: '2025-09-09T10:00:00',
      featuredMedia: mediaId('whitepaperCover'),
      acf: {
        summary: 'A practical guide to routing card payments across several processors without re-certifying your checkout.',
        download_url: mediaUrl('pdfOrchestration'),
      },
      content: blocks(
        p('Multi-processor routing used to be a project for the largest retailers. This playbook shows how operators of any size can plan it, phase it and measure it.'),
        h2("What's inside"),
        ul(['A readiness checklist', 'Three routing strategies and when to use each', 'A 90-day rollout plan']),
      ),
    }),
    makePost('whitepapers', {
      id: 562,
      slug: 'terminal-estate-benchmark-2025',
      title: 'Terminal Estate Benchmark 2025',
      date: '2025-09-23T10:00:00',
      featuredMedia: mediaId('blogTerminals'),
      acf: {
        summary: 'How 400 operators buy, run and retire their payment terminals, and what the best of them do differently.',
        download_url: mediaUrl('pdfEstate'),
      },
      content: blocks(
        p('We surveyed 400 operators across hospitality, retail and campuses about their payment devices.'),
        ul(['Median terminal age: 4.2 years', '31% track devices in a spreadsheet', 'Top performers fix 70% of issues remotely']),
      ),
    }),
    makePost('whitepapers', {
      id: 563,
      slug: 'campus-payments-guide',
      title: 'A Campus Payments Guide for CFOs &amp; Auxiliary Directors',
      date: '2025-10-07T10:00:00',
      featuredMedia: mediaId('campus'),
      acf: {
        summary: 'Meal plans, mobile IDs and cashless dining: a decision guide for university finance and auxiliary services teams.',
        download_url: mediaUrl('pdfCampus'),
      },
      content: blocks(
        p('Students expect to pay with their phones everywhere on campus. This guide helps finance and auxiliary teams plan the move without losing control of meal-plan revenue.'),
      ),
    }),
    makePost('whitepapers', {
      id: 564,
      slug: 'giving-at-the-counter',
      title: 'Giving at the Counter',
      date: '2025-10-21T10:00:00',
      featuredMedia: mediaId('donationTap'),
      acf: {
        summary: 'What two million point-of-sale donations tell us about generosity, causes and prompts.',
        download_url: mediaUrl('pdfDonations'),
      },
      content: blocks(
        p('Point-of-sale giving works when it is simple, local and transparent. We analysed two million donations made on Corvane terminals to find out what drives them.'),
      ),
    }),

    // ---------------------------------------------------------------- case studies
    makePost('case-studies', {
      id: 581,
      slug: 'crestfield-university-one-card-campus',
      title: 'Crestfield University: one card for the whole campus',
      date: '2025-10-28T10:00:00',
      featuredMedia: mediaId('caseStudyCampus'),
      acf: {
        client: 'Crestfield University',
        summary: '30,000 students, 42 outlets and one card that works in every one of them.',
        cta_label: 'Talk to our campus team',
        cta_url: '/contact-us',
      },
      content: blocks(
        h2('The challenge'),
        p('Crestfield ran three separate systems for meal plans, retail and laundry. Students carried a plastic card, and reconciling the three took a week every month.'),
        h2('The result'),
        ul(['Mobile student IDs in every major wallet', 'Month-end close cut from five days to one', 'Dining hall lines 40% shorter with Vision AI']),
        p('See <a href="/pages/higher-ed">Corvane for higher education</a>.'),
      ),
    }),
    makePost('case-studies', {
      id: 582,
      slug: 'pinecrest-arena-halftime-rush',
      title: 'Pinecrest Arena cuts halftime lines by a third',
      date: '2025-08-05T10:00:00',
      featuredMedia: mediaId('stadium'),
      acf: {
        client: 'Pinecrest Arena',
        summary: 'Faster concessions and $180,000 raised for local causes in one season.',
        cta_label: 'Plan your venue upgrade',
        cta_url: '/contact-us',
      },
      content: blocks(
        p('Pinecrest Arena replaced 240 concession terminals in the off-season and switched on wallets, wristbands and Donation on Device.'),
        ul(['Average transaction time down from 19 to 12 seconds', 'Halftime lines 33% shorter', '$180,000 donated by fans']),
      ),
    }),
    makePost('case-studies', {
      id: 583,
      slug: 'harbor-lane-hotels-one-partner',
      title: 'Harbor Lane Hotels: four vendors replaced by one',
      date: '2025-06-24T10:00:00',
      featuredMedia: mediaId('homeHero'),
      acf: {
        client: 'Harbor Lane Hotels',
        summary: 'One partner for front desk, restaurants and spas across 62 properties.',
        cta_label: 'Talk to our hospitality team',
        cta_url: '/contact-us',
      },
      content: blocks(
        p('Harbor Lane consolidated four payment vendors onto Corvane switching and acquiring, and now closes its books two days faster every month.'),
      ),
    }),
    makePost('case-studies', {
      id: 584,
      slug: 'marlow-market-weekend-switch',
      title: "Marlow Market's 300-lane switch over one weekend",
      date: '2026-01-27T10:00:00',
      featuredMedia: mediaId('blogTerminals'),
      acf: {
        client: 'Marlow Market',
        summary: 'A grocery chain moved every lane to a new processor without a minute of downtime.',
        cta_label: 'See secure switching',
        cta_url: '/pages/secure-switching',
      },
      content: blocks(
        p('Marlow Market needed to change processors before its contract ended. With Corvane Switch in place, the move was a routing change, not a rollout.'),
        ul(['300 lanes in 18 stores', 'Zero downtime', 'Processing costs down 11%']),
      ),
    }),

    // ---------------------------------------------------------------- insights
    makePost('insights', {
      id: 601,
      slug: 'contactless-share-passes-80-percent',
      title: 'Contactless share passes 80% at the counter',
      date: '2026-02-17T08:00:00',
      featuredMedia: mediaId('insightsChart'),
      acf: { topic: 'Payments data', reading_time: '3 min' },
      content: blocks(
        p('For the first time, more than four in five in-person card payments on the Corvane network were contactless in January.'),
        p('Wallets drove most of the growth. Operators who still print "insert card" stickers may want to take them down.'),
      ),
    }),
    makePost('insights', {
      id: 602,
      slug: 'why-soft-declines-arent-really-soft',
      title: "Why soft declines aren't really soft",
      date: '2025-12-09T08:00:00',
      featuredMedia: mediaId('biReport'),
      acf: { topic: 'Authorization', reading_time: '5 min' },
      content: blocks(
        p('A soft decline can be retried, but most merchants never do. Across our network, one in six soft declines would have been approved on a second route.'),
        p('That is the idea behind <a href="/pages/decisionpoint-network">DecisionPoint</a>.'),
      ),
    }),
    makePost('insights', {
      id: 603,
      slug: 'real-cost-of-a-terminal-outage',
      title: 'The real cost of a terminal outage',
      date: '2025-09-30T08:00:00',
      featuredMedia: mediaId('blogTerminals'),
      acf: { topic: 'Operations', reading_time: '4 min' },
      content: blocks(
        p('Lost sales are only the start. Add walk-outs, staff overtime and the engineer visit, and a one-hour outage on a Saturday costs a mid-size store several thousand dollars.'),
      ),
    }),
    makePost('insights', {
      id: 604,
      slug: 'five-loyalty-metrics-worth-tracking',
      title: 'Five loyalty metrics worth tracking',
      date: '2025-07-22T08:00:00',
      featuredMedia: mediaId('blogLoyalty'),
      acf: { topic: 'Loyalty', reading_time: '4 min' },
      content: blocks(
        ul(['Visit frequency of enrolled customers', 'Share of sales from members', 'Reward redemption rate', 'Time to second visit', 'Cost per incremental visit']),
      ),
    }),

    // ---------------------------------------------------------------- events
    makePost('events', {
      id: 621,
      slug: 'corvane-payments-summit-2026',
      title: 'Corvane Payments Summit 2026',
      date: '2025-12-15T09:00:00',
      featuredMedia: mediaId('eventSummit'),
      acf: {
        start_date: '2026-05-12T09:00:00',
        end_date: '2026-05-13T17:00:00',
        location: 'Denver, CO',
        registration_url: 'https://events.example.com/corvane-summit-2026',
      },
      content: blocks(
        p('Two days of product news, customer stories and hands-on workshops for operators and partners.'),
        ul(['Keynote: the year in payments', 'Workshops on routing, loyalty and estate management', 'Partner showcase and evening reception']),
      ),
    }),
    makePost('events', {
      id: 622,
      slug: 'campus-dining-expo-2026',
      title: 'Campus Dining Expo 2026',
      date: '2026-01-08T09:00:00',
      featuredMedia: mediaId('campus'),
      // A manual excerpt stored as typed, with a character reference missing its semicolon.
      excerptHtml: '<p>See Vision AI checkout in action at booth&nbsp214.</p>\n',
      acf: {
        start_date: '2026-03-24T09:00:00',
        end_date: '2026-03-26T16:00:00',
        location: 'Orlando, FL',
        registration_url: 'https://events.example.com/campus-dining-expo-2026',
      },
      content: blocks(p('Meet our higher education team and try Vision AI self-checkout on a real dining hall tray.')),
    }),
    makePost('events', {
      id: 623,
      slug: 'webinar-reducing-false-declines',
      title: 'Webinar: Reducing false declines',
      date: '2025-10-01T09:00:00',
      featuredMedia: mediaId('biReport'),
      acf: {
        start_date: '2025-10-22T16:00:00',
        end_date: '2025-10-22T17:00:00',
        location: 'Online',
        registration_url: 'https://events.example.com/webinar-false-declines',
      },
      content: blocks(p('A one-hour session on why good cards get declined and what you can do about it.')),
    }),
    makePost('events', {
      id: 624,
      slug: 'hospitality-tech-forum-2025',
      title: 'Hospitality Tech Forum &amp; Awards 2025',
      date: '2025-05-20T09:00:00',
      featuredMedia: mediaId('eventSummit'),
      acf: {
        start_date: '2025-06-17T09:00:00',
        end_date: '2025-06-18T17:00:00',
        location: 'Las Vegas, NV',
        registration_url: 'https://events.example.com/hospitality-tech-forum-2025',
      },
      content: blocks(p('Corvane joins a panel on payments for integrated resorts and presents this year\'s operator awards.')),
    }),

    // ---------------------------------------------------------------- partner interviews
    makePost('virtual', {
      id: 641,
      slug: 'tablewise-integrated-payments',
      title: 'Building integrated payments into restaurant software',
      date: '2026-01-06T12:00:00',
      featuredMedia: mediaId('partnerPortrait'),
      acf: { partner_name: 'Priya Natarajan', partner_role: 'Chief Product Officer', company: 'Tablewise POS' },
      content: blocks(
        p('<strong>Why did Tablewise add payments?</strong> Our customers were juggling two vendors for one checkout. Integrated payments fixed that, and opened a new revenue line for us.'),
        p('<strong>What surprised you?</strong> How much support matters. Restaurants call at 9 p.m. on a Friday, and so do we.'),
      ),
    }),
    makePost('virtual', {
      id: 642,
      slug: 'iso-view-local-service-national-scale',
      title: "An ISO's view: local service at national scale",
      date: '2025-11-11T12:00:00',
      featuredMedia: mediaId('partnerPortrait'),
      acf: { partner_name: 'Gareth Lin', partner_role: 'Founder', company: 'Summit Ridge Merchant Services' },
      content: blocks(
        p('<strong>What do merchants want from an ISO?</strong> Someone who answers the phone and knows their business. The platform behind us has to be as good as the service in front.'),
      ),
    }),
    makePost('virtual', {
      id: 643,
      slug: 'campus-technology-cashless-dining',
      title: 'Campus technology leaders on cashless dining',
      date: '2025-08-26T12:00:00',
      featuredMedia: mediaId('caseStudyCampus'),
      acf: { partner_name: 'Dr. Helen Okafor', partner_role: 'Director of Auxiliary Services', company: 'Crestfield University' },
      content: blocks(
        p('<strong>Was going cashless controversial?</strong> Less than we expected. We kept one cash register in every hall, and usage fell to almost nothing within a term.'),
      ),
    }),
    makePost('virtual', {
      id: 644,
      slug: 'resellers-next-wave-of-terminals',
      title: 'Resellers &amp; the next wave of terminals',
      date: '2025-04-15T12:00:00',
      featuredMedia: mediaId('blogTerminals'),
      acf: { partner_name: 'Sofia Marchetti', partner_role: 'VP Channel Sales', company: 'Northgate Systems' },
      content: blocks(
        p('<strong>What changes with the next generation of terminals?</strong> They are Android devices first and payment devices second. That means apps, and apps mean resellers can add value long after the sale.'),
      ),
    }),
  ];
}
