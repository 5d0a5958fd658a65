import type { RouteObject } from 'react-router';
import { paths } from '@ledgerleaf/api';

/**
 * The estimate routes under the authenticated layout, each page in its own chunk. The editor of a
 * new estimate answers at `/estimates/create-new` and at `/estimates/create`, the path the
 * dashboard's quick action uses.
 */
export const estimateRoutes: RouteObject[] = [
  { path: paths.estimates.list, lazy: async () => ({ Component: (await import('./estimates-page')).EstimatesPage }) },
  {
    path: paths.estimates.create,
    lazy: async () => ({ Component: (await import('./estimate-editor')).EstimateCreatePage }),
  },
  {
    path: paths.estimates.quickCreate,
    lazy: async () => ({ Component: (await import('./estimate-editor')).EstimateCreatePage }),
  },
  {
    path: paths.estimates.detail.pattern,
    lazy: async () => ({ Component: (await import('./estimate-detail-page')).EstimateDetailPage }),
  },
];

/** Guest route: the public estimate page `/e/:token`, outside the authenticated layout. */
export const publicEstimateRoutes: RouteObject[] = [
  {
    path: paths.publicEstimate.pattern,
    lazy: async () => ({ Component: (await import('./public-estimate-page')).PublicEstimatePage }),
  },
];
