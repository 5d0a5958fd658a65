import type { Meta, StoryObj } from '@storybook/react-vite';
import { pending, screenStory, serverError, type StoryApi } from '@ledgerleaf/storybook-harness';
import type { ProductPage } from '@ledgerleaf/domain';
import { product, taxRate } from '../test/fixtures';
import { ProductsPage } from './products-page';

const meta = {
  title: 'Invoicing/Screens/Products',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const salesTax = { id: 7, name: 'Sales tax', rate: 8.875, is_compound: false };

const catalogue = [
  product(),
  product({
    id: 4,
    name: 'Brand workshop',
    type: 'service',
    unit: 'day',
    unit_price: 950,
    description: 'Half-day remote session with the founders',
    default_tax_rate_id: 7,
    default_tax_rate: salesTax,
  }),
  product({
    id: 5,
    name: 'Printed brochure',
    type: 'product',
    unit: 'item',
    unit_price: 4.5,
    sku: 'BRO-A5',
    default_tax_rate_id: 7,
    default_tax_rate: salesTax,
  }),
  product({ id: 6, name: 'Hosting (monthly)', type: 'service', unit: 'month', unit_price: 29, sku: 'HOST-M' }),
  product({
    id: 8,
    name: 'Old logo package',
    unit: 'item',
    unit_price: 300,
    is_active: false,
    status: 'archived',
    archived_at: '2026-10-20T09:00:00Z',
  }),
];

/** The products list answer; `catalogue` minus the archived item is what the default filter shows. */
function productPage(data = catalogue.filter((item) => item.status === 'active')): ProductPage {
  return { data, meta: { page: 1, per_page: 25, total: data.length, last_page: 1 } };
}

const list = (api: StoryApi, route = '/products') => screenStory(<ProductsPage />, { path: '/products', route, api });

export const List: Story = list({
  'GET /api/products': { status: 200, body: productPage() },
  'GET /api/tax-rates': { status: 200, body: { data: [taxRate()] } },
});
export const Loading: Story = list({ 'GET /api/products': pending });
export const Empty: Story = list({ 'GET /api/products': { status: 200, body: productPage([]) } });
/** A search that matches nothing: the empty state offers to clear it. */
export const NoMatches: Story = list(
  { 'GET /api/products': { status: 200, body: productPage([]) } },
  '/products?search=espresso',
);
export const ArchivedFilter: Story = list(
  { 'GET /api/products': { status: 200, body: productPage(catalogue.filter((item) => item.status === 'archived')) } },
  '/products?status=archived',
);
export const LoadError: Story = list({ 'GET /api/products': serverError });
