import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CATALOG_MESSAGES,
  catalogMessageSchema,
  CSV_MAX_LENGTH,
  errorResponseSchema,
  csvImportRequestSchema,
  idParamsSchema,
  importErrorResponseSchema,
  importResultSchema,
  pickerQuerySchema,
  type FieldErrors,
  type ImportResult,
  type PickerQuery,
} from '@ledgerleaf/domain';
import type { AuthContext } from './context';
import { AppError } from './errors';
import { ERROR_DOCS, errorDoc, fileDoc } from './error-docs';
import { defineRoute, requireAuth } from './route';

export const CATALOG_ERRORS = {
  ...ERROR_DOCS,
  conflict: errorDoc('In use: archive instead'),
  /** A body that does not parse answers `{ message, errors }`; rows with errors add `rows`. */
  importErrors: {
    description: 'Invalid body (`{ message, errors }`), or rows with errors: nothing was imported (`rows` too)',
    schema: z.union([importErrorResponseSchema, errorResponseSchema]),
  },
};

/** The 422 of an import with errors: `errors` keyed `rows.<line>.<column>` (and `csv`), plus the rows with their errors. */
export function importError(preview: {
  errors: FieldErrors;
  rows: Array<{ row: number; errors: FieldErrors }>;
}): AppError {
  const errors: FieldErrors = { ...preview.errors };
  const rows = preview.rows.filter((row) => Object.keys(row.errors).length > 0);
  for (const row of rows)
    for (const [field, messages] of Object.entries(row.errors)) errors[`rows.${row.row}.${field}`] = messages;
  return new AppError(422, CATALOG_MESSAGES.importHasErrors, {
    errors,
    extra: { rows: rows.map((row) => ({ row: row.row, errors: row.errors })) },
  });
}
/** JSON body limit of CSV imports: 2,000,000 characters of CSV, escaped in JSON, plus room. */
export const CSV_BODY_LIMIT_BYTES = CSV_MAX_LENGTH * 2 + 64 * 1024;

/**
 * A catalogue record type (clients, products and services) and what its routes need: the same eleven
 * routes for each (list, picker search, CSV export, import preview, import, create, read, replace,
 * archive, restore, delete), with the record's own contracts, wording and service.
 */
export interface CatalogResource<ListQuery extends z.ZodType, Request extends z.ZodType, Record> {
  /** `/api/clients` */
  base: string;
  /** OpenAPI tag and CSV file name: `clients`. */
  plural: string;
  schemas: {
    listQuery: ListQuery;
    page: z.ZodType;
    picker: z.ZodType;
    preview: z.ZodType;
    request: Request;
    response: z.ZodType;
  };
  summaries: {
    list: string;
    search: string;
    create: string;
    get: string;
    update: string;
    archive: string;
    restore: string;
    remove: string;
    export: string;
    preview: string;
    import: string;
  };
  service: {
    list(auth: AuthContext, query: z.output<ListQuery>): Promise<unknown>;
    search(auth: AuthContext, query: PickerQuery): Promise<unknown>;
    exportCsv(auth: AuthContext): Promise<string>;
    previewImport(auth: AuthContext, csv: string): Promise<unknown>;
    importCsv(auth: AuthContext, csv: string): Promise<ImportResult>;
    create(auth: AuthContext, input: z.output<Request>): Promise<Record>;
    get(auth: AuthContext, id: number): Promise<Record>;
    update(auth: AuthContext, id: number, input: z.output<Request>): Promise<Record>;
    setArchived(auth: AuthContext, id: number, archived: boolean): Promise<Record>;
    remove(auth: AuthContext, id: number): Promise<void>;
  };
}

