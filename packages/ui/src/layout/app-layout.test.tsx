import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AnchorHTMLAttributes } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithUi } from '../test-utils';
import { AppLayout, FLOATING_BUTTONS_ROOM } from './app-layout';
import type { AppLayoutProps } from './app-layout-types';
import { getInitials } from './initials';

function TestLink({ to, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  return <a href={to} {...rest} />;
}

const navItems: AppLayoutProps['navItems'] = [
  { label: 'Dashboard', href: '/dashboard', icon: <span aria-hidden>D</span>, active: true },
  { label: 'Invoices/Estimates', href: '/invoices', icon: <span aria-hidden>I</span>, active: false },
  { label: 'Clients', href: '/clients', icon: <span aria-hidden>C</span>, active: false },
];

function renderLayout(overrides: Partial<AppLayoutProps> = {}) {
  const onSignOut = vi.fn();
  const props: AppLayoutProps = {
    user: { name: 'Dana Demo', email: 'demo@ledgerleaf.app', businessName: 'Leaf & Ledger Studio' },
    navItems,
    goalsHref: '/goals',
    linkComponent: TestLink,
    onSignOut,
    children: <p>Page content</p>,
    ...overrides,
  };
  const view = renderWithUi(<AppLayout {...props} />);
  return { ...view, onSignOut };
}

const originalWidth = window.innerWidth;
function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

describe('AppLayout (SPEC.md section 2, application shell)', () => {
  afterEach(() => setWidth(originalWidth));

  it('renders the content, the welcome line and the logo link to /dashboard', () => {
    renderLayout({ footer: <p>Footer links</p> });
    expect(screen.getByText('Page content')).toBeInTheDocument();
    expect(screen.getByText('Footer links')).toBeInTheDocument();
    expect(screen.getByTestId('welcome-line')).toHaveTextContent('Welcome, Dana Demo');
    expect(screen.getByRole('link', { name: /Ledgerleaf, go to dashboard/ })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    // The page ends with room for the floating buttons (quick add, scroll to top): nothing stays under them (issue 11).
    expect(screen.getByTestId('page-end')).toHaveStyle({ paddingBottom: `${FLOATING_BUTTONS_ROOM}px` });
    expect(FLOATING_BUTTONS_ROOM).toBeGreaterThanOrEqual(96 + 44);
  });

  it('keeps the welcome line on phones too, truncated rather than hidden', () => {
    renderLayout({ user: { name: 'Bartholomew Maximilian Featherstonehaugh-Cholmondeley' } });
    const line = screen.getByTestId('welcome-line');
    expect(line).toHaveTextContent('Welcome, Bartholomew Maximilian Featherstonehaugh-Cholmondeley');
    expect(line).not.toHaveClass('mantine-visible-from-sm');
    expect(line).toHaveAttribute('data-truncate', 'end');
  });

  it.each([null, undefined, '', '   '])('falls back to "User" when the name is %j', (name) => {
    renderLayout({ user: { name } });
    expect(screen.getByTestId('welcome-line')).toHaveTextContent('Welcome, User');
  });

  it('shows initials from first and last name when there is no avatar or logo', () => {
    renderLayout({ user: { name: 'Dana Quinn Demo' } });
    const avatar = screen.getByTestId('user-avatar');
    expect(avatar).toHaveTextContent('DD');
    expect(avatar.querySelector('img')).toBeNull();
  });

  it('prefers the avatar image, then the company logo', () => {
    const { unmount } = renderLayout({
      user: { name: 'Dana Demo', avatarUrl: '/storage/a.png', logoUrl: '/storage/l.png' },
    });
    expect(screen.getByTestId('user-avatar').querySelector('img')).toHaveAttribute('src', '/storage/a.png');
    unmount();
    renderLayout({ user: { name: 'Dana Demo', avatarUrl: null, logoUrl: '/storage/l.png' } });
    expect(screen.getByTestId('user-avatar').querySelector('img')).toHaveAttribute('src', '/storage/l.png');
  });

  it('marks only the active navigation item with aria-current="page"', () => {
    renderLayout();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(nav).getByRole('link', { name: 'Clients' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Invoices/Estimates' })).toHaveAttribute('href', '/invoices');
  });

  it('has a Goals Tracker link to goalsHref, current when goalsActive', () => {
    renderLayout({ goalsActive: true, navItems: navItems.map((i) => ({ ...i, active: false })) });
    const goals = screen.getByRole('link', { name: 'Goals Tracker' });
    expect(goals).toHaveAttribute('href', '/goals');
    expect(goals).toHaveAttribute('aria-current', 'page');
  });

  it('calls onSignOut from the navigation footer', () => {
    const { onSignOut } = renderLayout();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    fireEvent.click(within(nav).getByRole('button', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it('user menu shows name, email, business, Profile & Settings and Sign out', async () => {
    const { onSignOut } = renderLayout();
    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Dana Demo')).toBeInTheDocument();
    expect(within(menu).getByText('demo@ledgerleaf.app')).toBeInTheDocument();
    expect(within(menu).getByText('Leaf & Ledger Studio')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Profile & Settings' })).toHaveAttribute('href', '/profile');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it('adds the given links to the user menu after Profile & Settings, and none by default', async () => {
    const { unmount } = renderLayout();
    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'Profile & Settings',
      'Sign out',
    ]);
    unmount();
    renderLayout({ userMenuItems: [{ label: 'Team and roles', href: '/admin/roles' }] });
    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Profile & Settings', 'Team and roles', 'Sign out']);
    expect(within(menu).getByRole('menuitem', { name: 'Team and roles' })).toHaveAttribute('href', '/admin/roles');
  });

  it('collapses to icons, stores the choice under sideNavCollapsed and restores it', async () => {
    setWidth(1280);
    const { unmount } = renderLayout();
    fireEvent.click(screen.getByRole('button', { name: 'Collapse navigation' }));
    expect(window.localStorage.getItem('sideNavCollapsed')).toBe('true');
    expect(await screen.findByRole('button', { name: 'Expand navigation' })).toBeInTheDocument();
    // Labels move to aria-label (and tooltips) when collapsed.
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Clients' })).toHaveAttribute('aria-label', 'Clients');
    unmount();

    renderLayout();
    expect(screen.getByRole('button', { name: 'Expand navigation' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Expand navigation' }));
    expect(window.localStorage.getItem('sideNavCollapsed')).toBe('false');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Collapse navigation' })).toBeInTheDocument());
  });

  it('starts collapsed below 1024px when nothing is stored, without storing it', () => {
    setWidth(900);
    renderLayout();
    expect(screen.getByRole('button', { name: 'Expand navigation' })).toBeInTheDocument();
    expect(window.localStorage.getItem('sideNavCollapsed')).toBeNull();
  });

  it('a stored choice wins over the width at first load', () => {
    setWidth(900);
    window.localStorage.setItem('sideNavCollapsed', 'false');
    renderLayout();
    expect(screen.getByRole('button', { name: 'Collapse navigation' })).toBeInTheDocument();
  });

  it('renders headerExtra and the dark-mode toggle', () => {
    renderLayout({ headerExtra: <button type="button">Notifications</button> });
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Toggle dark mode' })).toBeInTheDocument();
  });

  it('shows the text size control in the header on wide screens, and no display items in the user menu', async () => {
    renderLayout({ fontSize: fontSize(120) });
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('group', { name: 'Font size 120%' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Toggle dark mode' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Profile & Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Smaller text' })).not.toBeInTheDocument();
  });
});

const fontSize = (percent = 150) => ({
  percent,
  canDecrease: percent > 90,
  canIncrease: percent < 150,
  onDecrease: vi.fn(),
  onIncrease: vi.fn(),
});

describe('AppLayout below 768px', () => {
  const originalMatchMedia = window.matchMedia;
  afterEach(() => {
    window.matchMedia = originalMatchMedia;
  });
  const phone = () => {
    window.matchMedia = ((query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    })) as unknown as typeof window.matchMedia;
  };

  it('moves the text size and dark mode from the header into the user menu (issue 11: nothing covers the burger)', async () => {
    phone();
    const size = fontSize(150);
    renderLayout({ fontSize: size, headerExtra: <button type="button">Notifications</button> });
    const header = screen.getByRole('banner');
    expect(within(header).queryByRole('button', { name: 'Increase font size' })).not.toBeInTheDocument();
    expect(within(header).queryByRole('button', { name: 'Toggle dark mode' })).not.toBeInTheDocument();
    // What must stay at hand stays: the burger, the bell, the user menu.
    expect(within(header).getByRole('button', { name: 'Open navigation' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Notifications' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    expect(await screen.findByText('Text size 150%')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Larger text' })).toBeDisabled();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Smaller text' }));
    expect(size.onDecrease).toHaveBeenCalledTimes(1);
    // The menu stays open for another step.
    expect(screen.getByRole('menuitem', { name: 'Smaller text' })).toBeInTheDocument();
    const darkMode = screen.getByRole('menuitem', { name: 'Dark mode off' });
    fireEvent.click(darkMode);
    await waitFor(() => expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark'));
    expect(screen.getByRole('menuitem', { name: 'Dark mode on' })).toBeInTheDocument();
  });

  it('opens the navigation as a drawer from the burger and closes it on navigation', async () => {
    phone();
    renderLayout();
    // The desktop navbar is hidden by Mantine's CSS below the breakpoint; the drawer is not open.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(within(drawer).getByRole('link', { name: 'Clients' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('getInitials', () => {
  it.each([
    ['Dana Demo', 'DD'],
    ['dana q. demo', 'DD'],
    ['Dana', 'D'],
    ['  ', 'U'],
    [null, 'U'],
    [undefined, 'U'],
    ['Émile Zola', 'ÉZ'],
  ])('%j -> %s', (name, initials) => {
    expect(getInitials(name)).toBe(initials);
  });
});
