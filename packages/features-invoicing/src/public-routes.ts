import type { RouteObject } from 'react-router';
import { paths } from '@ledgerleaf/api';

/**
 * The guest routes of invoicing, outside the authenticated layout: the public invoice page `/i/:token`
 * and the public estimate page `/e/:token`. In a file of their own so that apps/web's entry, which
 * mounts them, does not carry the authenticated area's route tables (those load after sign-in).
 */
export const publicInvoiceRoutes: RouteObject[] = [
  {
    path: paths.publicInvoice.pattern,
    lazy: async () => ({ Component: (await import('./public/public-invoice-page')).PublicInvoicePage }),
  },
];

/** The public estimate page `/e/:token`: the client views, accepts or declines without signing in. */
export const publicEstimateRoutes: RouteObject[] = [
  {
    path: paths.publicEstimate.pattern,
    lazy: async () => ({ Component: (await import('./estimates/public-estimate-page')).PublicEstimatePage }),
  },
];
