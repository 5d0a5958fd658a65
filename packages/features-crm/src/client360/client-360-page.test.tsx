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

  it('says when the client does not exist (or is another business’s)', async () => {
    setup('/crm/client-360?client=5', { 'GET /api/crm/client-360/5': json(404, { message: 'Client not found.' }) });
    expect(await screen.findByRole('heading', { name: 'Client not found' })).toBeInTheDocument();
  });
});
