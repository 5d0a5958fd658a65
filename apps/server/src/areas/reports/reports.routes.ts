import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  REPORTS,
  REPORT_KINDS,
  REPORT_RECORD_KINDS,
  REPORT_FORMATS,
  reportKindSchema,
  reportListSchema,
  reportQuerySchema,
  reportRecordsQuerySchema,
  reportRecordsSchema,
  reportSchema,
} from '@ledgerleaf/domain';
import type { Deps } from '../../lib/context';
import { ERROR_DOCS, errorDoc, fileDoc } from '../../lib/error-docs';
import { defineRoute, requireAuth } from '../../lib/route';
import { recordsCsvStream, recordsXlsxStream, reportCsv, reportPdf, reportXlsx } from './report-export';
import { recordsPage, recordsStream } from './report-records';
import { buildReport, reportContext } from './reports.service';

const tags = ['reports'];
const notFound = errorDoc('No such report (or record list)');
const reportParams = z.object({ report: reportKindSchema });
const recordParams = z.object({ kind: z.enum(REPORT_RECORD_KINDS) });

const MEDIA = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;

/** The standard reports (issue 16): every role reads and exports them. Endpoint table: areas/reports/README.md. */
export function registerReportRoutes(app: FastifyInstance, deps: Deps): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/reports',
    summary: 'The standard reports: what each is, whether it takes a range or an "as of" date, its bases and groupings',
    tags,
    auth: true,
    responses: { 200: { description: 'The reports', schema: reportListSchema }, 401: ERROR_DOCS.unauthenticated },
    handler: async () => ({
      data: REPORT_KINDS.map((report) => ({
        report,
        title: REPORTS[report].title,
        description: REPORTS[report].description,
        as_of: REPORTS[report].asOf === true,
        range: REPORTS[report].asOf !== true && REPORTS[report].noRange !== true,
        bases: [...(REPORTS[report].bases ?? [])],
        groups: [...(REPORTS[report].groups ?? [])],
      })),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/reports/records/:kind',
    summary:
      'The records behind a report row, a page: invoices issued from..to (client, product, tax), or open on as_of in an aging bucket; payments dated from..to (client, method, tax)',
    tags,
    auth: true,
    params: recordParams,
    query: reportRecordsQuerySchema,
    responses: {
      200: { description: 'A page of records with their totals', schema: reportRecordsSchema },
      401: ERROR_DOCS.unauthenticated,
      404: notFound,
    },
    handler: async ({ request, params, query }) =>
      recordsPage(await reportContext(deps, requireAuth(request)), params.kind, query),
  });

  for (const format of ['csv', 'xlsx'] as const)
    defineRoute(app, {
      method: 'GET',
      url: `/api/reports/records/:kind/export.${format}`,
      summary: `Every record behind a report row as ${format.toUpperCase()}, streamed (read 2,000 at a time, so memory stays flat and the first bytes leave at once)${format === 'csv' ? '; cells safe from spreadsheet formulas' : ''}`,
      tags,
      auth: true,
      params: recordParams,
      query: reportRecordsQuerySchema,
      responses: {
        200: fileDoc(`The ${format.toUpperCase()} file`, MEDIA[format]),
        401: ERROR_DOCS.unauthenticated,
        404: notFound,
      },
      handler: async ({ request, reply, params, query }) => {
        const ctx = await reportContext(deps, requireAuth(request));
        const source = recordsStream(ctx, params.kind, query) as Parameters<typeof recordsCsvStream>[0];
        void reply
          .type(MEDIA[format])
          .header('content-disposition', `attachment; filename="${params.kind}-${ctx.today}.${format}"`)
          .header('cache-control', 'private, no-store');
        return reply.send(format === 'csv' ? recordsCsvStream(source) : recordsXlsxStream(source, params.kind));
      },
    });

  defineRoute(app, {
    method: 'GET',
    url: '/api/reports/:report',
    summary:
      'One standard report for a range (preset or from..to in the business’s time zone; this year by default) or an "as of" date (aging), on a basis where cash and accrual differ: columns, rows with their drill-down, the totals row (the sum of the rows), summary figures, a chart and the notes',
    tags,
    auth: true,
    params: reportParams,
    query: reportQuerySchema,
    responses: {
      200: { description: 'The report', schema: reportSchema, trusted: true },
      401: ERROR_DOCS.unauthenticated,
      404: notFound,
    },
    handler: async ({ request, params, query }) =>
      buildReport(await reportContext(deps, requireAuth(request)), params.report, query),
  });

  for (const format of REPORT_FORMATS)
    defineRoute(app, {
      method: 'GET',
      url: `/api/reports/:report/export.${format}`,
      summary: `One standard report as ${format.toUpperCase()}: its title, period or as-of date, basis, the table with its totals row, the summary figures and the notes`,
      tags,
      auth: true,
      params: reportParams,
      query: reportQuerySchema,
      responses: {
        200: fileDoc(`The ${format.toUpperCase()} file`, MEDIA[format]),
        401: ERROR_DOCS.unauthenticated,
        404: notFound,
      },
      handler: async ({ request, reply, params, query }) => {
        const ctx = await reportContext(deps, requireAuth(request));
        const report = await buildReport(ctx, params.report, query);
        const body =
          format === 'csv' ? reportCsv(report) : format === 'xlsx' ? await reportXlsx(report) : await reportPdf(report);
        void reply
          .type(MEDIA[format])
          .header(
            'content-disposition',
            `attachment; filename="${params.report.replace(/_/g, '-')}-${ctx.today}.${format}"`,
          )
          .header('cache-control', 'private, no-store');
        return body;
      },
    });
}
