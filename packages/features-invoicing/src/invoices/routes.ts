import { redirect, type RouteObject } from 'react-router';

/**
 * The invoice routes of SPEC.md section 2, under the authenticated layout; each page in its own chunk.
 * Editing an editable invoice is `/invoices/:id?edit=1` (the detail page's Edit action).
 */
export const invoiceRoutes: RouteObject[] = [
  { path: '/invoices', loader: () => redirect('/invoices/all') },
  { path: '/invoices/all', lazy: async () => ({ Component: (await import('./invoices-page')).InvoicesPage }) },
  {
    path: '/invoices/create-new',
    lazy: async () => ({ Component: (await import('./invoice-editor')).InvoiceCreatePage }),
  },
  {
    path: '/invoices/:id',
    lazy: async () => ({ Component: (await import('./invoice-detail-page')).InvoiceDetailPage }),
  },
];

/** Guest routes: the public invoice page `/i/:token`, outside the authenticated layout. */
export const publicInvoiceRoutes: RouteObject[] = [
  {
    path: '/i/:token',
    lazy: async () => ({ Component: (await import('../public/public-invoice-page')).PublicInvoicePage }),
  },
];
