import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  DYNAMIC_EXPORT_ROW_LIMIT,
  DYNAMIC_MESSAGES,
  DYNAMIC_PDF_ROW_LIMIT,
  DYNAMIC_SOURCE_LABELS,
  REPORT_FORMATS,
  describeDynamicDefinition,
  dynamicChoicesResponseSchema,
  dynamicDefinitionSchema,
  dynamicReportDuplicateSchema,
  dynamicReportRenameSchema,
  dynamicReportTable,
  dynamicResultSchema,
  idParamsSchema,
  savedDynamicReportInputSchema,
  savedDynamicReportListSchema,
  savedDynamicReportResponseSchema,
  type DynamicDefinition,
  type ReportFormat,
} from '@ledgerleaf/domain';
import { listDynamicChoiceNames } from '@ledgerleaf/db';
import type { Deps } from '../../lib/context';
import { ERROR_DOCS, errorDoc, fileDoc } from '../../lib/error-docs';
import { defineRoute, requireAuth } from '../../lib/route';
import { reportCsv, reportPdf, reportXlsx } from './report-export';
import { reportContext, type ReportContext } from './reports.service';
import { runDynamicReport } from './dynamic-reports.service';
import * as saved from './saved-reports.service';

const tags = ['reports'];
const notFound = errorDoc('No such saved report in the caller’s business');
const forbidden = errorDoc('A read-only role changing a saved report someone else saved');
const messageSchema = z.object({ message: z.string() });

const MEDIA = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;

/** A file name from a report's name: lower-case words joined by dashes, or `dynamic-report`. */
function slug(name: string): string {
  const words = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return words || 'dynamic-report';
}

/** Runs a definition with the exports' row limit and writes it as a file, its definition in words under the title. */
async function sendExport(
  reply: FastifyReply,
  ctx: ReportContext,
  definition: DynamicDefinition,
  name: string | null,
  format: ReportFormat,
) {
  const result = await runDynamicReport(
    ctx,
    definition,
    format === 'pdf' ? DYNAMIC_PDF_ROW_LIMIT : DYNAMIC_EXPORT_ROW_LIMIT,
  );
  const title = name ?? `Dynamic report: ${DYNAMIC_SOURCE_LABELS[definition.source]}`;
  const table = dynamicReportTable(result, definition, title);
  const report = {
    ...table,
    details: describeDynamicDefinition(definition),
    period: null,
    as_of: null,
    basis_label: null,
    time_zone: ctx.timeZone,
    summary: [],
  };
  const body =
    format === 'csv' ? reportCsv(report) : format === 'xlsx' ? await reportXlsx(report) : await reportPdf(report);
  void reply
    .type(MEDIA[format])
    .header('content-disposition', `attachment; filename="${slug(name ?? '')}-${ctx.today}.${format}"`)
    .header('cache-control', 'private, no-store');
  return body;
}

/**
 * Dynamic reports (issue 16): run a definition, export it, and the business's saved reports. Every
 * route is open to every role (access `read`): running and exporting change nothing, and anyone may
 * save a report of their own; changing a saved one (save over, rename, delete) needs a role that may
 * write or being the person who saved it (403 otherwise). Each saved report carries `can_edit`.
 */
