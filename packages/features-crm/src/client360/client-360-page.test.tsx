import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { json, renderPage, stubFetch } from '../test/render';
import { activityTypes, client360, owners, timeline } from '../test/fixtures';
import { Client360Page } from './client-360-page';

afterEach(() => vi.unstubAllGlobals());

function setup(route: string, routes: Parameters<typeof stubFetch>[0] = {}) {
  const calls = stubFetch({
    'GET /api/clients/search': json(200, {
      data: [{ id: 5, name: 'Crumb & Co', email: 'hello@crumb.test', payment_terms_days: 30 }],
    }),
    'GET /api/crm/client-360/5': json(200, { data: client360() }),
    'GET /api/crm/timeline': json(200, { data: timeline({ next_activity: null, items: [] }) }),
    'GET /api/crm/activity-types': json(200, { data: activityTypes }),
    'GET /api/crm/owners': json(200, { data: owners }),
    ...routes,
  });
  return { ...renderPage(<Client360Page />, { path: '/crm/client-360', route }), calls };
}

describe('Client 360', () => {
  it('asks to pick a client first, and searches on the server', async () => {
    const { user, calls } = setup('/crm/client-360');
    expect(await screen.findByText('Pick a client')).toBeInTheDocument();
    await user.type(screen.getByRole('combobox', { name: 'Client' }), 'crumb');
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/clients/search' && call.query.q === 'crumb')).toBe(true),
    );
    await user.click(await screen.findByRole('option', { name: 'Crumb & Co (hello@crumb.test)' }));
    expect(await screen.findByRole('heading', { name: 'Crumb & Co' })).toBeInTheDocument();
  });

  it('shows the figures, opportunities, leads and contacts of the client', async () => {
    setup('/crm/client-360?client=5');
    expect(await screen.findByRole('heading', { name: 'Crumb & Co' })).toBeInTheDocument();
    expect(screen.getByText('$12,500.00')).toBeInTheDocument();
    expect(screen.getByText('14.5 days')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Open opportunities' })).getByRole('link', { name: 'Bakery website' }),
    ).toHaveAttribute('href', '/crm/opportunities/11/edit');
    expect(
      within(screen.getByRole('table', { name: 'Closed opportunities' })).getByText('Cafe catering'),
    ).toBeInTheDocument();
    expect(screen.getByText('Jo Baker')).toBeInTheDocument();
    expect(screen.getByText('No invoices yet.')).toBeInTheDocument();
  });

  it('shows statuses and payment methods in words, never their codes (issue 27 item 5)', async () => {
    setup('/crm/client-360?client=5', {
      'GET /api/crm/client-360/5': json(200, {
        data: client360({
          client: { ...client360().client, phone: '5035550199' },
          invoices: [
            {
              id: 21,
              invoice_number: 'INV-2026-0021',
              status: 'paid',
              client: { id: 5, name: 'Crumb & Co' },
              issue_date: '2026-11-01',
              due_date: '2026-12-01',
              total: 750,
              amount_paid: 750,
              balance_due: 0,
              goal_id: null,
              created_at: '2026-11-01T10:00:00Z',
            },
          ],
          estimates: [
            {
              id: 31,
              estimate_number: 'EST-2026-0031',
              status: 'accepted',
              client: { id: 5, name: 'Crumb & Co' },
              issue_date: '2026-10-01',
              expiry_date: '2026-10-31',
              total: 750,
              invoice_id: null,
              created_at: '2026-10-01T10:00:00Z',
            },
          ],
          payments: [
            {
              id: 41,
              payment_id: 41,
              invoice_id: 21,
              amount: 500,
              payment_date: '2026-11-02',
              method: 'bank_transfer',
              reference: null,
              note: null,
              created_at: '2026-11-02T10:00:00Z',
            },
            {
              id: 42,
              payment_id: 42,
              invoice_id: 21,
              amount: 250,
              payment_date: '2026-11-03',
              method: 'card',
              reference: null,
              note: null,
              created_at: '2026-11-03T10:00:00Z',
            },
          ],
        }),
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Crumb & Co' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Invoices' })).getByText('Paid')).toBeInTheDocument();
    const estimates = screen.getByRole('region', { name: 'Estimates' });
    expect(estimates).toHaveTextContent('Accepted');
    const payments = screen.getByRole('region', { name: 'Payments' });
    expect(payments).toHaveTextContent('Bank transfer');
    expect(payments).toHaveTextContent('Card');
    // The client's phone formatted as the business's is (issue 27 item 14).
    expect(screen.getByText(/\(503\) 555-0199/)).toBeInTheDocument();
    for (const code of ['bank_transfer', 'card', 'paid', 'accepted'])
      expect(document.body.textContent).not.toMatch(new RegExp(`\\b${code}\\b`));
  });

  it('says when the client does not exist (or is another business’s)', async () => {
    setup('/crm/client-360?client=5', { 'GET /api/crm/client-360/5': json(404, { message: 'Client not found.' }) });
    expect(await screen.findByRole('heading', { name: 'Client not found' })).toBeInTheDocument();
  });
});
