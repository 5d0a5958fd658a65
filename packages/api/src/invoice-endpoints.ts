import type {
  DocumentParties,
  Invoice,
  InvoiceBulkRequest,
  InvoiceBulkResponse,
  InvoiceEmailsResponse,
  InvoiceInput,
  InvoiceListQueryInput,
  InvoicePage,
  InvoiceResponse,
  InvoiceSendInput,
  InvoiceSendResponse,
  InvoiceVoidInput,
  OutboxEmailDetail,
  OutboxEmailItem,
  OutboxEmailResponse,
  OutboxPage,
  OutboxQuery,
  PaymentInput,
  PaymentReceiptResponse,
  PaymentResponse,
  PublicInvoice,
  PublicInvoiceResponse,
} from '@ledgerleaf/domain';
import { api } from './api';
import { browser } from './browser';
import { listParams, type CatalogMessage } from './catalog-endpoints';
import { readToken } from './storage';

/** One entry of an invoice's timeline (`invoice.created`, `payment.recorded`, ...), newest first. */
export interface InvoiceActivityEntry {
  id: number;
  event: string;
  user_id: number | null;
  data: Record<string, unknown>;
  created_at: string;
}

/**
 * `GET /api/invoices/:id`: the invoice plus its activity timeline and its From and Bill to blocks
 * as the PDF prints them.
 */
export type InvoiceDetail = Invoice & { parties?: DocumentParties; activity: InvoiceActivityEntry[] };

/**
 * Invoices, payments, delivery and the public invoice. Lists are tagged `Invoice/LIST`, invoices by
 * id; every write invalidates the list and the invoice it changes, and the clients (balances).
 * A payment carries an `Idempotency-Key`: the caller makes one per submission and reuses it on retry.
 */
