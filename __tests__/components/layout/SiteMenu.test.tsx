import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SiteMenu } from '@/components/layout/SiteMenu';
import { EXPECTED_FALLBACK, MENU } from './fixtures';

function renderMenu(currentPath = '/') {
  const user = userEvent.setup();
  const view = render(
    <>
      <SiteMenu menu={MENU} currentPath={currentPath} />
      <p>Page content</p>
    </>,
  );
  return { user, ...view };
}

const nav = () => screen.getByRole('navigation', { name: 'Main' });
const toggle = (name: string) => within(nav()).getByRole('button', { name });
/** A panel is labelled by its button: the list of its submenus. */
const panel = (name: string) => screen.queryByRole('list', { name });

describe('SiteMenu (header menu from 600 px)', () => {
  test('spec §2 site menu: three levels — top items, their submenus, and the items of each submenu', async () => {
    const { user } = renderMenu();
    await user.click(toggle('Solutions'));

    const solutions = panel('Solutions');
    expect(solutions).toBeVisible();
    const payments = within(solutions as HTMLElement).getByRole('list', { name: 'Payments' });
    expect(within(payments).getByRole('link', { name: 'Secure Switching' })).toHaveAttribute('href', '/pages/secure-switching');
    expect(within(payments).getByRole('link', { name: 'Card Services' })).toHaveAttribute('href', '/pages/card-services');
    const customers = within(solutions as HTMLElement).getByRole('list', { name: 'Customers & Partners' });
    expect(within(customers).getByRole('link', { name: 'Existing Customers' })).toBeInTheDocument();
  });

  test("spec §2 site menu: a link to '#' is a non-navigating group heading, not a link", async () => {
    const { user } = renderMenu();
    await user.click(toggle('Solutions'));

    expect(screen.getByText('Payments').tagName).not.toBe('A');
    expect(screen.queryByRole('link', { name: 'Payments' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Solutions' })).not.toBeInTheDocument();
    // A submenu with a real link stays a link.
    expect(screen.getByRole('link', { name: 'Customers & Partners' })).toHaveAttribute('href', '/pages/customers');
    expect(document.querySelector('a[href="#"]')).toBeNull();
  });

  test('spec §2 site menu: a submenu flagged hidden is never shown, nor its items', async () => {
    const { user } = renderMenu();
    await user.click(toggle('Solutions'));

    expect(screen.queryByText('Legacy tools')).not.toBeInTheDocument();
    expect(screen.queryByText('DecisionPoint (classic)')).not.toBeInTheDocument();
  });

  test('spec §3 built top entry: the down arrow shows only when hasArrow; a top item without submenus is a plain link', () => {
    renderMenu();
    expect(toggle('Solutions').querySelector('svg[data-arrow-direction="down"]')).not.toBeNull();
    expect(toggle('Resources').querySelector('svg[data-arrow-direction="down"]')).not.toBeNull();

    const contact = within(nav()).getByRole('link', { name: 'Contact Us' });
    expect(contact).toHaveAttribute('href', '/contact-us');
    expect(contact.querySelector('svg')).toBeNull();
    expect(within(nav()).queryByRole('button', { name: 'Contact Us' })).not.toBeInTheDocument();
  });

  test('spec §3 built top entry: no arrow when hasArrow is false, even on an entry that opens a panel', () => {
    const [solutions] = MENU;
    render(<SiteMenu menu={[{ ...solutions!, hasArrow: false }]} currentPath="/" />);
    expect(toggle('Solutions').querySelector('svg')).toBeNull();
  });

  test('spec §2 fixed fallback navigation: an empty menu shows Home, News, Press Release and Contact Us as plain links', () => {
    render(<SiteMenu menu={[]} currentPath="/" />);
    const links = within(nav()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(EXPECTED_FALLBACK.map(([label, href]) => [label, href]));
    expect(within(nav()).queryByRole('button')).not.toBeInTheDocument();
  });

  test('disclosure pattern: toggles carry aria-expanded and aria-controls, panels are labelled and start closed', async () => {
    const { user } = renderMenu();
    const button = toggle('Solutions');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const controlled = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(controlled).not.toBeNull();
    expect(controlled).not.toBeVisible();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(controlled).toBeVisible();
    expect(within(controlled as HTMLElement).getByRole('list', { name: 'Solutions' })).toBeInTheDocument();
  });

  test('keyboard: Enter opens a panel, Escape closes it and returns focus to its button', async () => {
    const { user } = renderMenu();
    await user.tab();
    expect(toggle('Solutions')).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(toggle('Solutions')).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Secure Switching' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(toggle('Solutions')).toHaveAttribute('aria-expanded', 'false');
    expect(panel('Solutions')).not.toBeInTheDocument();
    expect(toggle('Solutions')).toHaveFocus();
  });

  test('keyboard: Space toggles a panel open and closed', async () => {
    const { user } = renderMenu();
    toggle('Resources').focus();
    await user.keyboard(' ');
    expect(toggle('Resources')).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(toggle('Resources')).toHaveAttribute('aria-expanded', 'false');
  });

  test('keyboard: ArrowDown/ArrowUp move between the links of an open panel', async () => {
    const { user } = renderMenu();
    toggle('Solutions').focus();
    await user.keyboard('{ArrowDown}'); // opens and moves to the first link
    expect(toggle('Solutions')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Secure Switching' })).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Card Services' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Customers & Partners' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('link', { name: 'Card Services' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('link', { name: 'Existing Customers' })).toHaveFocus();
    await user.keyboard('{ArrowDown}'); // wraps around
    expect(screen.getByRole('link', { name: 'Secure Switching' })).toHaveFocus();
  });

  test('keyboard: ArrowLeft/ArrowRight move between top items (wrapping); Tab moves through them', async () => {
    const { user } = renderMenu();
    toggle('Solutions').focus();
    await user.keyboard('{ArrowRight}');
    expect(toggle('Resources')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(within(nav()).getByRole('link', { name: 'Contact Us' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(toggle('Solutions')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(within(nav()).getByRole('link', { name: 'Contact Us' })).toHaveFocus();

    toggle('Solutions').focus();
    await user.tab();
    expect(toggle('Resources')).toHaveFocus(); // the closed panel's links are not in the tab order
  });

  test('opening one panel closes the others; a click outside closes the open one', async () => {
    const { user } = renderMenu();
    await user.click(toggle('Solutions'));
    await user.click(toggle('Resources'));
    expect(toggle('Solutions')).toHaveAttribute('aria-expanded', 'false');
    expect(toggle('Resources')).toHaveAttribute('aria-expanded', 'true');

    await user.click(screen.getByText('Page content'));
    expect(toggle('Resources')).toHaveAttribute('aria-expanded', 'false');
  });

  test('focus leaving an open item (Tab past its last link) closes its panel', async () => {
    const { user } = renderMenu();
    await user.click(toggle('Resources'));
    screen.getByRole('link', { name: 'Partner portal' }).focus();
    await user.tab();
    expect(within(nav()).getByRole('link', { name: 'Contact Us' })).toHaveFocus();
    expect(toggle('Resources')).toHaveAttribute('aria-expanded', 'false');
  });

  test('a route change closes the open panel', async () => {
    const { user, rerender } = renderMenu('/');
    await user.click(toggle('Solutions'));
    rerender(<SiteMenu menu={MENU} currentPath="/pages/card-services" />);
    expect(toggle('Solutions')).toHaveAttribute('aria-expanded', 'false');
  });

  test('links: site paths and absolute URLs both render as links; the current page is marked aria-current="page"', async () => {
    const { user } = renderMenu('/pages/card-services?ref=nav#top');
    await user.click(toggle('Solutions'));
    expect(screen.getByRole('link', { name: 'Card Services' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Secure Switching' })).not.toHaveAttribute('aria-current');

    await user.click(toggle('Resources'));
    expect(screen.getByRole('link', { name: 'Partner portal' })).toHaveAttribute('href', 'https://partners.example.com/login');
    expect(screen.getByRole('link', { name: 'Partner portal' })).not.toHaveAttribute('aria-current');
  });
});
