import { useState, useMemo } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import {
  formatCurrency,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_EXPORT_ONLY,
  PRODUCT_SORT_FIELDS,
  type CatalogStatusFilter,
  type Product,
} from '@ledgerleaf/domain';
import {
  useArchiveProductMutation,
  useCanWrite,
  useDeleteProductMutation,
  useExportProductsCsvMutation,
  useImportProductsMutation,
  useListProductsQuery,
  usePreviewProductImportMutation,
  useRestoreProductMutation,
  useDateFormat,
  type DateFormatter,
  paths,
  queryState,
  csvImportCalls,
} from '@ledgerleaf/api';
import { CsvImportModal, PageHeader, type DataTableColumn } from '@ledgerleaf/ui';
import { ListScaffold, SearchField } from '@ledgerleaf/ui/routing';
import { formatPercent } from '../shared/format';
import { CATALOG_STATUS_OPTIONS, PER_PAGE, useCatalogListParams } from '../shared/list-params';
import { CatalogRowActions } from '../shared/catalog-row-actions';
import { CatalogActions } from '../shared/catalog-actions';
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
          confirmText: 'Archive',
          type: 'warning',
        },
        run: () => archive(product.id),
        done: 'Archived',
        failed: 'Could not archive',
      }}
      restore={{
        question: {
          title: 'Restore item?',
          message: `${product.name} will be offered on invoices again.`,
          confirmText: 'Restore',
          type: 'info',
        },
        run: () => restore(product.id),
        done: 'Restored',
        failed: 'Could not restore',
      }}
      remove={{
        question: {
          title: 'Delete item?',
          message: `${product.name} will be deleted for good. Items used on invoices cannot be deleted; archive them instead.`,
          confirmText: 'Delete',
          type: 'danger',
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

function ProductsPanel({ onImport }: { onImport: () => void }) {
  const { formatDate } = useDateFormat();
  const columns = useMemo(() => columnsFor(formatDate), [formatDate]);
  // The read-only role reads the catalogue (a name opens the item, read-only) without the row actions.
  const canWrite = useCanWrite();
  const list = useCatalogListParams('name', PRODUCT_SORT_FIELDS);
  const { params, status } = list;
  const type = list.oneOf('type', ['product', 'service'] as const, '' as const);
  const query = useListProductsQuery({
    search: params.search || undefined,
    sort: params.sort,
    direction: params.direction,
    page: params.page,
    per_page: PER_PAGE,
    status,
    type: type || undefined,
  });

  return (
    <ListScaffold
      filters={
        <Group justify="space-between" gap="sm" wrap="wrap">
          <SearchField
            label="Search products and services"
            placeholder="Search by name, SKU or description"
            value={list.searchInput}
            onChange={list.setSearchInput}
            onClear={list.clearSearch}
            style={{ flex: '1 1 260px', maxWidth: 420 }}
          />
          <Group gap="sm">
            <SegmentedControl
              aria-label="Type"
              value={type}
              onChange={(value) => list.setFilter('type', value)}
              data={TYPE_OPTIONS}
            />
            <SegmentedControl
              aria-label="Status"
              value={status}
              onChange={(value) => list.setStatus(value as CatalogStatusFilter)}
              data={CATALOG_STATUS_OPTIONS}
            />
          </Group>
        </Group>
      }
      state={queryState(query)}
      errorTitle="Products could not be loaded"
      filtered={params.search !== '' || status !== 'active' || type !== ''}
      empty={{
        title: 'No products or services yet',
        message: canWrite
          ? 'Save what you sell once, with its price and tax, and fill invoice lines in one click.'
          : 'The products and services of the business will be listed here.',
        action: canWrite ? (
          <Group gap="sm" justify="center">
            <Button component={Link} to={paths.products.create} leftSection={<IconPlus size={16} aria-hidden />}>
              Add your first product or service
            </Button>
            <Button variant="default" onClick={onImport}>
              Import CSV
            </Button>
          </Group>
        ) : undefined,
      }}
      noMatch={{
        title: 'No matching items',
        message: params.search ? `Nothing matches "${params.search}".` : 'No items match these filters.',
        action: params.search ? (
          <Button variant="default" onClick={list.clearSearch}>
            Clear search
          </Button>
        ) : undefined,
      }}
      table={{
        label: 'Products and services',
        columns: canWrite ? columns : columns.filter((column) => column.key !== 'actions'),
        rowKey: (product) => product.id,
        sort: { field: params.sort, direction: params.direction },
        onSortChange: list.setSort,
        page: params.page,
        onPageChange: list.setPage,
      }}
    />
  );
}

/** /products: the catalogue. Tax rates and invoicing settings live under /user/settings (linked). */
export function ProductsPage() {
  const canWrite = useCanWrite();
  const [exportCsv] = useExportProductsCsvMutation();
  const [previewImport] = usePreviewProductImportMutation();
  const [runImport] = useImportProductsMutation();
  const [importOpen, setImportOpen] = useState(false);

  return (
    <>
      <PageHeader
        title="Products/Services"
        description="What you sell, at what price and with which tax."
        actions={
          <CatalogActions
            canWrite={canWrite}
            onImport={() => setImportOpen(true)}
            exportCsv={exportCsv}
            exportName="products"
            createTo={paths.products.create}
            createLabel="New product or service"
          />
        }
      />
      <Text size="sm" c="dimmed" mb="md">
        Tax rates and invoicing settings are in{' '}
        <Anchor component={Link} to={paths.settings.root} underline="always">
          Settings
        </Anchor>
        .
      </Text>
      <ProductsPanel onImport={() => setImportOpen(true)} />
      <CsvImportModal
        opened={canWrite && importOpen}
        onClose={() => setImportOpen(false)}
        noun="products and services"
        columns={PRODUCT_CSV_COLUMNS.filter(
          (column) => !(PRODUCT_CSV_EXPORT_ONLY as readonly string[]).includes(column),
        )}
        previewColumns={['name', 'sku', 'unit_price', 'tax_rate']}
        {...csvImportCalls(previewImport, runImport)}
      />
    </>
  );
}
