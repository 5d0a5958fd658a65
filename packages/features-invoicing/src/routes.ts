import type { RouteObject } from 'react-router';

/**
 * The clients and products routes of SPEC.md section 2, each page in its own chunk. apps/web mounts
 * them under the authenticated layout.
 */
export const invoicingRoutes: RouteObject[] = [
  { path: '/clients', lazy: async () => ({ Component: (await import('./clients/clients-page')).ClientsPage }) },
  {
    path: '/clients/create',
    lazy: async () => ({ Component: (await import('./clients/client-form-page')).ClientCreatePage }),
  },
  {
    path: '/clients/:id/edit',
    lazy: async () => ({ Component: (await import('./clients/client-form-page')).ClientEditPage }),
  },
  { path: '/products', lazy: async () => ({ Component: (await import('./products/products-page')).ProductsPage }) },
  {
    path: '/products/create',
    lazy: async () => ({ Component: (await import('./products/product-form-page')).ProductCreatePage }),
  },
  {
    path: '/products/:id/edit',
    lazy: async () => ({ Component: (await import('./products/product-form-page')).ProductEditPage }),
  },
];
