import type { RouteObject } from 'react-router';
import { paths } from '@ledgerleaf/api';

/**
 * The recurring invoice routes under the authenticated layout, one page per file and chunk: the
 * list, the editor of a new one, the business's recurring settings and a recurring invoice's page
 * (with `?edit=1` its editor).
 */
export const recurringRoutes: RouteObject[] = [
  {
    path: paths.recurringInvoices.list,
    lazy: async () => ({ Component: (await import('./recurring-invoices-page')).RecurringInvoicesPage }),
  },
  {
    path: paths.recurringInvoices.create,
    lazy: async () => ({ Component: (await import('./recurring-editor')).RecurringCreatePage }),
  },
  {
    path: paths.recurringInvoices.config,
    lazy: async () => ({ Component: (await import('./recurring-config-page')).RecurringConfigPage }),
  },
  {
    path: paths.recurringInvoices.detail.pattern,
    lazy: async () => ({ Component: (await import('./recurring-detail-page')).RecurringDetailPage }),
  },
];