export const invoiceApi = api.enhanceEndpoints({ addTagTypes: ['Invoice', 'Client', 'Outbox'] }).injectEndpoints({
  endpoints: (build) => ({
    listInvoices: build.query<InvoicePage, InvoiceListQueryInput>({
      query: (query) => ({ url: '/api/invoices', params: listParams(query) }),
      providesTags: (result) => [
        { type: 'Invoice' as const, id: 'LIST' },
        ...(result?.data ?? []).map((invoice) => ({ type: 'Invoice' as const, id: invoice.id })),
      ],
    }),
    getInvoice: build.query<InvoiceDetail, number>({
      query: (id) => `/api/invoices/${id}`,
      transformResponse: (response: { data: InvoiceDetail }) => response.data,
      providesTags: (_result, _error, id) => [{ type: 'Invoice', id }],
    }),
    createInvoice: build.mutation<Invoice, InvoiceInput & { issue?: boolean }>({
      query: (body) => ({ url: '/api/invoices', method: 'POST', body }),
      transformResponse: (response: InvoiceResponse) => response.data,
      invalidatesTags: [
        { type: 'Invoice', id: 'LIST' },
        { type: 'Client', id: 'LIST' },
      ],
    }),
    updateInvoice: build.mutation<Invoice, { id: number; body: InvoiceInput }>({
      query: ({ id, body }) => ({ url: `/api/invoices/${id}`, method: 'PUT', body }),
      transformResponse: (response: InvoiceResponse) => response.data,
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Invoice', id: 'LIST' },
        { type: 'Invoice', id },
        { type: 'Client', id: 'LIST' },
      ],
    }),
    deleteInvoice: build.mutation<CatalogMessage, number>({
      query: (id) => ({ url: `/api/invoices/${id}`, method: 'DELETE' }),
      invalidatesTags: [
        { type: 'Invoice', id: 'LIST' },
        { type: 'Client', id: 'LIST' },
      ],
    }),
    issueInvoice: build.mutation<Invoice, number>({
      query: (id) => ({ url: `/api/invoices/${id}/issue`, method: 'POST' }),
      transformResponse: (response: InvoiceResponse) => response.data,
      invalidatesTags: (_result, _error, id) => [
        { type: 'Invoice', id: 'LIST' },
        { type: 'Invoice', id },
        { type: 'Client', id: 'LIST' },
      ],
    }),
    voidInvoice: build.mutation<Invoice, { id: number; body?: InvoiceVoidInput }>({
      query: ({ id, body }) => ({ url: `/api/invoices/${id}/void`, method: 'POST', body: body ?? {} }),
      transformResponse: (response: InvoiceResponse) => response.data,
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Invoice', id: 'LIST' },
        { type: 'Invoice', id },
        { type: 'Client', id: 'LIST' },
      ],
    }),
    duplicateInvoice: build.mutation<Invoice, number>({
      query: (id) => ({ url: `/api/invoices/${id}/duplicate`, method: 'POST' }),
      transformResponse: (response: InvoiceResponse) => response.data,
      invalidatesTags: [{ type: 'Invoice', id: 'LIST' }],
    }),
    /** `idempotencyKey` (optional): the same for a retry of the same send, so the client is mailed once. */
    sendInvoice: build.mutation<InvoiceSendResponse, { id: number; body?: InvoiceSendInput; idempotencyKey?: string }>({
      query: ({ id, body, idempotencyKey }) => ({
        url: `/api/invoices/${id}/send`,
        method: 'POST',
        body: body ?? {},
        ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
      }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Invoice', id: 'LIST' },
        { type: 'Invoice', id },
        { type: 'Client', id: 'LIST' },
        'Outbox',
      ],
    }),
    /**
     * `idempotencyKey`: one per submission (a uuid per modal opening); a retry sends the same one.
     * With `send_receipt` the answer's `receipt` says whether the client was mailed.
     */
    recordPayment: build.mutation<PaymentResponse, { invoiceId: number; body: PaymentInput; idempotencyKey: string }>({
      query: ({ invoiceId, body, idempotencyKey }) => ({
        url: `/api/invoices/${invoiceId}/payments`,
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: (_result, _error, { invoiceId }) => [
        { type: 'Invoice', id: 'LIST' },
        { type: 'Invoice', id: invoiceId },
        { type: 'Client', id: 'LIST' },
        'Outbox',
      ],
    }),
    /** "Send receipt" on a recorded payment; `idempotencyKey` as for a send. */
    sendPaymentReceipt: build.mutation<
      PaymentReceiptResponse,
      { invoiceId: number; paymentId: number; idempotencyKey?: string }
    >({
      query: ({ invoiceId, paymentId, idempotencyKey }) => ({
        url: `/api/invoices/${invoiceId}/payments/${paymentId}/receipt`,
        method: 'POST',
        body: {},
        ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
      }),
      // The timeline has a new entry either way (sent, or why not).
      invalidatesTags: (_result, _error, { invoiceId }) => [{ type: 'Invoice', id: invoiceId }, 'Outbox'],
    }),
    deletePayment: build.mutation<Invoice, { invoiceId: number; paymentId: number }>({
      query: ({ invoiceId, paymentId }) => ({
        url: `/api/invoices/${invoiceId}/payments/${paymentId}`,
        method: 'DELETE',
      }),
      transformResponse: (response: InvoiceResponse) => response.data,
      invalidatesTags: (_result, _error, { invoiceId }) => [
        { type: 'Invoice', id: 'LIST' },
        { type: 'Invoice', id: invoiceId },
        { type: 'Client', id: 'LIST' },
      ],
    }),
    listOutbox: build.query<OutboxPage, Partial<OutboxQuery> | void>({
      query: (query) => ({ url: '/api/outbox', params: listParams(query ?? {}) }),
      providesTags: ['Outbox'],
    }),
    /** One sent message with its HTML body. */
    getOutboxEmail: build.query<OutboxEmailDetail, number>({
      query: (id) => `/api/outbox/${id}`,
      transformResponse: (response: OutboxEmailResponse) => response.data,
      providesTags: ['Outbox'],
    }),
    /** The emails the invoice went out with (the invoice, reminders, receipts), newest first. */
    listInvoiceEmails: build.query<OutboxEmailItem[], number>({
      query: (id) => `/api/invoices/${id}/emails`,
      transformResponse: (response: InvoiceEmailsResponse) => response.data,
      providesTags: (_result, _error, id) => ['Outbox', { type: 'Invoice', id }],
    }),
    /** The CSV of every invoice the list's filters match. A mutation: a download is never cached. */
    exportInvoicesCsv: build.mutation<string, InvoiceListQueryInput>({
      query: (query) => ({ url: '/api/invoices/export.csv', params: listParams(query), responseHandler: 'text' }),
    }),
    /** One action on several invoices: what was done, and what was skipped and why. */
    bulkInvoices: build.mutation<InvoiceBulkResponse, InvoiceBulkRequest>({
      query: (body) => ({ url: '/api/invoices/bulk', method: 'POST', body }),
      invalidatesTags: (result) => [
        { type: 'Invoice', id: 'LIST' },
        { type: 'Client', id: 'LIST' },
        'Outbox',
        ...(result?.data.done ?? []).map((row) => ({ type: 'Invoice' as const, id: row.id })),
      ],
    }),
    /** The guest page `/i/:token`: no sign-in needed. */
    getPublicInvoice: build.query<PublicInvoice, string>({
      query: (token) => `/api/public/invoices/${encodeURIComponent(token)}`,
      transformResponse: (response: PublicInvoiceResponse) => response.data,
    }),
  }),
});

