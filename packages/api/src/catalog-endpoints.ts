import type {
  Client,
  ClientImportPreview,
  ClientListQueryInput,
  ClientPage,
  ClientPickerResponse,
  ClientRequestInput,
  ClientResponse,
  CsvImportRequest,
  ImportResult,
  InvoicingSettings,
  InvoicingSettingsResponse,
  PickerQuery,
  Product,
  ProductImportPreview,
  ProductListQueryInput,
  ProductPage,
  ProductPickerResponse,
  ProductRequestInput,
  ProductResponse,
  TaxRate,
  TaxRateListQuery,
  TaxRateListResponse,
  TaxRateRequestInput,
  TaxRateResponse,
} from '@ledgerleaf/domain';
import { api } from './api';

/** A `{ message }` answer (delete). */
export interface CatalogMessage {
  message: string;
}

/** Query string of a list call, without empty values (the server applies its defaults). */
export function listParams(query: object): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params[key] = typeof value === 'number' ? value : String(value);
  }
  return params;
}

/**
 * Clients, products and services, tax rates and the invoicing settings. Lists are tagged `LIST`,
 * records by id; every write invalidates the list it changes. A tax rate change also refreshes
 * products, which embed their default rate.
 */
export const catalogApi = api
  .enhanceEndpoints({ addTagTypes: ['Client', 'Product', 'TaxRate', 'InvoicingSettings'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listClients: build.query<ClientPage, ClientListQueryInput>({
        query: (query) => ({ url: '/api/clients', params: listParams(query) }),
        providesTags: (result) => [
          { type: 'Client' as const, id: 'LIST' },
          ...(result?.data ?? []).map((client) => ({ type: 'Client' as const, id: client.id })),
        ],
      }),
      searchClients: build.query<ClientPickerResponse, Partial<PickerQuery>>({
        query: (query) => ({ url: '/api/clients/search', params: listParams(query) }),
        providesTags: [{ type: 'Client', id: 'LIST' }],
      }),
      getClient: build.query<Client, number>({
        query: (id) => `/api/clients/${id}`,
        transformResponse: (response: ClientResponse) => response.data,
        providesTags: (_result, _error, id) => [{ type: 'Client', id }],
      }),
      createClient: build.mutation<Client, ClientRequestInput>({
        query: (body) => ({ url: '/api/clients', method: 'POST', body }),
        transformResponse: (response: ClientResponse) => response.data,
        invalidatesTags: [{ type: 'Client', id: 'LIST' }],
      }),
      updateClient: build.mutation<Client, { id: number; body: ClientRequestInput }>({
        query: ({ id, body }) => ({ url: `/api/clients/${id}`, method: 'PUT', body }),
        transformResponse: (response: ClientResponse) => response.data,
        invalidatesTags: (_result, _error, { id }) => [
          { type: 'Client', id: 'LIST' },
          { type: 'Client', id },
        ],
      }),
      archiveClient: build.mutation<Client, number>({
        transformResponse: (response: ClientResponse) => response.data,
        query: (id) => ({ url: `/api/clients/${id}/archive`, method: 'POST' }),
        invalidatesTags: (_result, _error, id) => [
          { type: 'Client', id: 'LIST' },
          { type: 'Client', id },
        ],
      }),
      restoreClient: build.mutation<Client, number>({
        transformResponse: (response: ClientResponse) => response.data,
        query: (id) => ({ url: `/api/clients/${id}/restore`, method: 'POST' }),
        invalidatesTags: (_result, _error, id) => [
          { type: 'Client', id: 'LIST' },
          { type: 'Client', id },
        ],
      }),
      deleteClient: build.mutation<CatalogMessage, number>({
        query: (id) => ({ url: `/api/clients/${id}`, method: 'DELETE' }),
        invalidatesTags: [{ type: 'Client', id: 'LIST' }],
      }),
      /** The CSV text of every client, archived ones included. A mutation: a download is never cached. */
      exportClientsCsv: build.mutation<string, void>({
        query: () => ({ url: '/api/clients/export.csv', responseHandler: 'text' }),
      }),
      previewClientImport: build.mutation<ClientImportPreview, CsvImportRequest>({
        query: (body) => ({ url: '/api/clients/import/preview', method: 'POST', body }),
      }),
      importClients: build.mutation<ImportResult, CsvImportRequest>({
        query: (body) => ({ url: '/api/clients/import', method: 'POST', body }),
        invalidatesTags: [{ type: 'Client', id: 'LIST' }],
      }),

      listProducts: build.query<ProductPage, ProductListQueryInput>({
        query: (query) => ({ url: '/api/products', params: listParams(query) }),
        providesTags: (result) => [
          { type: 'Product' as const, id: 'LIST' },
          ...(result?.data ?? []).map((product) => ({ type: 'Product' as const, id: product.id })),
        ],
      }),
      searchProducts: build.query<ProductPickerResponse, Partial<PickerQuery>>({
        query: (query) => ({ url: '/api/products/search', params: listParams(query) }),
        providesTags: [{ type: 'Product', id: 'LIST' }],
      }),
      getProduct: build.query<Product, number>({
        query: (id) => `/api/products/${id}`,
        transformResponse: (response: ProductResponse) => response.data,
        providesTags: (_result, _error, id) => [{ type: 'Product', id }],
      }),
      createProduct: build.mutation<Product, ProductRequestInput>({
        query: (body) => ({ url: '/api/products', method: 'POST', body }),
        transformResponse: (response: ProductResponse) => response.data,
        invalidatesTags: [
          { type: 'Product', id: 'LIST' },
          { type: 'TaxRate', id: 'LIST' },
        ],
      }),
      updateProduct: build.mutation<Product, { id: number; body: ProductRequestInput }>({
        query: ({ id, body }) => ({ url: `/api/products/${id}`, method: 'PUT', body }),
        transformResponse: (response: ProductResponse) => response.data,
        invalidatesTags: (_result, _error, { id }) => [
          { type: 'Product', id: 'LIST' },
          { type: 'Product', id },
          { type: 'TaxRate', id: 'LIST' },
        ],
      }),
      archiveProduct: build.mutation<Product, number>({
        transformResponse: (response: ProductResponse) => response.data,
        query: (id) => ({ url: `/api/products/${id}/archive`, method: 'POST' }),
        invalidatesTags: (_result, _error, id) => [
          { type: 'Product', id: 'LIST' },
          { type: 'Product', id },
        ],
      }),
      restoreProduct: build.mutation<Product, number>({
        transformResponse: (response: ProductResponse) => response.data,
        query: (id) => ({ url: `/api/products/${id}/restore`, method: 'POST' }),
        invalidatesTags: (_result, _error, id) => [
          { type: 'Product', id: 'LIST' },
          { type: 'Product', id },
        ],
      }),
      deleteProduct: build.mutation<CatalogMessage, number>({
        query: (id) => ({ url: `/api/products/${id}`, method: 'DELETE' }),
        invalidatesTags: [
          { type: 'Product', id: 'LIST' },
          { type: 'TaxRate', id: 'LIST' },
        ],
      }),
      /** The CSV text of every product and service. */
      exportProductsCsv: build.mutation<string, void>({
        query: () => ({ url: '/api/products/export.csv', responseHandler: 'text' }),
      }),
      previewProductImport: build.mutation<ProductImportPreview, CsvImportRequest>({
        query: (body) => ({ url: '/api/products/import/preview', method: 'POST', body }),
      }),
      importProducts: build.mutation<ImportResult, CsvImportRequest>({
        query: (body) => ({ url: '/api/products/import', method: 'POST', body }),
        invalidatesTags: [
          { type: 'Product', id: 'LIST' },
          { type: 'TaxRate', id: 'LIST' },
        ],
      }),

      listTaxRates: build.query<TaxRate[], Partial<TaxRateListQuery> | void>({
        query: (query) => ({ url: '/api/tax-rates', params: listParams(query ?? {}) }),
        transformResponse: (response: TaxRateListResponse) => response.data,
        providesTags: [{ type: 'TaxRate', id: 'LIST' }],
      }),
      createTaxRate: build.mutation<TaxRate, TaxRateRequestInput>({
        query: (body) => ({ url: '/api/tax-rates', method: 'POST', body }),
        transformResponse: (response: TaxRateResponse) => response.data,
        invalidatesTags: [{ type: 'TaxRate', id: 'LIST' }],
      }),
      updateTaxRate: build.mutation<TaxRate, { id: number; body: TaxRateRequestInput }>({
        query: ({ id, body }) => ({ url: `/api/tax-rates/${id}`, method: 'PUT', body }),
        transformResponse: (response: TaxRateResponse) => response.data,
        invalidatesTags: [{ type: 'TaxRate', id: 'LIST' }, 'Product'],
      }),
      archiveTaxRate: build.mutation<TaxRate, number>({
        transformResponse: (response: TaxRateResponse) => response.data,
        query: (id) => ({ url: `/api/tax-rates/${id}/archive`, method: 'POST' }),
        invalidatesTags: [{ type: 'TaxRate', id: 'LIST' }, 'Product'],
      }),
      restoreTaxRate: build.mutation<TaxRate, number>({
        transformResponse: (response: TaxRateResponse) => response.data,
        query: (id) => ({ url: `/api/tax-rates/${id}/restore`, method: 'POST' }),
        invalidatesTags: [{ type: 'TaxRate', id: 'LIST' }],
      }),
      deleteTaxRate: build.mutation<CatalogMessage, number>({
        query: (id) => ({ url: `/api/tax-rates/${id}`, method: 'DELETE' }),
        invalidatesTags: [{ type: 'TaxRate', id: 'LIST' }],
      }),

      getInvoicingSettings: build.query<InvoicingSettings, void>({
        query: () => '/api/settings/invoicing',
        transformResponse: (response: InvoicingSettingsResponse) => response.data,
        providesTags: ['InvoicingSettings'],
      }),
      updateInvoicingSettings: build.mutation<InvoicingSettings, InvoicingSettings>({
        query: (body) => ({ url: '/api/settings/invoicing', method: 'PUT', body }),
        transformResponse: (response: InvoicingSettingsResponse) => response.data,
        invalidatesTags: ['InvoicingSettings'],
      }),
    }),
  });

export const {
  useListClientsQuery,
  useSearchClientsQuery,
  useLazySearchClientsQuery,
  useGetClientQuery,
  useCreateClientMutation,
  useUpdateClientMutation,
  useArchiveClientMutation,
  useRestoreClientMutation,
  useDeleteClientMutation,
  useExportClientsCsvMutation,
  usePreviewClientImportMutation,
  useImportClientsMutation,
  useListProductsQuery,
  useSearchProductsQuery,
  useLazySearchProductsQuery,
  useGetProductQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useArchiveProductMutation,
  useRestoreProductMutation,
  useDeleteProductMutation,
  useExportProductsCsvMutation,
  usePreviewProductImportMutation,
  useImportProductsMutation,
  useListTaxRatesQuery,
  useCreateTaxRateMutation,
  useUpdateTaxRateMutation,
  useArchiveTaxRateMutation,
  useRestoreTaxRateMutation,
  useDeleteTaxRateMutation,
  useGetInvoicingSettingsQuery,
  useUpdateInvoicingSettingsMutation,
} = catalogApi;