/** Registers the routes of a catalogue record type (see CatalogResource). */
export function registerCatalogResource<ListQuery extends z.ZodType, Request extends z.ZodType, Record>(
  app: FastifyInstance,
  resource: CatalogResource<ListQuery, Request, Record>,
): void {
  const { base, schemas, summaries: say, service } = resource;
  const tags = [resource.plural];
  const e = CATALOG_ERRORS;

  defineRoute(app, {
    method: 'GET',
    url: base,
    summary: say.list,
    tags,
    auth: true,
    query: schemas.listQuery,
    responses: {
      200: { description: `One page of ${resource.plural}`, schema: schemas.page },
      422: e.validation,
    },
    // BodyOf<ListQuery> is z.output<ListQuery>; TypeScript cannot see it through the generic.
    handler: ({ request, query }) => service.list(requireAuth(request), query as z.output<ListQuery>),
  });

  defineRoute(app, {
    method: 'GET',
    url: `${base}/search`,
    summary: say.search,
    tags,
    auth: true,
    query: pickerQuerySchema,
    responses: {
      200: { description: `Matching ${resource.plural}`, schema: schemas.picker },
      422: e.validation,
    },
    handler: ({ request, query }) => service.search(requireAuth(request), query),
  });

  defineRoute(app, {
    method: 'GET',
    url: `${base}/export.csv`,
    summary: say.export,
    tags,
    auth: true,
    responses: { 200: fileDoc('The CSV file', 'text/csv; charset=utf-8') },
    handler: async ({ request, reply }) => {
      const csv = await service.exportCsv(requireAuth(request));
      void reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${resource.plural}.csv"`);
      return csv;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${base}/import/preview`,
    summary: say.preview,
    tags,
    auth: true,
    body: csvImportRequestSchema,
    bodyLimit: CSV_BODY_LIMIT_BYTES,
    responses: {
      200: { description: 'Rows and their errors', schema: schemas.preview },
      413: e.tooLarge,
      422: e.validation,
    },
    handler: ({ request, body }) => service.previewImport(requireAuth(request), body.csv),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${base}/import`,
    summary: say.import,
    tags,
    auth: true,
    body: csvImportRequestSchema,
    bodyLimit: CSV_BODY_LIMIT_BYTES,
    responses: {
      201: { description: 'Imported', schema: importResultSchema },
      413: e.tooLarge,
      422: e.importErrors,
    },
    handler: async ({ request, reply, body }) => {
      const result = await service.importCsv(requireAuth(request), body.csv);
      reply.code(201);
      return result;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: base,
    summary: say.create,
    tags,
    auth: true,
    body: schemas.request,
    responses: { 201: { description: 'Created', schema: schemas.response }, 422: e.validation },
    handler: async ({ request, reply, body }) => {
      const data = await service.create(requireAuth(request), body as z.output<Request>);
      reply.code(201);
      return { data };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${base}/:id`,
    summary: say.get,
    tags,
    auth: true,
    params: idParamsSchema,
    responses: {
      200: { description: 'The record', schema: schemas.response },
      404: e.notFound,
    },
    handler: async ({ request, params }) => ({ data: await service.get(requireAuth(request), params.id) }),
  });

  defineRoute(app, {
    method: 'PUT',
    url: `${base}/:id`,
    summary: say.update,
    tags,
    auth: true,
    params: idParamsSchema,
    body: schemas.request,
    responses: {
      200: { description: 'Updated', schema: schemas.response },
      404: e.notFound,
      422: e.validation,
    },
    handler: async ({ request, params, body }) => ({
      data: await service.update(requireAuth(request), params.id, body as z.output<Request>),
    }),
  });

  for (const [action, archived] of [
    ['archive', true],
    ['restore', false],
  ] as const) {
    defineRoute(app, {
      method: 'POST',
      url: `${base}/:id/${action}`,
      summary: say[action],
      tags,
      auth: true,
      params: idParamsSchema,
      responses: {
        200: { description: archived ? 'Archived' : 'Restored', schema: schemas.response },
        404: e.notFound,
      },
      handler: async ({ request, params }) => ({
        data: await service.setArchived(requireAuth(request), params.id, archived),
        message: archived ? CATALOG_MESSAGES.archived : CATALOG_MESSAGES.restored,
      }),
    });
  }

  defineRoute(app, {
    method: 'DELETE',
    url: `${base}/:id`,
    summary: say.remove,
    tags,
    auth: true,
    params: idParamsSchema,
    responses: {
      200: { description: 'Deleted', schema: catalogMessageSchema },
      404: e.notFound,
      409: e.conflict,
    },
    handler: async ({ request, params }) => {
      await service.remove(requireAuth(request), params.id);
      return { message: CATALOG_MESSAGES.deleted };
    },
  });
}
