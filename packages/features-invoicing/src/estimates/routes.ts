import type { RouteObject } from 'react-router';

/** Estimates routes of SPEC.md section 2 (issue 6); `/estimates/create` is the dashboard quick action's path. */
export const estimateRoutes: RouteObject[] = [
  { path: '/estimates', lazy: async () => ({ Component: (await import('./estimates-page')).EstimatesPage }) },
  {
    path: '/estimates/create-new',
    lazy: async () => ({ Component: (await import('./estimate-editor')).EstimateCreatePage }),
  },
  {
    path: '/estimates/create',
    lazy: async () => ({ Component: (await import('./estimate-editor')).EstimateCreatePage }),
  },
  {
    path: '/estimates/:id',
    lazy: async () => ({ Component: (await import('./estimate-detail-page')).EstimateDetailPage }),
  },
];

/** Recurring invoices routes of SPEC.md section 2 (issue 6). */
export const recurringRoutes: RouteObject[] = [
  {
    path: '/recurring-invoices',
    lazy: async () => ({ Component: (await import('../recurring/recurring-pages')).RecurringInvoicesPage }),
  },
  {
    path: '/recurring-invoices/create',
    lazy: async () => ({ Component: (await import('../recurring/recurring-editor')).RecurringCreatePage }),
  },
  {
    path: '/recurring-invoices/config',
    lazy: async () => ({ Component: (await import('../recurring/recurring-pages')).RecurringConfigPage }),
  },
  {
    path: '/recurring-invoices/:id',
    lazy: async () => ({ Component: (await import('../recurring/recurring-pages')).RecurringDetailPage }),
  },
];

/** Guest route: the public estimate page `/e/:token`, outside the authenticated layout. */
export const publicEstimateRoutes: RouteObject[] = [
  { path: '/e/:token', lazy: async () => ({ Component: (await import('./public-estimate-page')).PublicEstimatePage }) },
];
