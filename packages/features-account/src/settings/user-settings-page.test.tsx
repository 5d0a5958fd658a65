import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ACCOUNT_MESSAGES, CATALOG_MESSAGES, NUMBERING_MESSAGES, type TaxRate } from '@ledgerleaf/domain';
import { json, renderPage, stubFetch } from '../test/render';
import { businessDetails, signIn } from '../test/fixtures';
import { UserSettingsPage } from './user-settings-page';

beforeEach(() => signIn('owner'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const numbering = {
  data: { prefix: 'INV', include_year: true, separator: '-', padding: 4, yearly_reset: true },
  counter: { last_counter: 41, last_year: new Date().getFullYear() },
  next_number: '',
};

function taxRate(overrides: Partial<TaxRate> = {}): TaxRate {
  return {
    id: 7,
    name: 'Sales tax',
    rate: 8.875,
    is_compound: false,
    is_default: true,
    status: 'active',
    archived_at: null,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
    products_count: 0,
    ...overrides,
  };
}

function routes(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/settings/business': json(200, { data: businessDetails }),
    'PUT /api/settings/business': (call) =>
      json(200, { data: { ...businessDetails, ...(call.body as object) }, message: ACCOUNT_MESSAGES.businessSaved }),
    'GET /api/settings/numbering': json(200, numbering),
    'GET /api/settings/invoicing': json(200, { data: { default_payment_terms_days: 30, prices_include_tax: false } }),
    'GET /api/tax-rates': json(200, { data: [taxRate({ products_count: 1 })] }),
    ...extra,
  });
}