export function registerDynamicReportRoutes(app: FastifyInstance, deps: Deps): void {
  defineRoute(app, {
    method: 'POST',
    url: '/api/dynamic-reports/run',
    summary:
      'Runs a dynamic report definition (source, columns, filters with SPEC.md’s match modes, sort, group-by with aggregates) compiled through the whitelist of fields per source, scoped to the business: at most 1,000 rows and the count of all; unknown fields, modes of the wrong type and values that do not parse answer 422 on their field',
    tags,
    auth: true,
    // Running a report changes nothing: read-only roles may.
    access: 'read',
    body: dynamicDefinitionSchema,
    responses: { 200: { description: 'The rows', schema: dynamicResultSchema }, 401: ERROR_DOCS.unauthenticated },
    handler: async ({ request, body }) => runDynamicReport(await reportContext(deps, requireAuth(request)), body),
  });

  for (const format of REPORT_FORMATS)
    defineRoute(app, {
      method: 'POST',
      url: `/api/dynamic-reports/export.${format}`,
      summary: `A dynamic report definition (not saved) as ${format.toUpperCase()}: the definition in words, the table (up to ${(format === 'pdf' ? DYNAMIC_PDF_ROW_LIMIT : DYNAMIC_EXPORT_ROW_LIMIT).toLocaleString('en-US')} rows) and its totals row`,
      tags,
      auth: true,
      access: 'read',
      body: dynamicDefinitionSchema,
      responses: { 200: fileDoc(`The ${format.toUpperCase()} file`, MEDIA[format]), 401: ERROR_DOCS.unauthenticated },
      handler: async ({ request, reply, body }) =>
        sendExport(reply, await reportContext(deps, requireAuth(request)), body, null, format),
    });

  defineRoute(app, {
    method: 'GET',
    url: '/api/dynamic-reports/choices',
    summary:
      'The names of the business’s own records that dynamic report fields name (pipeline stages, lead sources, lost reasons, activity types, archived ones last): what a filter on such a field picks from',
    tags,
    auth: true,
    responses: {
      200: { description: 'The names by kind', schema: dynamicChoicesResponseSchema },
      401: ERROR_DOCS.unauthenticated,
    },
    handler: async ({ request }) => ({
      data: await listDynamicChoiceNames(deps.db, { businessId: requireAuth(request).businessId }),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/dynamic-reports',
    summary: 'The business’s saved dynamic reports by name (at most 500), each with whether the caller may change it',
    tags,
    auth: true,
    responses: {
      200: { description: 'The saved reports', schema: savedDynamicReportListSchema },
      401: ERROR_DOCS.unauthenticated,
    },
    handler: async ({ request }) => ({ data: await saved.listSaved(deps, requireAuth(request)) }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/dynamic-reports',
    summary:
      'Saves a dynamic report for the business: a name and a definition (checked as the run route checks it). Every role may save one; the person who saved it may change it',
    tags,
    auth: true,
    access: 'read',
    body: savedDynamicReportInputSchema,
    responses: {
      201: { description: 'Saved', schema: savedDynamicReportResponseSchema },
      401: ERROR_DOCS.unauthenticated,
    },
    handler: async ({ request, reply, body }) => {
      const data = await saved.createSaved(deps, requireAuth(request), body);
      reply.code(201);
      return { data, message: DYNAMIC_MESSAGES.saved };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/dynamic-reports/:id',
    summary: 'One saved dynamic report: its name, definition, who saved it and whether the caller may change it',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: {
      200: { description: 'The saved report', schema: savedDynamicReportResponseSchema },
      401: ERROR_DOCS.unauthenticated,
      404: notFound,
    },
    handler: async ({ request, params }) => ({ data: await saved.getSaved(deps, requireAuth(request), params.id) }),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/dynamic-reports/:id',
    summary:
      'Saves over a saved dynamic report (name and definition). A read-only role may only change the reports it saved itself (403 otherwise)',
    tags,
    auth: true,
    access: 'read',
    params: idParamsSchema,
    body: savedDynamicReportInputSchema,
    responses: {
      200: { description: 'Saved', schema: savedDynamicReportResponseSchema },
      401: ERROR_DOCS.unauthenticated,
      403: forbidden,
      404: notFound,
    },
    handler: async ({ request, params, body }) => ({
      data: await saved.replaceSaved(deps, requireAuth(request), params.id, body),
      message: DYNAMIC_MESSAGES.saved,
    }),
  });

  defineRoute(app, {
    method: 'PATCH',
    url: '/api/dynamic-reports/:id',
    summary: 'Renames a saved dynamic report (the same rule as saving over it)',
    tags,
    auth: true,
    access: 'read',
    params: idParamsSchema,
    body: dynamicReportRenameSchema,
    responses: {
      200: { description: 'Renamed', schema: savedDynamicReportResponseSchema },
      401: ERROR_DOCS.unauthenticated,
      403: forbidden,
      404: notFound,
    },
    handler: async ({ request, params, body }) => ({
      data: await saved.renameSaved(deps, requireAuth(request), params.id, body.name),
      message: DYNAMIC_MESSAGES.renamed,
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/dynamic-reports/:id/duplicate',
    summary:
      'Copies a saved dynamic report as the caller’s own ("<name> (copy)" unless a name is given); every role may',
    tags,
    auth: true,
    access: 'read',
    params: idParamsSchema,
    body: dynamicReportDuplicateSchema,
    responses: {
      201: { description: 'The copy', schema: savedDynamicReportResponseSchema },
      401: ERROR_DOCS.unauthenticated,
      404: notFound,
    },
    handler: async ({ request, reply, params, body }) => {
      const data = await saved.duplicateSaved(deps, requireAuth(request), params.id, body.name);
      reply.code(201);
      return { data, message: DYNAMIC_MESSAGES.duplicated };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/dynamic-reports/:id',
    summary: 'Deletes a saved dynamic report (the same rule as saving over it)',
    tags,
    auth: true,
    access: 'read',
    params: idParamsSchema,
    responses: {
      200: { description: 'Deleted', schema: messageSchema },
      401: ERROR_DOCS.unauthenticated,
      403: forbidden,
      404: notFound,
    },
    handler: async ({ request, params }) => {
      await saved.deleteSaved(deps, requireAuth(request), params.id);
      return { message: DYNAMIC_MESSAGES.deleted };
    },
  });

  for (const format of REPORT_FORMATS)
    defineRoute(app, {
      method: 'GET',
      url: `/api/dynamic-reports/:id/export.${format}`,
      summary: `A saved dynamic report as ${format.toUpperCase()}: its name, the definition in words, the table (up to ${(format === 'pdf' ? DYNAMIC_PDF_ROW_LIMIT : DYNAMIC_EXPORT_ROW_LIMIT).toLocaleString('en-US')} rows) and its totals row; a report saved before one of today’s rules (a sum of dates) answers 422 on its field, as the run route would`,
      tags,
      auth: true,
      params: idParamsSchema,
      responses: {
        200: fileDoc(`The ${format.toUpperCase()} file`, MEDIA[format]),
        401: ERROR_DOCS.unauthenticated,
        404: notFound,
        422: ERROR_DOCS.validation,
      },
      handler: async ({ request, reply, params }) => {
        const caller = requireAuth(request);
        const { name, definition } = await saved.savedDefinition(deps, caller, params.id);
        return sendExport(reply, await reportContext(deps, caller), definition, name, format);
      },
    });
}
