import type { Meta, StoryObj } from '@storybook/react-vite';
import { screen, userEvent } from 'storybook/test';
import { INVOICE_MESSAGES } from '@ledgerleaf/domain';
import { fail, ok, pending, screenStory, serverError, type StoryApi } from '@ledgerleaf/storybook-harness';
import { editorApi, taxedInvoice } from '../stories/canned';
import { InvoiceDetailPage } from './invoice-detail-page';
import { InvoiceCreatePage } from './invoice-editor';

const meta = {
  title: 'Invoicing/Screens/Invoice editor',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const create = (api: StoryApi = {}) =>
  screenStory(<InvoiceCreatePage />, { path: '/invoices/create-new', api: { ...editorApi, ...api } });

/** Types into a field the way a person pastes: the live totals follow every change. */
async function fill(label: string, value: string) {
  const input = await screen.findByRole('textbox', { name: label });
  await userEvent.clear(input);
  await userEvent.click(input);
  await userEvent.paste(value);
}

async function pickClient(name = 'Acme Corp') {
  await userEvent.click(await screen.findByRole('combobox', { name: /^Client/ }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

/** /invoices/create-new as it opens: one empty line, the business's default notes and terms. */
export const Empty: Story = create();
export const Loading: Story = create({ 'GET /api/tax-rates': pending });
export const LoadError: Story = create({ 'GET /api/tax-rates': serverError });

/** A client, a line filled from a product (with its tax), a typed line with a discount, an invoice discount: the totals as the engine computes them. */
export const WithLinesAndTotals: Story = {
  ...create(),
  play: async () => {
    await pickClient();
    await userEvent.click(screen.getByRole('combobox', { name: 'Line 1 product or service' }));
    await userEvent.click(await screen.findByRole('option', { name: /Brand workshop/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Add line' }));
    await fill('Line 2 description', 'Printed brochures (A5, 250 copies)');
    await fill('Line 2 quantity', '250');
    await fill('Line 2 unit price', '1.20');
    await fill('Line 2 discount', '10');
    await fill('Invoice discount', '5');
  },
};

/** Saving the empty form: the domain's messages under the client, description and price. */
export const ValidationErrors: Story = {
  ...create(),
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Save draft' }));
  },
};

/** The server's 422 mapped under its fields, a line's quantity included (`lines.1.quantity`). */
export const ServerValidationErrors: Story = {
  ...create({
    'POST /api/invoices': fail(422, 'The given data was invalid.', {
      'lines.1.quantity': ['The quantity may have at most 3 decimals'],
      due_date: [INVOICE_MESSAGES.dueBeforeIssue],
    }),
  }),
  play: async () => {
    await pickClient();
    await fill('Line 1 description', 'Logo design');
    await fill('Line 1 unit price', '480');
    await userEvent.click(screen.getByRole('button', { name: 'Add line' }));
    await fill('Line 2 description', 'Revisions');
    await fill('Line 2 unit price', '60');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
  },
};

/** A draft opened for editing from its detail page (`/invoices/:id?edit=1`). */
export const EditDraft: Story = screenStory(<InvoiceDetailPage />, {
  path: '/invoices/:id',
  route: '/invoices/11?edit=1',
  api: {
    ...editorApi,
    'GET /api/invoices/11': ok({
      data: taxedInvoice({ status: 'draft', invoice_number: null, sent_at: null, public_url: null }),
    }),
  },
});
