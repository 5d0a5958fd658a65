import type { Meta, StoryObj } from '@storybook/react-vite';
import { screen, userEvent } from 'storybook/test';
import { CATALOG_MESSAGES } from '@ledgerleaf/domain';
import { fail, invalid, ok, pending, screenStory, serverError, type StoryApi } from '@ledgerleaf/storybook-harness';
import { client } from '../test/fixtures';
import { ClientCreatePage, ClientEditPage } from './client-form-page';

const meta = {
  title: 'Invoicing/Screens/Client form',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const settings = ok({ data: { default_payment_terms_days: 14, prices_include_tax: false } });

const create = (api: StoryApi) =>
  screenStory(<ClientCreatePage />, {
    path: '/clients/create',
    api: { 'GET /api/settings/invoicing': settings, ...api },
  });
const edit = (api: StoryApi) =>
  screenStory(<ClientEditPage />, {
    path: '/clients/:id/edit',
    route: '/clients/1/edit',
    api: { 'GET /api/settings/invoicing': settings, ...api },
  });

const acme = client({
  phone: '(415) 555-0199',
  tax_id: 'US-94-1234567',
  notes: 'Send invoices to the finance inbox, copy Wile.',
  billing_address: {
    line1: '1 Market Street',
    line2: 'Suite 400',
    city: 'San Francisco',
    state: 'CA',
    postal_code: '94105',
    country: 'United States',
  },
  shipping_address: {
    line1: '88 Dock Road',
    line2: null,
    city: 'Oakland',
    state: 'CA',
    postal_code: '94607',
    country: 'United States',
  },
  contacts: [
    { id: 1, name: 'Wile E. Coyote', email: 'wile@acme.test', phone: '(415) 555-0101', is_primary: true },
    { id: 2, name: 'Road Runner', email: 'beep@acme.test', phone: null, is_primary: false },
  ],
});

export const Create: Story = create({});
export const CreateLoading: Story = create({ 'GET /api/settings/invoicing': pending });

/** Submitting with no name and a bad email: the domain's messages, nothing sent. */
export const CreateValidationErrors: Story = {
  ...create({}),
  play: async () => {
    await userEvent.type(await screen.findByLabelText(/^Email/), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Create client' }));
  },
};

/** The server's 422: field messages under their fields (a contact's too), the rest in the alert. */
export const CreateServerErrors: Story = {
  ...create({
    'POST /api/clients': fail(422, 'The given data was invalid.', {
      name: ['Another client already has this name'],
      'contacts.0.email': ['This address bounced last time; please check it'],
    }),
  }),
  play: async () => {
    await userEvent.type(await screen.findByLabelText(/Company name/), 'Acme Corp');
    await userEvent.click(screen.getByRole('button', { name: 'Add contact' }));
    await userEvent.type(screen.getByLabelText(/Contact 1 name/), 'Wile E. Coyote');
    await userEvent.type(screen.getByLabelText('Contact 1 email'), 'wile@acme.test');
    await userEvent.click(screen.getByRole('button', { name: 'Create client' }));
  },
};

/** A client with both addresses and two contacts. */
export const Edit: Story = edit({ 'GET /api/clients/1': ok({ data: acme }) });
export const EditPerson: Story = edit({
  'GET /api/clients/1': ok({
    data: client({ kind: 'person', name: 'Dana Whitfield', email: 'dana@whitfield.test', payment_terms_days: 7 }),
  }),
});
export const EditLoading: Story = edit({ 'GET /api/clients/1': pending });
export const EditArchived: Story = edit({
  'GET /api/clients/1': ok({
    data: { ...acme, status: 'archived', is_active: false, archived_at: '2026-10-20T09:00:00Z' },
  }),
});
export const EditServerErrors: Story = {
  ...edit({
    'GET /api/clients/1': ok({ data: acme }),
    'PUT /api/clients/1': invalid({ email: [CATALOG_MESSAGES.emailInvalid] }),
  }),
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Save changes' }));
  },
};
export const EditNotFound: Story = edit({ 'GET /api/clients/1': fail(404, CATALOG_MESSAGES.clientNotFound) });
export const EditLoadError: Story = edit({ 'GET /api/clients/1': serverError });
