import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { CATALOG_MESSAGES } from '@ledgerleaf/domain';
import { json, renderPage, stubFetch } from '../test/render';
import { client } from '../test/fixtures';
import { ClientCreatePage, ClientEditPage } from './client-form-page';

afterEach(() => vi.unstubAllGlobals());

const settings = json(200, { data: { default_payment_terms_days: 14, prices_include_tax: false } });

function setupCreate(routes: Parameters<typeof stubFetch>[0] = {}) {
  const calls = stubFetch({ 'GET /api/settings/invoicing': settings, ...routes });
  const view = renderPage(<ClientCreatePage />, { path: '/clients/create', route: '/clients/create' });
  return { ...view, calls };
}

describe('ClientCreatePage', () => {
  it('starts the payment terms from the business setting', async () => {
    setupCreate();
    expect(await screen.findByLabelText(/Payment terms/)).toHaveValue('14');
  });

  it('shows the domain messages under the fields and sends nothing', async () => {
    const { user, calls } = setupCreate();
    await user.type(await screen.findByLabelText(/^Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Create client' }));
    expect(await screen.findByText(CATALOG_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(CATALOG_MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('puts the server 422 errors under their fields, contacts included', async () => {
    const { user } = setupCreate({
      'POST /api/clients': json(422, {
        message: 'The given data was invalid.',
        errors: {
          name: ['Another client already has this name'],
          'contacts.0.email': ['Contact email bounced'],
          something_else: ['Odd problem'],
        },
      }),
    });
    await user.type(await screen.findByLabelText(/Company name/), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    await user.type(screen.getByLabelText(/Contact 1 name/), 'Wile E.');
    await user.type(screen.getByLabelText('Contact 1 email'), 'wile@acme.test');
    await user.click(screen.getByRole('button', { name: 'Create client' }));
    expect(await screen.findByText('Another client already has this name')).toBeInTheDocument();
    expect(screen.getByLabelText(/Company name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Contact email bounced')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/The given data was invalid.\s*Odd problem/);
  });

  it('keeps exactly one primary contact when adding, switching and removing', async () => {
    const { user, calls } = setupCreate({
      'POST /api/clients': (call) => json(201, { data: client({ name: (call.body as { name: string }).name }) }),
    });
    await user.type(await screen.findByLabelText(/Company name/), 'Acme');
    const add = screen.getByRole('button', { name: 'Add contact' });
    await user.click(add);
    await user.click(add);
    await user.click(add);
    expect(screen.getByLabelText('Contact 1 is primary')).toBeChecked();
    expect(screen.getByLabelText('Contact 2 is primary')).not.toBeChecked();
    await user.click(screen.getByLabelText('Contact 2 is primary'));
    expect(screen.getByLabelText('Contact 1 is primary')).not.toBeChecked();
    expect(screen.getByLabelText('Contact 2 is primary')).toBeChecked();
    // Removing the primary hands it to the first remaining contact.
    await user.click(screen.getByRole('button', { name: 'Remove contact 2' }));
    expect(screen.getAllByTestId('contact-row')).toHaveLength(2);
    expect(screen.getByLabelText('Contact 1 is primary')).toBeChecked();
    await user.type(screen.getByLabelText(/Contact 1 name/), 'Ann');
    await user.type(screen.getByLabelText(/Contact 2 name/), 'Bob');
    await user.click(screen.getByRole('button', { name: 'Create client' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const body = calls.find((call) => call.method === 'POST')!.body as {
      contacts: { name: string; is_primary: boolean }[];
      shipping_address: unknown;
      billing_address: unknown;
    };
    expect(body.contacts).toEqual([
      { name: 'Ann', email: '', phone: '', is_primary: true },
      { name: 'Bob', email: '', phone: '', is_primary: false },
    ]);
    // "Same as billing" is on by default: the shipping address is the billing one.
    expect(body.shipping_address).toEqual(body.billing_address);
    expect(await screen.findByTestId('location')).toHaveTextContent('/clients');
    expect(screen.getByText('Client created')).toBeInTheDocument();
  });

  it('starts a separate shipping address from the billing one', async () => {
    const { user } = setupCreate();
    await user.type((await screen.findAllByLabelText('Address line 1'))[0]!, '1 Main St');
    await user.click(screen.getByLabelText('Shipping address same as billing'));
    const lines = screen.getAllByLabelText('Address line 1');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toHaveValue('1 Main St');
  });

  it('asks before leaving with unsaved changes', async () => {
    const { user, router } = setupCreate();
    await user.type(await screen.findByLabelText(/Company name/), 'Half typed');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Discard changes?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/create'));
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave page' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/clients');
  });
});

describe('ClientEditPage', () => {
  it('loads the client, saves with PUT and returns to the list', async () => {
    const existing = client({
      id: 9,
      name: 'Globex',
      contacts: [{ id: 1, name: 'Hank', email: 'hank@globex.test', phone: null, is_primary: true }],
    });
    const calls = stubFetch({
      'GET /api/settings/invoicing': settings,
      'GET /api/clients/9': json(200, { data: existing }),
      'PUT /api/clients/9': (call) => json(200, { data: { ...existing, ...(call.body as object) } }),
    });
    const { user } = renderPage(<ClientEditPage />, { path: '/clients/:id/edit', route: '/clients/9/edit' });
    expect(await screen.findByRole('heading', { name: 'Edit Globex' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Contact 1 name/)).toHaveValue('Hank');
    const name = screen.getByLabelText(/Company name/);
    await user.clear(name);
    await user.type(name, 'Globex Corporation');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/clients');
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toMatchObject({ name: 'Globex Corporation', contacts: [{ name: 'Hank', is_primary: true }] });
  });

  it('offers to restore an archived client', async () => {
    const archived = client({ id: 5, name: 'Initech', status: 'archived', archived_at: '2026-11-02T10:00:00Z' });
    const calls = stubFetch({
      'GET /api/settings/invoicing': settings,
      'GET /api/clients/5': json(200, { data: archived }),
      'POST /api/clients/5/restore': json(200, { data: { ...archived, status: 'active', archived_at: null } }),
    });
    const { user } = renderPage(<ClientEditPage />, { path: '/clients/:id/edit', route: '/clients/5/edit' });
    expect(await screen.findByText(/This client is archived/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.path === '/api/clients/5/restore')).toBe(true),
    );
  });

  it('says when the client does not exist', async () => {
    stubFetch({
      'GET /api/settings/invoicing': settings,
      'GET /api/clients/404': json(404, { message: 'Client not found.' }),
    });
    renderPage(<ClientEditPage />, { path: '/clients/:id/edit', route: '/clients/404/edit' });
    expect(await screen.findByRole('heading', { name: CATALOG_MESSAGES.clientNotFound })).toBeInTheDocument();
  });
});

describe('ClientEditPage for the read-only role', () => {
  it('shows the client with every field off and no way to save or restore', async () => {
    const archived = client({
      id: 9,
      name: 'Globex',
      status: 'archived',
      archived_at: '2026-11-02T10:00:00Z',
      contacts: [{ id: 1, name: 'Hank', email: 'hank@globex.test', phone: null, is_primary: true }],
    });
    stubFetch({ 'GET /api/settings/invoicing': settings, 'GET /api/clients/9': json(200, { data: archived }) });
    renderPage(<ClientEditPage />, { path: '/clients/:id/edit', route: '/clients/9/edit', roles: ['accountant'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Globex' })).toBeInTheDocument();
    expect(screen.getByText('Your role can view but not change this.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Company name/)).toHaveValue('Globex');
    expect(screen.getByLabelText(/Company name/)).toBeDisabled();
    expect(screen.getByLabelText(/Contact 1 name/)).toHaveValue('Hank');
    expect(screen.getByLabelText(/Contact 1 name/)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add contact' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove contact 1' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/clients');
  });
});
