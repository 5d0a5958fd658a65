import type { FastifyInstance } from 'fastify';
import {
  CATALOG_MESSAGES,
  catalogMessageSchema,
  csvImportRequestSchema,
  idParamsSchema,
  importResultSchema,
  pickerQuerySchema,
  productImportPreviewSchema,
  productListQuerySchema,
  productPageSchema,
  productPickerResponseSchema,
  productRequestSchema,
  productResponseSchema,
} from '@ledgerleaf/domain';
import type { Deps } from '../../lib/context';
import { defineRoute, requireAuth } from '../../lib/route';
import { CATALOG_ERRORS as e, CSV_BODY_LIMIT_BYTES } from '../clients/clients.routes';
import * as products from './products.service';

export function registerProductRoutes(app: FastifyInstance, deps: Deps): void {
  const tags = ['products'];

  defineRoute(app, {
    method: 'GET',
    url: '/api/products',
    summary: 'Products and services: search (name, SKU, description), sort, pagination, status and type filters',
    tags,
    auth: true,
    query: productListQuerySchema,
    responses: { 200: { description: 'One page of products', schema: productPageSchema }, 401: e.unauthenticated, 422: e.validation },
    handler: ({ request, query }) => products.listProducts(deps, { auth: requireAuth(request), query }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/products/search',
    summary: "Product picker of the invoice editor: at most 20 active products matching q, with what a line needs",
    tags,
    auth: true,
    query: pickerQuerySchema,
    responses: { 200: { description: 'Matching products', schema: productPickerResponseSchema }, 401: e.unauthenticated, 422: e.validation },
    handler: ({ request, query }) => products.searchProducts(deps, { auth: requireAuth(request), query }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/products/export.csv',
    summary: 'Every product of the business as CSV (cells starting with = + - @ are prefixed with a quote)',
    tags,
    auth: true,
    responses: { 200: { description: 'text/csv' }, 401: e.unauthenticated },
    handler: async ({ request, reply }) => {
      const csv = await products.exportProductsCsv(deps, { auth: requireAuth(request) });
      void reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="products.csv"');
      return csv;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/products/import/preview',
    summary: 'Reads a CSV of products and answers every row with its errors; writes nothing',
    tags,
    auth: true,
    body: csvImportRequestSchema,
    bodyLimit: CSV_BODY_LIMIT_BYTES,
    responses: { 200: { description: 'Rows and their errors', schema: productImportPreviewSchema }, 401: e.unauthenticated, 413: e.tooLarge, 422: e.validation },
    handler: ({ request, body }) => products.previewProductImport(deps, { auth: requireAuth(request), csv: body.csv }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/products/import',
    summary: 'Imports a CSV of products in one transaction: any row error answers 422 and imports nothing',
    tags,
    auth: true,
    body: csvImportRequestSchema,
    bodyLimit: CSV_BODY_LIMIT_BYTES,
    responses: { 201: { description: 'Imported', schema: importResultSchema }, 401: e.unauthenticated, 413: e.tooLarge, 422: e.importErrors },
    handler: async ({ request, reply, body }) => {
      const result = await products.importProducts(deps, { auth: requireAuth(request), csv: body.csv });
      reply.code(201);
      return result;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/products',
    summary: 'Create a product or service',
    tags,
    auth: true,
    body: productRequestSchema,
    responses: { 201: { description: 'Created', schema: productResponseSchema }, 401: e.unauthenticated, 422: e.validation },
    handler: async ({ request, reply, body }) => {
      const data = await products.createProduct(deps, { auth: requireAuth(request), input: body });
      reply.code(201);
      return { data };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/products/:id',
    summary: 'A product or service',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: { 200: { description: 'The product', schema: productResponseSchema }, 401: e.unauthenticated, 404: e.notFound },
    handler: async ({ request, params }) => ({ data: await products.getProduct(deps, { auth: requireAuth(request), productId: params.id }) }),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/products/:id',
    summary: 'Replace a product or service',
    tags,
    auth: true,
    params: idParamsSchema,
    body: productRequestSchema,
    responses: { 200: { description: 'Updated', schema: productResponseSchema }, 401: e.unauthenticated, 404: e.notFound, 422: e.validation },
    handler: async ({ request, params, body }) => ({ data: await products.updateProduct(deps, { auth: requireAuth(request), productId: params.id, input: body }) }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/products/:id/archive',
    summary: 'Archive a product (hidden from the picker and the default list)',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: { 200: { description: 'Archived', schema: productResponseSchema }, 401: e.unauthenticated, 404: e.notFound },
    handler: async ({ request, params }) => ({ data: await products.setArchived(deps, { auth: requireAuth(request), productId: params.id, archived: true }), message: CATALOG_MESSAGES.archived }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/products/:id/restore',
    summary: 'Restore an archived product',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: { 200: { description: 'Restored', schema: productResponseSchema }, 401: e.unauthenticated, 404: e.notFound },
    handler: async ({ request, params }) => ({ data: await products.setArchived(deps, { auth: requireAuth(request), productId: params.id, archived: false }), message: CATALOG_MESSAGES.restored }),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/products/:id',
    summary: 'Delete a product not used on invoices (409 otherwise: archive it)',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: { 200: { description: 'Deleted', schema: catalogMessageSchema }, 401: e.unauthenticated, 404: e.notFound, 409: e.conflict },
    handler: async ({ request, params }) => {
      await products.deleteProduct(deps, { auth: requireAuth(request), productId: params.id });
      return { message: CATALOG_MESSAGES.deleted };
    },
  });
}
