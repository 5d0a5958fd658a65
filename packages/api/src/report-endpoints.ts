import type {
  DynamicDefinitionInput,
  DynamicRecordChoices,
  DynamicResult,
  Report,
  ReportFormat,
  ReportKind,
  ReportList,
  ReportQueryInput,
  ReportRecordKind,
  ReportRecords,
  ReportRecordsQueryInput,
  SavedDynamicReport,
  SavedDynamicReportInput,
} from '@ledgerleaf/domain';
import { api } from './api';
import { browser } from './browser';
import { readXsrfToken, XSRF_HEADER } from './csrf';
import { listParams } from './catalog-endpoints';
import { readToken } from './storage';

/*
 * The standard reports (issue 16): the list, one report, the records behind a row, and the
 * exports; dynamic reports: running a definition, the saved reports (tag `DynamicReport`), and their
 * exports (files fetched outside RTK Query: a Blob does not belong in the store). An entry of its
 * own (`@ledgerleaf/api/reports`) so only the reports' chunks load it. Reports read everything
 * else, so they refetch whenever invoices, payments, income, goals or the CRM change (the tags of
 * those areas) and otherwise every minute at most.
 */

export type ReportArgs = ReportQueryInput & { report: ReportKind };
export type ReportRecordsArgs = ReportRecordsQueryInput & { kind: ReportRecordKind };

export interface SavedDynamicReportAnswer {
  data: SavedDynamicReport;
  message?: string;
}

const reportEndpoints = api.enhanceEndpoints({ addTagTypes: ['DynamicReport'] }).injectEndpoints({
  endpoints: (build) => ({
    getReports: build.query<ReportList, void>({ query: () => ({ url: '/api/reports' }) }),
    getReport: build.query<Report, ReportArgs>({
      query: ({ report, ...query }) => ({ url: `/api/reports/${report}`, params: listParams(query) }),
      keepUnusedDataFor: 60,
    }),
    getReportRecords: build.query<ReportRecords, ReportRecordsArgs>({
      query: ({ kind, ...query }) => ({ url: `/api/reports/records/${kind}`, params: listParams(query) }),
      keepUnusedDataFor: 60,
    }),
    /** `POST /api/dynamic-reports/run`: a definition's rows (at most 1,000) and the count of all. A POST that changes nothing, so a query. */
    runDynamicReport: build.query<DynamicResult, DynamicDefinitionInput>({
      query: (body) => ({ url: '/api/dynamic-reports/run', method: 'POST', body }),
      keepUnusedDataFor: 60,
    }),
    /**
     * `GET /api/dynamic-reports/choices`: the names of the business's stages, lead sources, lost
     * reasons and activity types, what a filter on such a field picks from. Kept briefly: they are
     * changed on the CRM's screens, and opening the builder again reads them again.
     */
    getDynamicChoices: build.query<DynamicRecordChoices, void>({
      query: () => ({ url: '/api/dynamic-reports/choices' }),
      transformResponse: (response: { data: DynamicRecordChoices }) => response.data,
      keepUnusedDataFor: 30,
    }),
    /** The business's saved dynamic reports, each with `can_edit`. */
    listSavedDynamicReports: build.query<SavedDynamicReport[], void>({
      query: () => ({ url: '/api/dynamic-reports' }),
      transformResponse: (response: { data: SavedDynamicReport[] }) => response.data,
      providesTags: [{ type: 'DynamicReport', id: 'LIST' }],
    }),
    getSavedDynamicReport: build.query<SavedDynamicReport, number>({
      query: (id) => ({ url: `/api/dynamic-reports/${id}` }),
      transformResponse: (response: SavedDynamicReportAnswer) => response.data,
      providesTags: (_result, _error, id) => [{ type: 'DynamicReport', id }],
    }),
    createSavedDynamicReport: build.mutation<SavedDynamicReportAnswer, SavedDynamicReportInput>({
      query: (body) => ({ url: '/api/dynamic-reports', method: 'POST', body }),
      invalidatesTags: [{ type: 'DynamicReport', id: 'LIST' }],
    }),
    /** Saves over a saved report (name and definition). */
    updateSavedDynamicReport: build.mutation<SavedDynamicReportAnswer, { id: number; body: SavedDynamicReportInput }>({
      query: ({ id, body }) => ({ url: `/api/dynamic-reports/${id}`, method: 'PUT', body }),
      // The open report shows what was saved at once, not after its refetch.
      onQueryStarted: async ({ id }, { dispatch, queryFulfilled }): Promise<void> => {
        try {
          const { data } = await queryFulfilled;
          dispatch(reportEndpoints.util.upsertQueryData('getSavedDynamicReport', id, data.data));
        } catch {
          // The page shows the failure.
        }
      },
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'DynamicReport', id: 'LIST' },
        { type: 'DynamicReport', id },
      ],
    }),
    renameSavedDynamicReport: build.mutation<SavedDynamicReportAnswer, { id: number; name: string }>({
      query: ({ id, name }) => ({ url: `/api/dynamic-reports/${id}`, method: 'PATCH', body: { name } }),
      onQueryStarted: async ({ id }, { dispatch, queryFulfilled }): Promise<void> => {
        try {
          const { data } = await queryFulfilled;
          dispatch(reportEndpoints.util.upsertQueryData('getSavedDynamicReport', id, data.data));
        } catch {
          // The page shows the failure.
        }
      },
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'DynamicReport', id: 'LIST' },
        { type: 'DynamicReport', id },
      ],
    }),
    duplicateSavedDynamicReport: build.mutation<SavedDynamicReportAnswer, { id: number; name?: string }>({
      query: ({ id, name }) => ({
        url: `/api/dynamic-reports/${id}/duplicate`,
        method: 'POST',
        body: name ? { name } : {},
      }),
      invalidatesTags: [{ type: 'DynamicReport', id: 'LIST' }],
    }),
    deleteSavedDynamicReport: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/api/dynamic-reports/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [
        { type: 'DynamicReport', id: 'LIST' },
        { type: 'DynamicReport', id },
      ],
    }),
  }),
});