describe('UserSettingsPage', () => {
  it('saves the business details with the other fields unchanged', async () => {
    const calls = routes();
    const { user } = renderPage(<UserSettingsPage />, { path: '/user/settings', route: '/user/settings' });
    await user.type(
      await screen.findByRole('textbox', { name: /Address/ }),
      '12 Market Street{Enter}San Francisco, CA',
    );
    await user.type(screen.getByRole('textbox', { name: /Tax ID/ }), 'US-123');
    await user.click(screen.getByRole('button', { name: 'Save business details' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        address: '12 Market Street\nSan Francisco, CA',
        tax_id: 'US-123',
        default_invoice_notes: null,
        default_invoice_terms: null,
        date_format: 'mm/dd/yy',
        first_day_of_week: 0,
      }),
    );
    expect(await screen.findByText(ACCOUNT_MESSAGES.businessSaved)).toBeInTheDocument();
  });

  it('refuses a too long tax id in the browser with the domain message', async () => {
    const calls = routes();
    const { user } = renderPage(<UserSettingsPage />, { path: '/user/settings', route: '/user/settings' });
    const taxId = await screen.findByRole('textbox', { name: /Tax ID/ });
    taxId.removeAttribute('maxlength');
    await user.type(taxId, 'x'.repeat(65));
    await user.click(screen.getByRole('button', { name: 'Save business details' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.taxIdTooLong)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('previews the next invoice number live as the pattern changes', async () => {
    const year = new Date().getFullYear();
    const calls = routes({
      'PUT /api/settings/numbering': (call) =>
        json(200, { ...numbering, data: call.body, next_number: 'OB/042', message: ACCOUNT_MESSAGES.numberingSaved }),
    });
    const { user } = renderPage(<UserSettingsPage />, { path: '/user/settings', route: '/user/settings?tab=invoices' });
    const preview = await screen.findByTestId('next-number');
    expect(preview).toHaveTextContent(`Next invoice: INV-${year}-0042`);
    const prefix = screen.getByRole('textbox', { name: 'Prefix' });
    await user.clear(prefix);
    await user.type(prefix, 'OB');
    await user.click(screen.getByRole('switch', { name: 'Restart the count every year' }));
    await user.click(screen.getByRole('switch', { name: 'Include the year' }));
    expect(preview).toHaveTextContent('Next invoice: OB-0042');
    await user.clear(prefix);
    await user.type(prefix, 'bad prefix!');
    expect(preview).toHaveTextContent('Next invoice: —');
    await user.click(screen.getByRole('button', { name: 'Save numbering' }));
    expect(await screen.findByText(NUMBERING_MESSAGES.prefixInvalid)).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/settings/numbering' && call.method === 'PUT')).toBe(false);
  });

  it('manages tax rates in their tab (moved from the products page)', async () => {
    const calls = routes({
      'POST /api/tax-rates': (call) => json(201, { data: taxRate({ id: 9, ...(call.body as object) }) }),
    });
    const { user } = renderPage(<UserSettingsPage />, { path: '/user/settings', route: '/user/settings' });
    await user.click(await screen.findByRole('tab', { name: 'Tax rates' }));
    const rates = await screen.findByRole('table', { name: 'Tax rates' });
    expect(await within(rates).findByText('1 item')).toBeInTheDocument();
    await user.click(within(rates).getByRole('button', { name: 'Actions for Sales tax' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeDisabled();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Add tax rate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add tax rate' });
    await user.click(within(dialog).getByRole('button', { name: 'Add tax rate' }));
    expect(await within(dialog).findByText(CATALOG_MESSAGES.nameRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Tax rate name/ }), 'City tax');
    await user.type(within(dialog).getByRole('textbox', { name: /Rate/ }), '4.5');
    await user.click(within(dialog).getByRole('button', { name: 'Add tax rate' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        name: 'City tax',
        rate: 4.5,
        is_compound: false,
        is_default: false,
      }),
    );
  });

  it('saves the invoicing defaults (moved from the products page)', async () => {
    const calls = routes({
      'PUT /api/settings/invoicing': (call) => json(200, { data: call.body, message: 'Settings saved.' }),
    });
    const { user } = renderPage(<UserSettingsPage />, { path: '/user/settings', route: '/user/settings?tab=invoices' });
    await user.click(await screen.findByRole('switch', { name: /Prices include tax/ }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/settings/invoicing' && call.method === 'PUT')?.body).toEqual({
        default_payment_terms_days: 30,
        prices_include_tax: true,
      }),
    );
    expect(await screen.findByText('Invoicing settings saved')).toBeInTheDocument();
  });

  it('saves the date format and the first day of the week', async () => {
    const calls = routes();
    const { user } = renderPage(<UserSettingsPage />, {
      path: '/user/settings',
      route: '/user/settings?tab=preferences',
    });
    await user.click(await screen.findByRole('radio', { name: 'Monday' }));
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
        date_format: 'mm/dd/yy',
        first_day_of_week: 1,
      }),
    );
  });

  it('is read-only for an accountant', async () => {
    signIn('accountant');
    routes();
    const { user } = renderPage(<UserSettingsPage />, { path: '/user/settings', route: '/user/settings' });
    expect(await screen.findByText('Only an owner or an admin can change these settings.')).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /Address/ })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save business details' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Tax rates' }));
    const rates = await screen.findByRole('table', { name: 'Tax rates' });
    expect(await within(rates).findByText('Sales tax')).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_MESSAGES.readOnlyRole)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add tax rate' })).not.toBeInTheDocument();
    expect(within(rates).queryByRole('button', { name: 'Actions for Sales tax' })).not.toBeInTheDocument();
  });

  it('lets a member change the tax rates but not the business settings, and says which is which', async () => {
    signIn('member');
    routes();
    const { user } = renderPage(<UserSettingsPage />, { path: '/user/settings', route: '/user/settings' });
    expect(await screen.findByText('Only an owner or an admin can change these settings.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Tax rates' }));
    await screen.findByRole('table', { name: 'Tax rates' });
    expect(screen.getByRole('button', { name: 'Add tax rate' })).toBeInTheDocument();
    expect(screen.queryByText('Only an owner or an admin can change these settings.')).not.toBeInTheDocument();
    expect(screen.queryByText(ACCOUNT_MESSAGES.readOnlyRole)).not.toBeInTheDocument();
  });

  it('links owners and admins to Team and roles; other roles do not see the link', async () => {
    for (const role of ['owner', 'admin']) {
      signIn(role);
      routes();
      const { unmount } = renderPage(<UserSettingsPage />, { path: '/user/settings', route: '/user/settings' });
      expect(await screen.findByRole('link', { name: 'Team and roles' })).toHaveAttribute('href', '/admin/roles');
      unmount();
    }
    for (const role of ['member', 'accountant']) {
      signIn(role);
      routes();
      const { unmount } = renderPage(<UserSettingsPage />, { path: '/user/settings', route: '/user/settings' });
      expect(await screen.findByRole('link', { name: 'Email templates' })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Team and roles' })).not.toBeInTheDocument();
      unmount();
    }
  });

  it('links every role to the sent emails', async () => {
    signIn('member');
    routes();
    renderPage(<UserSettingsPage />, { path: '/user/settings', route: '/user/settings' });
    expect(await screen.findByRole('link', { name: 'Sent emails' })).toHaveAttribute('href', '/user/settings/emails');
  });

  it('shows a load error with a retry', async () => {
    stubFetch({
      'GET /api/settings/business': json(500, { message: 'Something went wrong on our side. Please try again.' }),
    });
    renderPage(<UserSettingsPage />, { path: '/user/settings', route: '/user/settings' });
    expect(await screen.findByText('Business details could not be loaded')).toBeInTheDocument();
  });
});
