import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderPage } from '../test/render';
import { EmptyDayMenu } from './empty-day-menu';

afterEach(() => vi.unstubAllGlobals());

describe('EmptyDayMenu', () => {
  it('offers an invoice due that day and an activity on it', async () => {
    const onClose = vi.fn();
    const { user, router } = renderPage(<EmptyDayMenu day="2030-05-14" title="05/14/30" onClose={onClose} />, {
      path: '/calendar',
      route: '/calendar',
    });
    const dialog = await screen.findByRole('dialog', { name: '05/14/30' });
    expect(within(dialog).getByRole('link', { name: 'New invoice due this day' })).toHaveAttribute(
      'href',
      '/invoices/create-new?due_date=2030-05-14',
    );
    expect(within(dialog).getByRole('link', { name: 'New activity on this day' })).toHaveAttribute(
      'href',
      '/crm/reminders?new_activity=2030-05-14',
    );
    await user.click(within(dialog).getByRole('link', { name: 'New activity on this day' }));
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/crm/reminders?new_activity=2030-05-14',
    );
  });

  it('is closed without a day', () => {
    renderPage(<EmptyDayMenu day={null} title="" onClose={() => undefined} />, {
      path: '/calendar',
      route: '/calendar',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