export const {
  useGetReportsQuery,
  useGetReportQuery,
  useGetReportRecordsQuery,
  useRunDynamicReportQuery,
  useGetDynamicChoicesQuery,
  useListSavedDynamicReportsQuery,
  useGetSavedDynamicReportQuery,
  useCreateSavedDynamicReportMutation,
  useUpdateSavedDynamicReportMutation,
  useRenameSavedDynamicReportMutation,
  useDuplicateSavedDynamicReportMutation,
  useDeleteSavedDynamicReportMutation,
} = reportEndpoints;

/** The address of a saved dynamic report's export (`GET`), or of a definition's (`POST` with the definition as its body). */
export function dynamicReportExportUrl(id: number | null, format: ReportFormat): string {
  return id === null ? `/api/dynamic-reports/export.${format}` : `/api/dynamic-reports/${id}/export.${format}`;
}

/** The address of a report's export (`/api/reports/aging/export.csv?as_of=…`). */
export function reportExportUrl(args: ReportArgs, format: ReportFormat): string {
  const { report, ...query } = args;
  const search = new URLSearchParams(Object.entries(listParams(query)).map(([key, value]) => [key, String(value)]));
  const text = search.toString();
  return `/api/reports/${report}/export.${format}${text ? `?${text}` : ''}`;
}

/** The address of the streamed export of the records behind a row. */
export function reportRecordsExportUrl(args: ReportRecordsArgs, format: 'csv' | 'xlsx'): string {
  const { kind, page: _page, per_page: _perPage, ...query } = args;
  const search = new URLSearchParams(Object.entries(listParams(query)).map(([key, value]) => [key, String(value)]));
  const text = search.toString();
  return `/api/reports/records/${kind}/export.${format}${text ? `?${text}` : ''}`;
}

export interface DownloadProgress {
  /** Bytes received so far. */
  received: number;
  /** The size when the server says it (null while it streams). */
  total: number | null;
}

/**
 * Fetches an export with the bearer token, reading the body as it streams so `onProgress` can show
 * how far it is (a 100,000-invoice XLSX takes seconds). Throws on a non-OK answer.
 */
export async function fetchReportFile(
  url: string,
  onProgress?: (progress: DownloadProgress) => void,
  /** A JSON body to POST (a dynamic report's definition); a GET without one. */
  body?: unknown,
): Promise<{ blob: Blob; filename: string }> {
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    // A POST signed in by cookie echoes the anti-forgery token, as every write of the base query does.
    const xsrf = readXsrfToken(browser.cookie());
    if (xsrf) headers[XSRF_HEADER] = xsrf;
  }
  const response = await fetch(`${browser.origin()}${url}`, {
    headers,
    credentials: 'include',
    ...(body !== undefined ? { method: 'POST', body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`The export could not be made (${String(response.status)}).`);
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'report';
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const length = Number(response.headers.get('content-length') ?? '');
  const total = Number.isFinite(length) && length > 0 ? length : null;
  if (!response.body) return { blob: await response.blob(), filename };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onProgress?.({ received, total });
  }
  return { blob: new Blob(chunks as BlobPart[], { type }), filename };
}
