import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Header } from '@/components/layout/Header';
import { EXPECTED_FALLBACK, MENU } from './fixtures';
import { installMatchMedia } from './matchMedia';

const mockRouter = { asPath: '/' };
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));

// The drawer is a lazy chunk (afterPaint): each render waits until it has arrived (hidden). Awaiting
// the module inside act() alone raced afterPaint's own timer on a loaded machine: the import could
// settle first, and the drawer arrive after act() had returned.
async function renderHeader(menu = MENU) {
  mockRouter.asPath = '/';
  const user = userEvent.setup();
  const view = render(<Header menu={menu} />);
  await act(async () => {
    await import('@/components/layout/MobileDrawer');
  });
  await screen.findByRole('dialog', { hidden: true });
  return { user, ...view };
}

const menuButton = () => screen.getByRole('button', { name: 'Menu' });
const drawer = () => screen.getByRole('dialog', { name: 'Menu' });

describe('MobileDrawer (the menu below 600 px)', () => {
  afterEach(() => {
    document.body.style.overflow = '';
  });

  test('the Menu button is a disclosure: aria-expanded and aria-controls point at the drawer', async () => {
    const { user } = await renderHeader();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const controlled = document.getElementById(menuButton().getAttribute('aria-controls') ?? '');
    expect(controlled).not.toBeNull();

    await user.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(drawer()).toBe(controlled);
    expect(drawer()).toHaveAttribute('aria-modal', 'true');
  });

  test('opening moves focus into the drawer and locks the page scroll; closing unlocks it', async () => {
    const { user } = await renderHeader();
    await user.click(menuButton());
    expect(drawer()).toContainElement(document.activeElement as HTMLElement);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');

    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
    expect(menuButton()).toHaveFocus();
  });

  test('Tab and Shift+Tab are trapped inside the open drawer', async () => {
    const { user } = await renderHeader();
    await user.click(menuButton());
    const close = screen.getByRole('button', { name: 'Close menu' });
    const contact = within(drawer()).getByRole('link', { name: 'Contact Us' });

    await user.tab({ shift: true });
    expect(contact).toHaveFocus(); // from the first element back to the last
    await user.tab();
    expect(close).toHaveFocus(); // from the last element round to the first

    for (let i = 0; i < 8; i += 1) {
      await user.tab();
      expect(drawer()).toContainElement(document.activeElement as HTMLElement);
    }
  });

  test('Escape closes the drawer and returns focus to the Menu button', async () => {
    const { user } = await renderHeader();
    await user.click(menuButton());
    await user.tab();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveFocus();
  });

  test("spec §2 site menu in the drawer: accordions show submenus; '#' is a heading, hidden submenus are absent", async () => {
    const { user } = await renderHeader();
    await user.click(menuButton());
    const solutions = within(drawer()).getByRole('button', { name: 'Solutions' });
    expect(solutions).toHaveAttribute('aria-expanded', 'false');
    expect(solutions.querySelector('svg[data-arrow-direction="down"]')).not.toBeNull();

    await user.click(solutions);
    expect(solutions).toHaveAttribute('aria-expanded', 'true');
    const region = document.getElementById(solutions.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(region).toBeVisible();
    expect(within(region).getByRole('list', { name: 'Payments' })).toBeInTheDocument();
    expect(within(region).queryByRole('link', { name: 'Payments' })).not.toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Secure Switching' })).toHaveAttribute('href', '/pages/secure-switching');
    expect(within(region).queryByText('Legacy tools')).not.toBeInTheDocument();
    expect(within(region).queryByText('DecisionPoint (classic)')).not.toBeInTheDocument();
  });

  test('spec §2 fixed fallback navigation in the drawer when the menu is empty', async () => {
    const { user } = await renderHeader([]);
    await user.click(menuButton());
    const links = within(drawer()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(EXPECTED_FALLBACK.map(([label, href]) => [label, href]));
  });

  test('a route change closes the drawer', async () => {
    const { user, rerender } = await renderHeader();
    await user.click(menuButton());
    mockRouter.asPath = '/contact-us';
    rerender(<Header menu={MENU} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
  });

  test('growing past the 600 px breakpoint closes the drawer (and releases the scroll lock)', async () => {
    const media = installMatchMedia(true);
    try {
      const { user } = await renderHeader();
      await user.click(menuButton());
      expect(drawer()).toBeInTheDocument();
      act(() => media.setMatches(false));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(document.body.style.overflow).toBe('');
    } finally {
      media.restore();
    }
  });
});
