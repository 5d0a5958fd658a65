import type { Meta, StoryObj } from '@storybook/react-vite';
import { screen, userEvent, within } from 'storybook/test';
import { ACCOUNT_MESSAGES, CATALOG_MESSAGES, type TaxRate } from '@ledgerleaf/domain';
import { invalid, ok, pending, screenStory, serverError, type StoryApi } from '@ledgerleaf/storybook-harness';
import { businessDetails, withRole } from '../stories/canned';
import { UserSettingsPage } from './user-settings-page';

const meta = {
  title: 'Account/Screens/Settings',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const taxRate = (overrides: Partial<TaxRate>): TaxRate => ({
  id: 7,
  name: 'Sales tax',
  rate: 8.875,
  is_compound: false,
  is_default: true,
  status: 'active',
  archived_at: null,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  products_count: 3,
  ...overrides,
});
const taxRates = [
  taxRate({}),
  taxRate({ id: 8, name: 'Reduced rate', rate: 5, is_default: false, products_count: 0 }),
  taxRate({ id: 9, name: 'City surcharge', rate: 1.5, is_compound: true, is_default: false, products_count: 1 }),
];

const year = new Date().getFullYear();
const loaded: StoryApi = {
  'GET /api/settings/business': ok({ data: businessDetails }),
  'GET /api/settings/numbering': ok({
    data: { prefix: 'INV', include_year: true, separator: '-', padding: 4, yearly_reset: true },
    counter: { last_counter: 41, last_year: year },
    next_number: `INV-${year}-0042`,
  }),
  'GET /api/settings/invoicing': ok({ data: { default_payment_terms_days: 30, prices_include_tax: false } }),
  'GET /api/tax-rates': ok({ data: taxRates }),
};

const tab = (name: string | null, api: StoryApi = {}, role = 'owner') =>
  screenStory(<UserSettingsPage />, {
    path: '/user/settings',
    route: name ? `/user/settings?tab=${name}` : '/user/settings',
    user: withRole(role),
    api: { ...loaded, ...api },
  });

// Business details (the first tab).
export const BusinessDetails: Story = tab(null);
export const BusinessDetailsLoading: Story = tab(null, { 'GET /api/settings/business': pending });
export const BusinessDetailsLoadError: Story = tab(null, { 'GET /api/settings/business': serverError });
/** An accountant reads the settings and changes nothing. */
export const BusinessDetailsReadOnly: Story = tab(null, {}, 'accountant');
/** The server refuses the tax id (422): under its field. */
export const BusinessDetailsServerErrors: Story = {
  ...tab(null, { 'PUT /api/settings/business': invalid({ tax_id: [ACCOUNT_MESSAGES.taxIdTooLong] }) }),
  play: async () => {
    const taxId = await screen.findByRole('textbox', { name: /Tax ID/ });
    await userEvent.clear(taxId);
    await userEvent.type(taxId, 'US-94-7654321-EXTRA');
    await userEvent.click(screen.getByRole('button', { name: 'Save business details' }));
  },
};

// Invoice defaults: payment terms and tax mode, numbering with its live preview, notes and terms.
export const InvoiceDefaults: Story = tab('invoices');
export const InvoiceDefaultsLoading: Story = tab('invoices', {
  'GET /api/settings/numbering': pending,
  'GET /api/settings/invoicing': pending,
});
/** A prefix the numbering refuses: the preview shows a dash and the message is under the field. */
export const InvoiceDefaultsValidationErrors: Story = {
  ...tab('invoices'),
  play: async () => {
    const prefix = await screen.findByRole('textbox', { name: 'Prefix' });
    await userEvent.clear(prefix);
    await userEvent.type(prefix, 'bad prefix!');
    await userEvent.click(screen.getByRole('button', { name: 'Save numbering' }));
  },
};

// Tax rates.
export const TaxRates: Story = tab('tax-rates');
export const TaxRatesEmpty: Story = tab('tax-rates', { 'GET /api/tax-rates': ok({ data: [] }) });
export const TaxRatesLoadError: Story = tab('tax-rates', { 'GET /api/tax-rates': serverError });
/** The add dialog, submitted empty: the domain's message under the name. */
export const TaxRateDialog: Story = {
  ...tab('tax-rates'),
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Add tax rate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add tax rate' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add tax rate' }));
  },
};
/** The server refuses a name already used (422) in the add dialog. */
export const TaxRateDialogServerErrors: Story = {
  ...tab('tax-rates', { 'POST /api/tax-rates': invalid({ name: [CATALOG_MESSAGES.taxRateNameTaken] }) }),
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Add tax rate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add tax rate' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Tax rate name/ }), 'Sales tax');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Rate/ }), '8.875');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add tax rate' }));
  },
};
export const TaxRatesReadOnly: Story = tab('tax-rates', {}, 'accountant');

// Preferences: date format and first day of the week.
export const Preferences: Story = tab('preferences');
export const PreferencesReadOnly: Story = tab('preferences', {}, 'accountant');

// Email delivery (owners): the business's mail server.
const emailServer = {
  source: 'business',
  settings: {
    host: 'smtp.olive.example',
    port: 587,
    security: 'starttls',
    username: 'billing',
    password_set: true,
    from_address: 'billing@olive.example',
    updated_at: '2026-11-28T10:00:00Z',
  },
};
/** Not set up: email is kept in the outbox; nothing to test yet. */
export const EmailDeliveryNotSetUp: Story = tab('email', {
  'GET /api/settings/email-delivery': ok({ data: { source: 'none', settings: null } }),
});
export const EmailDelivery: Story = tab('email', { 'GET /api/settings/email-delivery': ok({ data: emailServer }) });
/** SMTP_URL on the server wins: the panel says so. */
export const EmailDeliveryFromTheServer: Story = tab('email', {
  'GET /api/settings/email-delivery': ok({ data: { ...emailServer, source: 'environment' } }),
});
/** The test email refused: the mail server's reason. */
export const EmailDeliveryTestRefused: Story = {
  ...tab('email', {
    'GET /api/settings/email-delivery': ok({ data: emailServer }),
    'POST /api/settings/email-delivery/test': ok({
      data: { delivery: 'failed', to: 'olive@example.com', error: 'Invalid login: 535 Authentication failed' },
      message: 'The mail server refused the test email: Invalid login: 535 Authentication failed',
    }),
  }),
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Send a test email' }));
  },
};
