import {
  Autocomplete,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { CATALOG_MESSAGES, MAX_AMOUNT, PRODUCT_UNITS, type Product, type TaxRate } from '@ledgerleaf/domain';
import {
  useCanWrite,
  useCreateProductMutation,
  useGetProductQuery,
  useListTaxRatesQuery,
  useRestoreProductMutation,
  useUpdateProductMutation,
  loadErrorMessage,
  paths,
  queryState,
  splitServerErrors,
  type RequestError,
} from '@ledgerleaf/api';
import { PageHeader, useToast, LoadError } from '@ledgerleaf/ui';
import { RecordNotFound, useRouteId, useRecordForm } from '@ledgerleaf/ui/routing';
import { CatalogEditFrame, FormActions, FormFields, FormSection, FormSkeleton } from '../shared/record-form';
import { formatPercent } from '../shared/format';
import {
  emptyProductValues,
  isProductField,
  productToValues,
  productValuesToRequest,
  validateProduct,
  withProductType,
  type ProductFormValues,
} from './product-form';

function taxRateOptions(rates: TaxRate[], current: Product['default_tax_rate'] | null | undefined) {
  const options = [
    { value: '', label: 'No tax' },
    ...rates.map((rate) => ({ value: String(rate.id), label: `${rate.name} (${formatPercent(rate.rate)})` })),
  ];
  // A product may still point at a rate archived since: keep it selectable so saving does not drop it silently.
  if (current && !rates.some((rate) => rate.id === current.id))
    options.push({ value: String(current.id), label: `${current.name} (${formatPercent(current.rate)}, archived)` });
  return options;
}

/** With `readOnly` (an existing item and the read-only role) the form is the item's view: every field off, no save. */
function ProductForm({
  product,
  taxRates,
  readOnly = false,
}: {
  product?: Product;
  taxRates: TaxRate[];
  readOnly?: boolean;
}) {
  const toast = useToast();
  const [createProduct] = useCreateProductMutation();
  const [updateProduct] = useUpdateProductMutation();
  const defaultRate = taxRates.find((rate) => rate.is_default)?.id ?? null;
  const { form, formError, saving, onSubmit } = useRecordForm<ProductFormValues, Product, RequestError>({
    initialValues: product ? productToValues(product) : emptyProductValues(defaultRate),
    validate: validateProduct,
    save: (valid) => {
      const body = productValuesToRequest(valid);
      return product ? updateProduct({ id: product.id, body }) : createProduct(body);
    },
    serverErrors: (error) => splitServerErrors(error, isProductField, 'The product could not be saved.'),
    onSaved: (saved, valid) => {
      toast.show({
        severity: 'success',
        summary: product ? 'Product saved' : valid.type === 'service' ? 'Service created' : 'Product created',
        detail: saved.name,
      });
      return paths.products.list;
    },
  });
  const values = form.getValues();

  return (
    <FormFields onSubmit={onSubmit} formError={formError} readOnly={readOnly}>
      <FormSection title="Details">
        <SegmentedControl
          aria-label="Type"
          value={values.type}
          onChange={(value) => {
            const type = value as ProductFormValues['type'];
            // A new item's unit follows its type until the person picks one (issue 27 item 14).
            if (product) form.setFieldValue('type', type);
            else form.setValues(withProductType(form.getValues(), type));
          }}
          data={[
            { label: 'Service', value: 'service' },
            { label: 'Product', value: 'product' },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        <TextInput label="Name" required maxLength={255} {...form.getInputProps('name')} />
        <Textarea
          label="Description"
          description="Shown on invoice lines."
          autosize
          minRows={2}
          maxRows={8}
          {...form.getInputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <NumberInput
            label="Unit price"
            required
            prefix="$"
            placeholder="$0.00"
            thousandSeparator=","
            decimalScale={2}
            fixedDecimalScale
            allowNegative={false}
            max={MAX_AMOUNT}
            min={0}
            hideControls
            inputMode="decimal"
            {...form.getInputProps('unit_price')}
          />
          <Autocomplete
            label="Unit"
            required
            data={[...PRODUCT_UNITS]}
            maxLength={32}
            {...form.getInputProps('unit')}
          />
          <Select
            label="Default tax rate"
            data={taxRateOptions(taxRates, product?.default_tax_rate)}
            allowDeselect={false}
            {...form.getInputProps('default_tax_rate_id')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <TextInput
            label="SKU"
            description="Your own code, unique per business"
            maxLength={64}
            {...form.getInputProps('sku')}
          />
        </SimpleGrid>
        <Switch
          label="Active"
          description="Inactive items are not offered when you add invoice lines."
          {...form.getInputProps('is_active', { type: 'checkbox' })}
        />
      </FormSection>
      <FormActions
        cancelTo={paths.products.list}
        submitLabel={product ? 'Save changes' : values.type === 'service' ? 'Create service' : 'Create product'}
        saving={saving}
        readOnly={readOnly}
      />
    </FormFields>
  );
}

const PRODUCT_FORM_CARDS = [5];

/** /products/create */
export function ProductCreatePage() {
  const taxRates = useListTaxRatesQuery();
  return (
    <>
      <PageHeader
        title="New product or service"
        description="Items you sell, with the price and tax they start with on an invoice line."
      />
      {taxRates.isLoading ? (
        <FormSkeleton cards={PRODUCT_FORM_CARDS} />
      ) : taxRates.isError ? (
        <LoadError
          title="Tax rates could not be loaded"
          message={loadErrorMessage(taxRates.error)}
          onRetry={() => void taxRates.refetch()}
        />
      ) : (
        <ProductForm taxRates={taxRates.data ?? []} />
      )}
    </>
  );
}

/** /products/:id/edit */
export function ProductEditPage() {
  const { id, valid } = useRouteId();
  const product = useGetProductQuery(id, { skip: !valid });
  const taxRates = useListTaxRatesQuery();
  const [restore, restoreState] = useRestoreProductMutation();
  // The read-only role opens an item here too (the list links its name): it reads the item and changes nothing.
  const readOnly = !useCanWrite();
  const productState = queryState(product);

  if (!valid || productState.notFound) {
    return (
      <RecordNotFound
        title={CATALOG_MESSAGES.productNotFound}
        backTo={paths.products.list}
        backLabel="Back to products"
      />
    );
  }
  // The form needs the product and the tax rates it offers: it waits for both, and a failure of either stops it.
  const rates = queryState(taxRates);
  const state = {
    ...productState,
    loading: productState.loading || rates.loading,
    error: productState.error ?? rates.error,
    retry: () => {
      productState.retry();
      rates.retry();
    },
  };
  return (
    <CatalogEditFrame
      record={product.data}
      noun="product"
      archivedWhat="item"
      readOnly={readOnly}
      onRestore={(productId) => void restore(productId)}
      restoring={restoreState.isLoading}
      state={state}
      errorTitle="The product could not be loaded"
      skeletonCards={PRODUCT_FORM_CARDS}
    >
      {(loaded) => <ProductForm key={loaded.id} product={loaded} taxRates={taxRates.data ?? []} readOnly={readOnly} />}
    </CatalogEditFrame>
  );
}
