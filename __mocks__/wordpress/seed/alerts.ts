import { makePost, p, type SeedPost } from './build';

/**
 * Alerts: an enabled and a disabled one of each type. The disabled ones are newer, so a client
 * that forgets to filter on `enable` shows the wrong alert.
 */
export function seedAlerts(): SeedPost[] {
  const alert = (id: number, title: string, date: string, text: string, acf: Record<string, string>): SeedPost =>
    makePost('alert', { id, slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''), title, date, content: `${p(text)}\n`, acf });
  return [
    alert(701, 'Summit registration is open', '2026-02-01T09:00:00', 'Join us in Denver on May 12-13 for the Corvane Payments Summit 2026.', {
      alert_type: 'Top bar',
      enable: '1',
      link_url: '/about-us/events/corvane-payments-summit-2026',
      link_label: 'Register now',
    }),
    alert(702, 'Scheduled maintenance', '2026-02-20T09:00:00', 'Reporting will be unavailable on Sunday from 2 a.m. to 4 a.m.', {
      alert_type: 'Top bar',
      enable: '0',
      link_url: '/pages/support-services',
      link_label: 'Support',
    }),
    alert(703, 'New: DecisionPoint network', '2026-01-14T09:00:00', 'Cut false declines with real-time routing decisions.', {
      alert_type: 'Popup',
      enable: '1',
      link_url: '/pages/decisionpoint-network',
      link_label: 'Learn more',
    }),
    alert(704, 'Holiday support hours', '2026-02-18T09:00:00', 'Our help desk stays open 24/7 over the holidays.', {
      alert_type: 'Popup',
      enable: '0',
      link_url: '/pages/support-services',
      link_label: 'Contact support',
    }),
  ];
}
