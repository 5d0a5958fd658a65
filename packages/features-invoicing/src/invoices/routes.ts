import { redirect, type RouteObject } from 'react-router';
import { paths } from '@ledgerleaf/api';

/**
 * The invoice routes under the authenticated layout, each page in its own chunk: `/invoices`
 * redirects to the list (`/invoices/all`), then the editor of a new invoice and an invoice's page.
 * Editing an editable invoice is its page with `?edit=1` (the detail page's Edit action).
 */
export const invoiceRoutes: RouteObject[] = [
  { path: paths.invoices.root, loader: () => redirect(paths.invoices.list) },
  {
    path: paths.invoices.list,
    lazy: async () => {
      const page = await import('./invoices-page');
      // `prefetch`: the app asks for the list's data while start-up runs (apps/web/src/routes.tsx).
      return { Component: page.InvoicesPage, handle: { prefetch: page.prefetchInvoiceList } };
    },
  },
  {
    path: paths.invoices.create,
    lazy: async () => ({ Component: (await import('./invoice-editor')).InvoiceCreatePage }),
  },
  {
    path: paths.invoices.detail.pattern,
    lazy: async () => ({ Component: (await import('./invoice-detail-page')).InvoiceDetailPage }),
  },
];
