import type { Meta, StoryObj } from '@storybook/react-vite';
import { screen, userEvent, within } from 'storybook/test';
import { CATALOG_MESSAGES, PRODUCT_CSV_COLUMNS, PRODUCT_CSV_EXPORT_ONLY } from '@ledgerleaf/domain';
import { ok, screenStory, type StoryApi } from '@ledgerleaf/storybook-harness';
import { ProductsPage } from '../products/products-page';
import { ClientsPage } from '../clients/clients-page';
import { clientPage } from '../test/fixtures';
import { csvImportCalls } from '@ledgerleaf/api';
import { CsvImportModal, type CsvImportPreview } from '@ledgerleaf/ui';

const meta = {
  title: 'Invoicing/Modals/CSV import',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const PRODUCTS_CSV =
  'name,sku,unit_price,tax_rate\nDesign hour,,120,\nBrand workshop,WS-HALF,950,Sales tax\nPrinted brochure,BRO-A5,four fifty,Sales tax\nGift card,,25,Luxury tax\n';

const productsPreview: CsvImportPreview = {
  columns: ['name', 'sku', 'unit_price', 'tax_rate'],
  rows: [
    { row: 2, values: { name: 'Design hour', sku: '', unit_price: '120', tax_rate: '' }, errors: {} },
    {
      row: 3,
      values: { name: 'Brand workshop', sku: 'WS-HALF', unit_price: '950', tax_rate: 'Sales tax' },
      errors: {},
    },
    {
      row: 4,
      values: { name: 'Printed brochure', sku: 'BRO-A5', unit_price: 'four fifty', tax_rate: 'Sales tax' },
      errors: { unit_price: [CATALOG_MESSAGES.csvNumberInvalid] },
    },
    {
      row: 5,
      values: { name: 'Gift card', sku: '', unit_price: '25', tax_rate: 'Luxury tax' },
      errors: { tax_rate: [CATALOG_MESSAGES.taxRateUnknown] },
    },
  ],
  total: 4,
  valid: 2,
  invalid: 2,
  errors: {},
};

const columns = PRODUCT_CSV_COLUMNS.filter(
  (column) => !(PRODUCT_CSV_EXPORT_ONLY as readonly string[]).includes(column),
);

/** The modal on its own, answering the preview with `answer`. */
const modal = (answer: CsvImportPreview) => ({
  render: () => (
    <CsvImportModal
      opened
      onClose={() => undefined}
      noun="products and services"
      columns={columns}
      previewColumns={['name', 'sku', 'unit_price', 'tax_rate']}
      {...csvImportCalls(
        async () => ({ data: answer }),
        async () => ({
          data: { message: CATALOG_MESSAGES.imported(answer.total), imported: answer.total, ids: [] },
        }),
      )}
    />
  ),
});

async function pasteAndPreview(title: string, csv: string) {
  const dialog = await screen.findByRole('dialog', { name: title });
  await userEvent.click(within(dialog).getByRole('radio', { name: 'Paste CSV text' }));
  await userEvent.click(within(dialog).getByLabelText('CSV text'));
  await userEvent.paste(csv);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
}

/** As it opens: choose a file or paste the text. */
export const Open: Story = modal(productsPreview);

/** The preview with two bad rows: they come first, highlighted, and Import stays disabled. */
export const PreviewWithRowErrors: Story = {
  ...modal(productsPreview),
  play: () => pasteAndPreview('Import products and services from CSV', PRODUCTS_CSV),
};

/** Every row is fine: Import is offered with the count. */
export const PreviewReady: Story = {
  ...modal({ ...productsPreview, rows: productsPreview.rows.slice(0, 2), total: 2, valid: 2, invalid: 0 }),
  play: () => pasteAndPreview('Import products and services from CSV', PRODUCTS_CSV.split('\n').slice(0, 3).join('\n')),
};

/** A file without a required column: the file-level problem instead of rows. */
export const MissingColumn: Story = {
  ...modal({
    columns: ['title', 'price'],
    rows: [],
    total: 0,
    valid: 0,
    invalid: 0,
    errors: { csv: [CATALOG_MESSAGES.csvMissingColumn('name')] },
  }),
  play: () => pasteAndPreview('Import products and services from CSV', 'title,price\nDesign hour,120\n'),
};

const clientsApi: StoryApi = {
  'GET /api/clients': ok(clientPage([])),
  'POST /api/clients/import/preview': ok({
    columns: ['name', 'email'],
    rows: [
      { row: 2, data: { name: 'Acme Corp' }, values: { name: 'Acme Corp', email: 'billing@acme.test' }, errors: {} },
      {
        row: 3,
        data: null,
        values: { name: 'Birch Studio', email: 'hello@birch' },
        errors: { email: [CATALOG_MESSAGES.emailInvalid] },
      },
    ],
    total: 2,
    valid: 1,
    invalid: 1,
    errors: {},
  }),
};

/** The same modal from the clients list, previewed by the (canned) server. */
export const FromClientsList: Story = {
  ...screenStory(<ClientsPage />, { path: '/clients', api: clientsApi }),
  play: async () => {
    await screen.findByText('No clients yet');
    await userEvent.click(screen.getAllByRole('button', { name: 'Import CSV' })[0]!);
    await pasteAndPreview(
      'Import clients from CSV',
      'name,email\nAcme Corp,billing@acme.test\nBirch Studio,hello@birch\n',
    );
  },
};

/** The products list's Import CSV button opens it. */
export const FromProductsList: Story = {
  ...screenStory(<ProductsPage />, {
    path: '/products',
    api: { 'GET /api/products': ok({ data: [], meta: { page: 1, per_page: 25, total: 0, last_page: 1 } }) },
  }),
  play: async () => {
    await userEvent.click((await screen.findAllByRole('button', { name: 'Import CSV' }))[0]!);
  },
};
