import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnchorHTMLAttributes } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithUi } from '../test-utils';
import { BetaFeedbackDialog, BetaFeedbackThanks, type BetaFeedbackValues } from './beta-feedback';
import { NotificationBell, type NotificationBellProps } from './notification-bell';
import { NotificationItem, notificationKindLabel, type NotificationView } from './notification-item';
import { QuickAddMenu } from './quick-add-menu';
import { ScrollToTop } from './scroll-to-top';

function TestLink({ to, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  return <a href={to} {...rest} />;
}

const now = new Date('2026-03-10T12:00:00.000Z');
const items: NotificationView[] = [
  {
    id: 1,
    type: 'Payment',
    title: 'Payment received',
    message: '$120.00 recorded on invoice INV-1.',
    created_at: '2026-03-10T11:59:30.000Z',
    read_at: null,
    href: '/invoices/4',
  },
  {
    id: 2,
    type: 'Client',
    title: 'New client',
    message: 'Northwind was added to your clients.',
    created_at: '2026-03-10T09:00:00.000Z',
    read_at: null,
  },
];

function renderBell(overrides: Partial<NotificationBellProps> = {}) {
  const props: NotificationBellProps = {
    unreadCount: 2,
    notifications: items,
    onMarkRead: vi.fn(),
    onMarkAllRead: vi.fn(),
    onOpenChange: vi.fn(),
    viewAllHref: '/notifications',
    linkComponent: TestLink,
    now,
    ...overrides,
  };
  const view = renderWithUi(<NotificationBell {...props} />);
  return { ...view, props };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('notification kinds', () => {
  it.each([
    ['ActivityReminder', 'Activity reminder'],
    ['PaymentReceived', 'Payment'],
    ['RecurringInvoice', 'Recurring invoice'],
    ['Weird', 'Notification'],
  ])('%s is labelled %s', (type, label) => {
    expect(notificationKindLabel(type)).toBe(label);
  });

  it('shows a CRM activity reminder with the alarm icon, its kind on hover, and leads to the record', () => {
    const view = renderWithUi(
      <NotificationItem
        notification={{
          id: 9,
          type: 'ActivityReminder',
          title: 'Activity reminder',
          message: 'Call Ada is due 3/10/2026, 1:00 PM.',
          created_at: '2026-03-10T11:00:00.000Z',
          read_at: null,
          href: '/crm/leads/5/edit',
        }}
        linkComponent={TestLink}
        onMarkRead={() => undefined}
        now={now}
      />,
    );
    const icon = view.container.querySelector('[data-kind]')!;
    expect(icon).toHaveAttribute('data-kind', 'ActivityReminder');
    expect(icon).toHaveAttribute('title', 'Activity reminder');
    expect(icon).toHaveAttribute('aria-hidden', 'true');
    expect(icon.querySelector('svg')).toHaveClass('tabler-icon-alarm');
    expect(screen.getByRole('link', { name: /Call Ada is due/ })).toHaveAttribute('href', '/crm/leads/5/edit');
    // The bell's generic icon is for kinds it does not know, not for reminders.
    expect(view.container.querySelector('.tabler-icon-bell')).toBeNull();
  });
});

describe('NotificationBell (SPEC.md sections 2, 4, 9)', () => {
  it.each([
    [0, null, 'Notifications'],
    [3, '3', 'Notifications, 3 unread'],
    [12, '9+', 'Notifications, 9+ unread'],
  ])('%s unread: badge %j', (count, badge, label) => {
    renderBell({ unreadCount: count });
    expect(screen.getByRole('button', { name: label })).toBeInTheDocument();
    if (badge === null) expect(screen.queryByTestId('notification-badge')).toBeNull();
    else expect(screen.getByTestId('notification-badge')).toHaveTextContent(badge);
  });

  it('opens a dropdown with the notifications, relative times and View all notifications', async () => {
    const { props } = renderBell();
    fireEvent.click(screen.getByRole('button', { name: 'Notifications, 2 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(props.onOpenChange).toHaveBeenCalledWith(true);
    expect(within(dialog).getByText('Payment received')).toBeInTheDocument();
    expect(within(dialog).getByText('Just now')).toBeInTheDocument();
    expect(within(dialog).getByText('3 hours ago')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'View all notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    expect(within(dialog).getByRole('link', { name: /Payment received/ })).toHaveAttribute('href', '/invoices/4');
  });

  it('marks one and all read', async () => {
    const { props } = renderBell({ defaultOpened: true });
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as read: New client' }));
    expect(props.onMarkRead).toHaveBeenCalledWith(2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark all as read' }));
    expect(props.onMarkAllRead).toHaveBeenCalledTimes(1);
  });

  it('following a notification marks it read and closes the dropdown', async () => {
    const { props } = renderBell({ defaultOpened: true });
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('link', { name: /Payment received/ }));
    expect(props.onMarkRead).toHaveBeenCalledWith(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows 'No notifications' / \"You're all caught up!\" when empty, without Mark all", async () => {
    renderBell({ unreadCount: 0, notifications: [], defaultOpened: true });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('No notifications')).toBeInTheDocument();
    expect(within(dialog).getByText("You're all caught up!")).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  it("shows 'Failed to load notifications' on a load error", async () => {
    renderBell({ notifications: [], error: 'Failed to load notifications', defaultOpened: true });
    expect(await screen.findByText('Failed to load notifications')).toBeInTheDocument();
  });

  it('closes 2 s after the list turns empty, not while loading', async () => {
    vi.useFakeTimers();
    const { rerender, props } = renderBell({ defaultOpened: true });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    rerender(<NotificationBell {...props} notifications={[]} unreadCount={0} loading />);
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    rerender(<NotificationBell {...props} notifications={[]} unreadCount={0} />);
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(props.onOpenChange).toHaveBeenLastCalledWith(false);
  });

  it('an empty list at opening does not close it by itself', async () => {
    vi.useFakeTimers();
    renderBell({ unreadCount: 0, notifications: [], defaultOpened: true });
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('closes on an outside click and on Escape', async () => {
    const user = userEvent.setup();
    renderWithUi(
      <>
        <button type="button">Elsewhere</button>
        <NotificationBell
          unreadCount={1}
          notifications={items}
          onMarkRead={vi.fn()}
          onMarkAllRead={vi.fn()}
          viewAllHref="/notifications"
          linkComponent={TestLink}
        />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('QuickAddMenu', () => {
  it('lists links and actions', async () => {
    const onSelect = vi.fn();
    renderWithUi(
      <QuickAddMenu
        linkComponent={TestLink}
        items={[
          { label: 'New Invoice', href: '/invoices/create-new', icon: null },
          { label: 'Add Other Income', onSelect, icon: null },
        ]}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Quick add' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'New Invoice' })).toHaveAttribute('href', '/invoices/create-new');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Add Other Income' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
  });
});

describe('ScrollToTop (SPEC.md section 9: after 300px)', () => {
  it('appears only after scrolling more than 300px and scrolls back up', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    renderWithUi(<ScrollToTop />);
    const scroll = (y: number) =>
      act(() => {
        Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
        Object.defineProperty(window, 'pageYOffset', { configurable: true, value: y });
        window.dispatchEvent(new Event('scroll'));
      });
    scroll(300);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull();
    scroll(301);
    fireEvent.click(await screen.findByRole('button', { name: 'Scroll to top' }));
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    scroll(0);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull());
    vi.unstubAllGlobals();
  });
});

describe('ScrollToTop on a page that opens scrolled down', () => {
  it('appears without a scroll event when the page is already past 300px', async () => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 800 });
    try {
      renderWithUi(<ScrollToTop />);
      expect(await screen.findByRole('button', { name: 'Scroll to top' })).toBeInTheDocument();
    } finally {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    }
  });
});

describe('BetaFeedbackDialog', () => {
  const options = {
    typeOptions: [
      { value: 'bug', label: 'Bug Report' },
      { value: 'improvement', label: 'Suggestion' },
    ],
    featureOptions: [{ value: 'invoices', label: 'Invoices' }],
  };
  const validate = (values: BetaFeedbackValues) => ({
    ...(values.type ? {} : { type: 'Please select a feedback type' }),
    ...(values.feature ? {} : { feature: 'Please select the feature this is about' }),
    ...(values.description.trim() ? {} : { description: 'Please describe your feedback' }),
  });

  it('shows the rule messages and sends nothing until the form is valid; then sends and resets', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => true);
    renderWithUi(<BetaFeedbackDialog opened onClose={vi.fn()} validate={validate} onSubmit={onSubmit} {...options} />);
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    expect(screen.getByText('Please select a feedback type')).toBeInTheDocument();
    expect(screen.getByText('Please describe your feedback')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(screen.getByRole('combobox', { name: /Feedback type/ }));
    await user.click(await screen.findByRole('option', { name: 'Suggestion' }));
    await user.click(screen.getByRole('combobox', { name: /^Feature/ }));
    await user.click(await screen.findByRole('option', { name: 'Invoices' }));
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Totals in the list');
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    expect(onSubmit).toHaveBeenCalledWith({
      type: 'improvement',
      feature: 'invoices',
      rating: 0,
      description: 'Totals in the list',
    });
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Description/ })).toHaveValue(''));
  });

  it('shows Submitting... while busy', () => {
    renderWithUi(
      <BetaFeedbackDialog
        opened
        onClose={vi.fn()}
        validate={validate}
        onSubmit={vi.fn(async () => true)}
        submitting
        {...options}
      />,
    );
    expect(screen.getByRole('button', { name: /Submitting/ })).toBeInTheDocument();
  });
});

describe('BetaFeedbackThanks', () => {
  it("shows 'Thank You!' and hides itself after 5 s", () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    renderWithUi(<BetaFeedbackThanks opened onClose={onClose} message="Submitted." />);
    expect(screen.getByText('Thank You!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4999));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
