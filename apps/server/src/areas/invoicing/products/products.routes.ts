import type { FastifyInstance } from 'fastify';
import {
  productImportPreviewSchema,
  productListQuerySchema,
  productPageSchema,
  productPickerResponseSchema,
  productRequestSchema,
  productResponseSchema,
} from '@ledgerleaf/domain';
import type { Deps } from '../../../lib/context';
import { registerCatalogResource } from '../../../lib/catalog-routes';
import * as products from './products.service';

export function registerProductRoutes(app: FastifyInstance, deps: Deps): void {
  registerCatalogResource(app, {
    base: '/api/products',
    plural: 'products',
    schemas: {
      listQuery: productListQuerySchema,
      page: productPageSchema,
      picker: productPickerResponseSchema,
      preview: productImportPreviewSchema,
      request: productRequestSchema,
      response: productResponseSchema,
    },
    summaries: {
      list: 'Products and services: search (name, SKU, description), sort, pagination, status and type filters',
      search: 'Product picker of the invoice editor: at most 20 active products matching q, with what a line needs',
      export: 'Every product of the business as CSV (cells starting with = + - @ are prefixed with a quote)',
      preview: 'Reads a CSV of products and answers every row with its errors; writes nothing',
      import: 'Imports a CSV of products in one transaction: any row error answers 422 and imports nothing',
      create: 'Create a product or service',
      get: 'A product or service',
      update: 'Replace a product or service',
      archive: 'Archive a product (hidden from the picker and the default list)',
      restore: 'Restore an archived product',
      remove: 'Delete a product not used on invoices (409 otherwise: archive it)',
    },
    service: {
      list: (auth, query) => products.listProducts(deps, { auth, query }),
      search: (auth, query) => products.searchProducts(deps, { auth, query }),
      exportCsv: (auth) => products.exportProductsCsv(deps, { auth }),
      previewImport: (auth, csv) => products.previewProductImport(deps, { auth, csv }),
      importCsv: (auth, csv) => products.importProducts(deps, { auth, csv }),
      create: (auth, input) => products.createProduct(deps, { auth, input }),
      get: (auth, productId) => products.getProduct(deps, { auth, productId }),
      update: (auth, productId, input) => products.updateProduct(deps, { auth, productId, input }),
      setArchived: (auth, productId, archived) => products.setArchived(deps, { auth, productId, archived }),
      remove: (auth, productId) => products.deleteProduct(deps, { auth, productId }),
    },
  });
}
