import type {
  Estimate,
  EstimateAcceptInput,
  EstimateActivity,
  EstimateDeclineInput,
  EstimateListQueryInput,
  EstimatePage,
  EstimateResponse,
  InvoiceSendInput,
  PublicEstimate,
  RecurringConfig,
  RecurringInvoice,
  RecurringIssueNowResponse,
  RecurringListQueryInput,
  RecurringPage,
  SchedulerNextRun,
  SchedulerRunResult,
  EmailDeliveryState,
} from '@ledgerleaf/domain';
import { api } from './api';
import { browser } from './browser';
import { listParams, type CatalogMessage } from './catalog-endpoints';
import { readToken } from './storage';

/** `GET /api/estimates/:id`: the estimate plus its timeline (newest first). */
export type EstimateDetail = Estimate & { activity: EstimateActivity[] };

/** The estimate request as the editor sends it: the invoice request with `expiry_date` for `due_date`. */
export type EstimateBody = Record<string, unknown> & { client_id: number; expiry_date: string };
/** The recurring-invoice request: template fields and schedule fields side by side. */
export type RecurringBody = Record<string, unknown> & { client_id: number; frequency: string; start_date: string };

export interface EstimateSendResponse {
  data: Estimate;
  email: {
    id: number;
    to: string[];
    subject: string;
    transport: 'smtp' | 'log';
    /** What happened to the email (`outbox`: email is not set up). */
    delivery: EmailDeliveryState;
    error: string | null;
  };
  message: string;
}

/**
 * Estimates (tagged `Estimate`), recurring invoices (`Recurring`) and the scheduler's "Run now".
 * Converting an estimate and running the scheduler create invoices, so they invalidate `Invoice/LIST`.
 */
