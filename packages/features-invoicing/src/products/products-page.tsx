import { Link } from 'react-router';
import { Anchor, Badge, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  formatCurrency,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_EXPORT_ONLY,
  PRODUCT_SORT_FIELDS,
  type Product,
} from '@ledgerleaf/domain';
import {
  useArchiveProductMutation,
  useDeleteProductMutation,
  useExportProductsCsvMutation,
  useImportProductsMutation,
  useListProductsQuery,
  usePreviewProductImportMutation,
  useRestoreProductMutation,
  type DateFormatter,
  paths,
  csvImportCalls,
} from '@ledgerleaf/api';
import type { DataTableColumn } from '@ledgerleaf/ui';
import { CatalogListPage } from '../shared/catalog-list-page';
import { formatPercent } from '../shared/format';
import { useCatalogListParams } from '../shared/list-params';
import { CatalogRowActions } from '../shared/catalog-row-actions';
import { actionsColumn, catalogStatusColumn } from '../shared/catalog-columns';

const TYPE_OPTIONS = [
  { label: 'All types', value: '' },
  { label: 'Services', value: 'service' },
  { label: 'Products', value: 'product' },
];

function RowActions({ product }: { product: Product }) {
  const [archive] = useArchiveProductMutation();
  const [restore] = useRestoreProductMutation();
  const [remove] = useDeleteProductMutation();
  return (
    <CatalogRowActions
      name={product.name}
      editTo={paths.products.edit(product.id)}
      archived={product.status === 'archived'}
      archive={{
        question: {
          title: 'Archive item?',
          message: `${product.name} will no longer be offered on new invoices. Existing invoices keep it, and you can restore it any time.`,
        },
        run: () => archive(product.id),
        done: 'Archived',
        failed: 'Could not archive',
      }}
      restore={{
        question: {
          title: 'Restore item?',
          message: `${product.name} will be offered on invoices again.`,
        },
        run: () => restore(product.id),
        done: 'Restored',
        failed: 'Could not restore',
      }}
      remove={{
        question: {
          title: 'Delete item?',
          message: `${product.name} will be deleted for good. Items used on invoices cannot be deleted; archive them instead.`,
        },
        run: () => remove(product.id),
        done: 'Deleted',
        failed: 'Could not delete',
      }}
    />
  );
}

/** The list's columns, dates in the business's format. */
const columnsFor = (formatDate: DateFormatter): DataTableColumn<Product>[] => [
  {
    key: 'name',
    header: 'Name',
    sortable: true,
    render: (product) => (
      <Stack gap={2}>
        <Anchor component={Link} to={paths.products.edit(product.id)} fw={600}>
          {product.name}
        </Anchor>
        {product.description && (
          <Text size="xs" c="dimmed" lineClamp={1} maw={360}>
            {product.description}
          </Text>
        )}
      </Stack>
    ),
  },
  {
    key: 'type',
    header: 'Type',
    visibleFrom: 'sm',
    render: (product) => <Badge variant="default">{product.type === 'service' ? 'Service' : 'Product'}</Badge>,
  },
  {
    key: 'sku',
    header: 'SKU',
    sortable: true,
    visibleFrom: 'md',
    render: (product) =>
      product.sku ?? (
        <Text size="sm" c="dimmed">
          -
        </Text>
      ),
  },
  {
    key: 'unit_price',
    header: 'Unit price',
    sortable: true,
    align: 'right',
    render: (product) => (
      <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {formatCurrency(product.unit_price)}{' '}
        <Text span size="xs" c="dimmed">
          / {product.unit}
        </Text>
      </Text>
    ),
  },
  {
    key: 'tax',
    header: 'Tax',
    visibleFrom: 'md',
    render: (product) =>
      product.default_tax_rate ? (
        `${product.default_tax_rate.name} (${formatPercent(product.default_tax_rate.rate)})`
      ) : (
        <Text size="sm" c="dimmed">
          No tax
        </Text>
      ),
  },
  {
    key: 'created_at',
    header: 'Created',
    sortable: true,
    visibleFrom: 'lg',
    render: (product) => formatDate(product.created_at),
  },
  catalogStatusColumn(),
  actionsColumn((product) => <RowActions product={product} />),
];

/** /products: the catalogue. Tax rates and invoicing settings live under /user/settings (linked). */
export function ProductsPage() {
  const list = useCatalogListParams('name', PRODUCT_SORT_FIELDS);
  const type = list.oneOf('type', ['product', 'service'] as const, '' as const);
  const query = useListProductsQuery({ ...list.query, type: type || undefined });
  const [exportCsv] = useExportProductsCsvMutation();
  const [previewImport] = usePreviewProductImportMutation();
  const [runImport] = useImportProductsMutation();

  return (
    <CatalogListPage
      title="Products/Services"
      description="What you sell, at what price and with which tax."
      intro={
        <Text size="sm" c="dimmed" mb="md">
          Tax rates and invoicing settings are in{' '}
          <Anchor component={Link} to={paths.settings.root} underline="always">
            Settings
          </Anchor>
          .
        </Text>
      }
      list={list}
      query={query}
      columnsFor={columnsFor}
      actions={{
        exportCsv,
        exportName: 'products',
        createTo: paths.products.create,
        createLabel: 'New product or service',
      }}
      search={{ label: 'Search products and services', placeholder: 'Search by name, SKU or description' }}
      filters={
        <SegmentedControl
          aria-label="Type"
          value={type}
          onChange={(value) => list.setFilter('type', value)}
          data={TYPE_OPTIONS}
        />
      }
      filtered={type !== ''}
      errorTitle="Products could not be loaded"
      empty={{
        title: 'No products or services yet',
        writerMessage: 'Save what you sell once, with its price and tax, and fill invoice lines in one click.',
        readerMessage: 'The products and services of the business will be listed here.',
        addLabel: 'Add your first product or service',
      }}
      noMatch={{ title: 'No matching items', statusMessage: 'No items match these filters.' }}
      tableLabel="Products and services"
      csv={{
        noun: 'products and services',
        columns: PRODUCT_CSV_COLUMNS,
        exportOnly: PRODUCT_CSV_EXPORT_ONLY,
        previewColumns: ['name', 'sku', 'unit_price', 'tax_rate'],
        ...csvImportCalls(previewImport, runImport),
      }}
    />
  );
}
