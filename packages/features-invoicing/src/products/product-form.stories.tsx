import type { Meta, StoryObj } from '@storybook/react-vite';
import { screen, userEvent } from 'storybook/test';
import { CATALOG_MESSAGES } from '@ledgerleaf/domain';
import { fail, invalid, ok, pending, screenStory, serverError, type StoryApi } from '@ledgerleaf/storybook-harness';
import { product, taxRate } from '../test/fixtures';
import { ProductCreatePage, ProductEditPage } from './product-form-page';

const meta = {
  title: 'Invoicing/Screens/Product form',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const taxRates = ok({ data: [taxRate(), taxRate({ id: 8, name: 'Reduced rate', rate: 5, is_default: false })] });

const create = (api: StoryApi) =>
  screenStory(<ProductCreatePage />, { path: '/products/create', api: { 'GET /api/tax-rates': taxRates, ...api } });
const edit = (api: StoryApi) =>
  screenStory(<ProductEditPage />, {
    path: '/products/:id/edit',
    route: '/products/4/edit',
    api: { 'GET /api/tax-rates': taxRates, ...api },
  });

const workshop = product({
  id: 4,
  name: 'Brand workshop',
  unit: 'day',
  unit_price: 950,
  description: 'Half-day remote session with the founders',
  sku: 'WS-HALF',
  default_tax_rate_id: 7,
  default_tax_rate: { id: 7, name: 'Sales tax', rate: 8.875, is_compound: false },
});

export const Create: Story = create({});
export const CreateLoading: Story = create({ 'GET /api/tax-rates': pending });
export const CreateTaxRatesError: Story = create({ 'GET /api/tax-rates': serverError });

/** Submitting the empty form: the domain's messages under each field, nothing sent. */
export const CreateValidationErrors: Story = {
  ...create({}),
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Create service' }));
  },
};

/** The server refuses the SKU (422): the message lands under its field and in the alert. */
export const CreateServerErrors: Story = {
  ...create({ 'POST /api/products': invalid({ sku: [CATALOG_MESSAGES.skuTaken] }) }),
  play: async () => {
    await userEvent.type(await screen.findByLabelText(/^Name/), 'Logo refresh');
    await userEvent.type(screen.getByLabelText(/^Unit price/), '480');
    await userEvent.type(screen.getByLabelText(/^SKU/), 'WS-HALF');
    await userEvent.click(screen.getByRole('button', { name: 'Create service' }));
  },
};

export const Edit: Story = edit({ 'GET /api/products/4': ok({ data: workshop }) });
export const EditLoading: Story = edit({ 'GET /api/products/4': pending });
/** An archived item: the notice offers to restore it; its archived tax rate stays selectable. */
export const EditArchived: Story = edit({
  'GET /api/products/4': ok({
    data: {
      ...workshop,
      status: 'archived',
      is_active: false,
      archived_at: '2026-10-20T09:00:00Z',
      default_tax_rate_id: 9,
      default_tax_rate: { id: 9, name: 'Old VAT', rate: 20, is_compound: false },
    },
  }),
});
export const EditNotFound: Story = edit({ 'GET /api/products/4': fail(404, CATALOG_MESSAGES.productNotFound) });
export const EditLoadError: Story = edit({ 'GET /api/products/4': serverError });
