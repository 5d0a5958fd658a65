import { redirect, type RouteObject } from 'react-router';
import { paths } from '@ledgerleaf/api';

/**
 * The estimate routes under the authenticated layout, each page in its own chunk. The editor of a
 * new estimate is `/estimates/create-new`; `/estimates/create`, the path the dashboard's quick
 * action uses (SPEC.md section 2), redirects to it with its query string.
 */
export const estimateRoutes: RouteObject[] = [
  { path: paths.estimates.list, lazy: async () => ({ Component: (await import('./estimates-page')).EstimatesPage }) },
  {
    path: paths.estimates.create,
    lazy: async () => ({ Component: (await import('./estimate-editor')).EstimateCreatePage }),
  },
  {
    path: paths.estimates.quickCreate,
    loader: ({ request }) => redirect(`${paths.estimates.create}${new URL(request.url).search}`),
  },
  {
    path: paths.estimates.detail.pattern,
    lazy: async () => ({ Component: (await import('./estimate-detail-page')).EstimateDetailPage }),
  },
];