export const estimateApi = api
  .enhanceEndpoints({ addTagTypes: ['Estimate', 'Recurring', 'RecurringConfig', 'Invoice'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listEstimates: build.query<EstimatePage, EstimateListQueryInput>({
        query: (query) => ({ url: '/api/estimates', params: listParams(query) }),
        providesTags: (result) => [
          { type: 'Estimate' as const, id: 'LIST' },
          ...(result?.data ?? []).map((estimate) => ({ type: 'Estimate' as const, id: estimate.id })),
        ],
      }),
      getEstimate: build.query<EstimateDetail, number>({
        query: (id) => `/api/estimates/${id}`,
        transformResponse: (response: { data: EstimateDetail }) => response.data,
        providesTags: (_result, _error, id) => [{ type: 'Estimate', id }],
      }),
      createEstimate: build.mutation<Estimate, EstimateBody & { issue?: boolean }>({
        query: (body) => ({ url: '/api/estimates', method: 'POST', body }),
        transformResponse: (response: EstimateResponse) => response.data,
        invalidatesTags: [{ type: 'Estimate', id: 'LIST' }],
      }),
      updateEstimate: build.mutation<Estimate, { id: number; body: EstimateBody }>({
        query: ({ id, body }) => ({ url: `/api/estimates/${id}`, method: 'PUT', body }),
        transformResponse: (response: EstimateResponse) => response.data,
        invalidatesTags: (_result, _error, { id }) => [
          { type: 'Estimate', id: 'LIST' },
          { type: 'Estimate', id },
        ],
      }),
      deleteEstimate: build.mutation<CatalogMessage, number>({
        query: (id) => ({ url: `/api/estimates/${id}`, method: 'DELETE' }),
        invalidatesTags: [{ type: 'Estimate', id: 'LIST' }],
      }),
      issueEstimate: build.mutation<Estimate, number>({
        query: (id) => ({ url: `/api/estimates/${id}/issue`, method: 'POST' }),
        transformResponse: (response: EstimateResponse) => response.data,
        invalidatesTags: (_result, _error, id) => [
          { type: 'Estimate', id: 'LIST' },
          { type: 'Estimate', id },
        ],
      }),
      sendEstimate: build.mutation<EstimateSendResponse, { id: number; body?: InvoiceSendInput }>({
        query: ({ id, body }) => ({ url: `/api/estimates/${id}/send`, method: 'POST', body: body ?? {} }),
        invalidatesTags: (_result, _error, { id }) => [
          { type: 'Estimate', id: 'LIST' },
          { type: 'Estimate', id },
        ],
      }),
      convertEstimate: build.mutation<{ data: Estimate; invoice_id: number; message: string }, number>({
        query: (id) => ({ url: `/api/estimates/${id}/convert`, method: 'POST' }),
        invalidatesTags: (_result, _error, id) => [
          { type: 'Estimate', id: 'LIST' },
          { type: 'Estimate', id },
          { type: 'Invoice', id: 'LIST' },
        ],
      }),
      /** The guest page `/e/:token`: no sign-in needed. */
      getPublicEstimate: build.query<PublicEstimate, string>({
        query: (token) => `/api/public/estimates/${encodeURIComponent(token)}`,
        transformResponse: (response: { data: PublicEstimate }) => response.data,
        providesTags: (_result, _error, token) => [{ type: 'Estimate', id: `public-${token}` }],
      }),
      acceptPublicEstimate: build.mutation<
        { data: PublicEstimate; message: string },
        { token: string; body: EstimateAcceptInput }
      >({
        query: ({ token, body }) => ({
          url: `/api/public/estimates/${encodeURIComponent(token)}/accept`,
          method: 'POST',
          body,
        }),
        invalidatesTags: (_result, _error, { token }) => [{ type: 'Estimate', id: `public-${token}` }],
      }),
      declinePublicEstimate: build.mutation<
        { data: PublicEstimate; message: string },
        { token: string; body: EstimateDeclineInput }
      >({
        query: ({ token, body }) => ({
          url: `/api/public/estimates/${encodeURIComponent(token)}/decline`,
          method: 'POST',
          body,
        }),
        invalidatesTags: (_result, _error, { token }) => [{ type: 'Estimate', id: `public-${token}` }],
      }),

      listRecurringInvoices: build.query<RecurringPage, RecurringListQueryInput>({
        query: (query) => ({ url: '/api/recurring-invoices', params: listParams(query) }),
        providesTags: (result) => [
          { type: 'Recurring' as const, id: 'LIST' },
          ...(result?.data ?? []).map((row) => ({ type: 'Recurring' as const, id: row.id })),
        ],
      }),
      getRecurringInvoice: build.query<RecurringInvoice, number>({
        query: (id) => `/api/recurring-invoices/${id}`,
        transformResponse: (response: { data: RecurringInvoice }) => response.data,
        providesTags: (_result, _error, id) => [{ type: 'Recurring', id }],
      }),
      createRecurringInvoice: build.mutation<RecurringInvoice, RecurringBody>({
        query: (body) => ({ url: '/api/recurring-invoices', method: 'POST', body }),
        transformResponse: (response: { data: RecurringInvoice }) => response.data,
        invalidatesTags: [{ type: 'Recurring', id: 'LIST' }],
      }),
      updateRecurringInvoice: build.mutation<RecurringInvoice, { id: number; body: RecurringBody }>({
        query: ({ id, body }) => ({ url: `/api/recurring-invoices/${id}`, method: 'PUT', body }),
        transformResponse: (response: { data: RecurringInvoice }) => response.data,
        invalidatesTags: (_result, _error, { id }) => [
          { type: 'Recurring', id: 'LIST' },
          { type: 'Recurring', id },
        ],
      }),
      deleteRecurringInvoice: build.mutation<CatalogMessage, number>({
        query: (id) => ({ url: `/api/recurring-invoices/${id}`, method: 'DELETE' }),
        invalidatesTags: [{ type: 'Recurring', id: 'LIST' }],
      }),
      recurringAction: build.mutation<
        { data: RecurringInvoice; message: string },
        { id: number; action: 'pause' | 'resume' | 'skip' }
      >({
        query: ({ id, action }) => ({ url: `/api/recurring-invoices/${id}/${action}`, method: 'POST' }),
        invalidatesTags: (_result, _error, { id }) => [
          { type: 'Recurring', id: 'LIST' },
          { type: 'Recurring', id },
        ],
      }),
      /** "Issue now": the invoice of the current period, once (409 with the reason otherwise). */
      issueRecurringNow: build.mutation<RecurringIssueNowResponse, number>({
        query: (id) => ({ url: `/api/recurring-invoices/${id}/issue-now`, method: 'POST' }),
        invalidatesTags: (_result, _error, id) => [
          { type: 'Recurring', id: 'LIST' },
          { type: 'Recurring', id },
          { type: 'Invoice', id: 'LIST' },
        ],
      }),
      getRecurringConfig: build.query<RecurringConfig, void>({
        query: () => '/api/recurring-invoices/config',
        transformResponse: (response: { data: RecurringConfig }) => response.data,
        providesTags: ['RecurringConfig'],
      }),
      saveRecurringConfig: build.mutation<{ data: RecurringConfig; message: string }, RecurringConfig>({
        query: (body) => ({ url: '/api/recurring-invoices/config', method: 'PUT', body }),
        invalidatesTags: ['RecurringConfig', { type: 'Recurring', id: 'LIST' }],
      }),
      runScheduler: build.mutation<
        { data: SchedulerRunResult; next_run: SchedulerNextRun | null; message: string },
        void
      >({
        query: () => ({ url: '/api/recurring-invoices/run-scheduler', method: 'POST' }),
        invalidatesTags: ['Recurring', { type: 'Invoice', id: 'LIST' }, 'Estimate'],
      }),
    }),
  });

export const {
  useListEstimatesQuery,
  useGetEstimateQuery,
  useCreateEstimateMutation,
  useUpdateEstimateMutation,
  useDeleteEstimateMutation,
  useIssueEstimateMutation,
  useSendEstimateMutation,
  useConvertEstimateMutation,
  useGetPublicEstimateQuery,
  useAcceptPublicEstimateMutation,
  useDeclinePublicEstimateMutation,
  useListRecurringInvoicesQuery,
  useGetRecurringInvoiceQuery,
  useCreateRecurringInvoiceMutation,
  useUpdateRecurringInvoiceMutation,
  useDeleteRecurringInvoiceMutation,
  useRecurringActionMutation,
  useIssueRecurringNowMutation,
  useGetRecurringConfigQuery,
  useSaveRecurringConfigMutation,
  useRunSchedulerMutation,
} = estimateApi;

/** The estimate's PDF as a Blob, fetched with the bearer token (like `fetchInvoicePdf`). */
export async function fetchEstimatePdf(
  estimateId: number,
  { inline = false } = {},
): Promise<{ blob: Blob; filename: string }> {
  const headers: Record<string, string> = { Accept: 'application/pdf', 'X-Requested-With': 'XMLHttpRequest' };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${browser.origin()}/api/estimates/${estimateId}/pdf${inline ? '?inline=1' : ''}`, {
    headers,
    credentials: 'include',
  });
  if (!response.ok)
    throw new Error(
      response.status === 404 ? 'Estimate not found.' : `The PDF could not be created (${response.status}).`,
    );
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? `estimate-${estimateId}.pdf`;
  return { blob: await response.blob(), filename };
}