export const {
  useListInvoicesQuery,
  useGetInvoiceQuery,
  useCreateInvoiceMutation,
  useUpdateInvoiceMutation,
  useDeleteInvoiceMutation,
  useIssueInvoiceMutation,
  useVoidInvoiceMutation,
  useDuplicateInvoiceMutation,
  useSendInvoiceMutation,
  useRecordPaymentMutation,
  useDeletePaymentMutation,
  useSendPaymentReceiptMutation,
  useListOutboxQuery,
  useGetOutboxEmailQuery,
  useGetPublicInvoiceQuery,
  useListInvoiceEmailsQuery,
  useExportInvoicesCsvMutation,
  useBulkInvoicesMutation,
} = invoiceApi;

/**
 * The PDFs of several invoices as one zip (`invoices.zip`), fetched with the bearer token, outside
 * RTK Query like `fetchInvoicePdf` (a Blob does not belong in the store). Throws on a non-OK answer.
 */
export async function fetchInvoicesZip(ids: number[]): Promise<{ blob: Blob; filename: string }> {
  const headers: Record<string, string> = {
    Accept: 'application/zip',
    'Content-Type': 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${browser.origin()}/api/invoices/bulk/pdf`, {
    method: 'POST',
    headers,
    credentials: 'include',
    body: JSON.stringify({ ids }),
  });
  if (!response.ok)
    throw new Error(
      response.status === 404
        ? 'None of these invoices could be found.'
        : `The PDFs could not be created (${response.status}).`,
    );
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'invoices.zip';
  return { blob: await response.blob(), filename };
}

/**
 * The invoice's PDF as a Blob, fetched with the bearer token (an `<iframe src>` cannot send it).
 * Outside RTK Query on purpose: a Blob does not belong in the store. Throws on a non-OK answer.
 */
export async function fetchInvoicePdf(
  invoiceId: number,
  { inline = false } = {},
): Promise<{ blob: Blob; filename: string }> {
  const headers: Record<string, string> = { Accept: 'application/pdf', 'X-Requested-With': 'XMLHttpRequest' };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${browser.origin()}/api/invoices/${invoiceId}/pdf${inline ? '?inline=1' : ''}`, {
    headers,
    credentials: 'include',
  });
  if (!response.ok)
    throw new Error(
      response.status === 404 ? 'Invoice not found.' : `The PDF could not be created (${response.status}).`,
    );
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? `invoice-${invoiceId}.pdf`;
  return { blob: await response.blob(), filename };
}
