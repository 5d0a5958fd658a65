import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { CRM_MESSAGES } from '@ledgerleaf/domain';
import { json, renderPage, stubFetch } from '../test/render';
import { activityTypes, lead, owners, source, stages, timeline } from '../test/fixtures';
import { LeadCreatePage, LeadEditPage } from './lead-form-page';

afterEach(() => vi.unstubAllGlobals());

const common = {
  'GET /api/crm/owners': json(200, { data: owners }),
  'GET /api/crm/lead-sources': json(200, { data: [source()] }),
  'GET /api/crm/pipeline-stages': json(200, { data: stages }),
  'GET /api/crm/activity-types': json(200, { data: activityTypes }),
  'GET /api/crm/timeline': json(200, { data: timeline() }),
  'GET /api/clients/search': json(200, { data: [] }),
};

function edit(routes: Parameters<typeof stubFetch>[0] = {}, roles = ['owner']) {
  const calls = stubFetch({ ...common, 'GET /api/crm/leads/1': json(200, { data: lead() }), ...routes });
  const view = renderPage(<LeadEditPage />, { path: '/crm/leads/:id/edit', route: '/crm/leads/1/edit', roles });
  return { ...view, calls };
}

describe('Lead form', () => {
  it('creating with no name shows the domain message and sends nothing', async () => {
    const calls = stubFetch(common);
    const { user } = renderPage(<LeadCreatePage />, { path: '/crm/leads/create', route: '/crm/leads/create' });
    await user.click(await screen.findByRole('button', { name: 'Create lead' }));
    expect(await screen.findByText(CRM_MESSAGES.leadNameRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('creates a lead and opens it', async () => {
    const calls = stubFetch({
      ...common,
      'POST /api/crm/leads': json(201, { data: lead({ id: 9 }), message: CRM_MESSAGES.leadCreated }),
    });
    const { user } = renderPage(<LeadCreatePage />, { path: '/crm/leads/create', route: '/crm/leads/create' });
    await user.type(await screen.findByRole('textbox', { name: "Person's name" }), 'Grace Hopper');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'grace@navy.test');
    await user.click(screen.getByRole('button', { name: 'Create lead' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/crm/leads/9/edit');
    expect(calls.find((call) => call.method === 'POST')!.body).toMatchObject({
      person_name: 'Grace Hopper',
      email: 'grace@navy.test',
      status: 'new',
    });
  });

  it('puts the server’s 422 under its field', async () => {
    const { user } = edit({
      'PUT /api/crm/leads/1': json(422, {
        message: CRM_MESSAGES.duplicateEmailInBusiness,
        errors: { email: [CRM_MESSAGES.duplicateEmailInBusiness] },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Save lead' }));
    expect(await screen.findAllByText(CRM_MESSAGES.duplicateEmailInBusiness)).not.toHaveLength(0);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the timeline with the next activity first', async () => {
    edit();
    const next = await screen.findByRole('region', { name: 'Next activity' });
    expect(within(next).getByText('Call Ada about the quote')).toBeInTheDocument();
    expect(screen.getByText('Wants a quote before Christmas.')).toBeInTheDocument();
  });

  it('a converted lead is read-only, links what it became and offers no Convert', async () => {
    edit({
      'GET /api/crm/leads/1': json(200, {
        data: lead({
          status: 'converted',
          read_only: true,
          conversion: {
            converted_at: '2026-11-21T10:00:00.000Z',
            converted_by_user_id: 1,
            client_id: 5,
            client_name: 'Analytical Ltd',
            opportunity_id: 11,
            opportunity_title: 'Analytical Ltd',
          },
        }),
      }),
    });
    expect(await screen.findByText(CRM_MESSAGES.leadReadOnly, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Opportunity: Analytical Ltd' })).toHaveAttribute(
      'href',
      '/crm/opportunities/11/edit',
    );
    expect(screen.queryByRole('button', { name: 'Convert' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save lead' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: "Person's name" })).toBeDisabled();
  });

  it('shows not found for another business’s lead', async () => {
    edit({ 'GET /api/crm/leads/1': json(404, { message: CRM_MESSAGES.leadNotFound }) });
    expect(await screen.findByRole('heading', { name: 'Lead not found' })).toBeInTheDocument();
  });
});

describe('Convert dialog', () => {
  it('offers the matching client first and converts into it', async () => {
    const { user, calls } = edit({
      'GET /api/crm/leads/1/client-matches': json(200, {
        data: [{ id: 5, name: 'Analytical Ltd', email: 'ada@analytical.test', matched_on: 'email' }],
      }),
      'POST /api/crm/leads/1/convert': json(201, {
        data: { lead: lead({ status: 'converted' }), client_id: 5, opportunity_id: 11 },
        message: CRM_MESSAGES.leadConverted('Analytical Ltd'),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Convert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Convert Ada Lovelace' });
    const match = await within(dialog).findByRole('radio', { name: /Use Analytical Ltd/ });
    await waitFor(() => expect(match).toBeChecked());
    expect(within(dialog).getByText('An existing client with the same email')).toBeInTheDocument();
    // The lead's person joins the client's contacts (the server adds them).
    expect(within(dialog).getByTestId('convert-contact')).toHaveTextContent(
      "Ada Lovelace is added to the client's contacts (unless already there).",
    );
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Analytical Ltd');
    await user.click(within(dialog).getByRole('button', { name: 'Convert lead' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/crm/opportunities/11/edit');
    expect(calls.find((call) => call.path === '/api/crm/leads/1/convert')!.body).toMatchObject({
      client: { mode: 'existing', client_id: 5 },
      opportunity: { title: 'Analytical Ltd', amount: 4200, owner_user_id: 1 },
    });
  });

  it('creates a new client from the lead when none matches, and shows the 409 of a second conversion', async () => {
    const { user, calls } = edit({
      'GET /api/crm/leads/1/client-matches': json(200, { data: [] }),
      'POST /api/crm/leads/1/convert': json(409, { message: CRM_MESSAGES.leadAlreadyConverted }),
    });
    await user.click(await screen.findByRole('button', { name: 'Convert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Convert Ada Lovelace' });
    expect(within(dialog).getByRole('radio', { name: 'Create a new client' })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'Client name' })).toHaveValue('Analytical Ltd');
    await user.click(within(dialog).getByRole('button', { name: 'Convert lead' }));
    expect(await within(dialog).findByText(CRM_MESSAGES.leadAlreadyConverted)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/crm/leads/1/convert')!.body).toMatchObject({
      client: { mode: 'new', kind: 'company', name: 'Analytical Ltd', email: 'ada@analytical.test' },
    });
  });

  it('an empty title is refused in the dialog with the domain message', async () => {
    const { user, calls } = edit({ 'GET /api/crm/leads/1/client-matches': json(200, { data: [] }) });
    await user.click(await screen.findByRole('button', { name: 'Convert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Convert Ada Lovelace' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Title' }));
    await user.click(within(dialog).getByRole('button', { name: 'Convert lead' }));
    expect(await within(dialog).findByText(CRM_MESSAGES.titleRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/crm/leads/1/convert')).toBe(false);
  });
});
