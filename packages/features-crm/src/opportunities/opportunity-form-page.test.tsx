import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { CRM_MESSAGES } from '@ledgerleaf/domain';
import { json, renderPage, stubFetch } from '../test/render';
import { activityTypes, lead, lostReason, opportunity, owners, page, source, stages, timeline } from '../test/fixtures';
import { OpportunityCreatePage, OpportunityEditPage } from './opportunity-form-page';

afterEach(() => vi.unstubAllGlobals());

function edit(routes: Parameters<typeof stubFetch>[0] = {}) {
  const calls = stubFetch({
    'GET /api/crm/owners': json(200, { data: owners }),
    'GET /api/crm/lead-sources': json(200, { data: [source()] }),
    'GET /api/crm/lost-reasons': json(200, { data: [lostReason()] }),
    'GET /api/crm/pipeline-stages': json(200, { data: stages }),
    'GET /api/crm/activity-types': json(200, { data: activityTypes }),
    'GET /api/crm/timeline': json(200, { data: timeline({ next_activity: null, items: [] }) }),
    'GET /api/clients/search': json(200, { data: [] }),
    'GET /api/crm/opportunities/11': json(200, { data: opportunity() }),
    'PUT /api/crm/opportunities/11': ({ body }) =>
      json(200, { data: opportunity(body as never), message: CRM_MESSAGES.opportunityUpdated }),
    ...routes,
  });
  const view = renderPage(<OpportunityEditPage />, {
    path: '/crm/opportunities/:id/edit',
    route: '/crm/opportunities/11/edit',
  });
  return { ...view, calls };
}

async function chooseStage(user: ReturnType<typeof edit>['user'], name: RegExp) {
  await user.click(screen.getByRole('combobox', { name: 'Stage' }));
  await user.click(await screen.findByRole('option', { name }));
}

describe('Opportunity form', () => {
  it('takes the probability of the stage it moves to', async () => {
    const { user } = edit();
    const probability = await screen.findByRole('textbox', { name: 'Probability (%)' });
    expect(probability).toHaveValue('10');
    await chooseStage(user, /^Proposal/);
    expect(probability).toHaveValue('50');
    await chooseStage(user, /^Won/);
    expect(probability).toHaveValue('100');
    expect(probability).toBeDisabled();
  });

  it('a lost stage requires a lost reason before saving', async () => {
    const { user, calls } = edit();
    await screen.findByRole('textbox', { name: 'Probability (%)' });
    await chooseStage(user, /^Lost/);
    await user.click(screen.getByRole('button', { name: 'Save opportunity' }));
    expect(await screen.findByText(CRM_MESSAGES.lostReasonRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await user.click(screen.getByRole('combobox', { name: 'Lost reason' }));
    await user.click(await screen.findByRole('option', { name: 'Price too high' }));
    await user.click(screen.getByRole('button', { name: 'Save opportunity' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({
      stage_id: 4,
      lost_reason_id: 1,
      probability: 0,
    });
  });

  it('a won opportunity offers Create estimate and Create invoice and lists its documents', async () => {
    edit({
      'GET /api/crm/opportunities/11': json(200, {
        data: opportunity({
          stage_id: 3,
          stage_name: 'Won',
          stage_type: 'won',
          probability: 100,
          documents: [
            {
              kind: 'invoice',
              id: 77,
              number: 'INV-0007',
              status: 'sent',
              total: 1200,
              paid: 0,
              issue_date: '2026-11-22',
            },
          ],
        }),
      }),
    });
    const documents = await screen.findByRole('region', { name: 'Estimates and invoices' });
    expect(within(documents).getByRole('button', { name: 'Create estimate' })).toBeEnabled();
    expect(within(documents).getByRole('button', { name: 'Create invoice' })).toBeEnabled();
    expect(within(documents).getByRole('link', { name: 'Invoice INV-0007' })).toHaveAttribute('href', '/invoices/77');
  });

  it('shows not found for another business’s opportunity', async () => {
    edit({ 'GET /api/crm/opportunities/11': json(404, { message: CRM_MESSAGES.opportunityNotFound }) });
    expect(await screen.findByRole('heading', { name: 'Opportunity not found' })).toBeInTheDocument();
  });

  it('creates an opportunity for a lead that is not a client yet', async () => {
    const calls = stubFetch({
      'GET /api/crm/owners': json(200, { data: owners }),
      'GET /api/crm/lead-sources': json(200, { data: [source()] }),
      'GET /api/crm/lost-reasons': json(200, { data: [lostReason()] }),
      'GET /api/crm/pipeline-stages': json(200, { data: stages }),
      'GET /api/clients/search': json(200, { data: [] }),
      'GET /api/crm/leads': json(200, page([lead()])),
      'POST /api/crm/opportunities': json(201, {
        data: opportunity({ id: 30 }),
        message: CRM_MESSAGES.opportunityCreated,
      }),
    });
    const { user } = renderPage(<OpportunityCreatePage />, {
      path: '/crm/opportunities/create',
      route: '/crm/opportunities/create',
    });
    await user.type(await screen.findByRole('textbox', { name: /^Title/ }), 'Analytics retainer');
    await user.type(screen.getByRole('spinbutton', { name: /^Amount/ }), '900');
    await user.click(screen.getByRole('button', { name: 'Create opportunity' }));
    expect(await screen.findByText(CRM_MESSAGES.clientOrLeadRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('combobox', { name: /^Lead/ }));
    await user.click(await screen.findByRole('option', { name: 'Ada Lovelace (Analytical Ltd)' }));
    await user.click(screen.getByRole('button', { name: 'Create opportunity' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/crm/opportunities/30/edit');
    expect(calls.find((call) => call.method === 'POST')!.body).toMatchObject({
      title: 'Analytics retainer',
      amount: 900,
      lead_id: 1,
      client_id: null,
    });
    expect(calls.find((call) => call.path === '/api/crm/leads')!.query).toMatchObject({ status: 'open' });
  });
});
