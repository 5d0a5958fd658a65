import type { RouteObject } from 'react-router';
import { paths } from '@ledgerleaf/api';

/**
 * The catalogue's routes: the clients and the products and services (list, create, edit), each page
 * in its own chunk. apps/web mounts them under the authenticated layout.
 */
export const catalogRoutes: RouteObject[] = [
  { path: paths.clients.list, lazy: async () => ({ Component: (await import('./clients/clients-page')).ClientsPage }) },
  {
    path: paths.clients.create,
    lazy: async () => ({ Component: (await import('./clients/client-form-page')).ClientCreatePage }),
  },
  {
    path: paths.clients.edit.pattern,
    lazy: async () => ({ Component: (await import('./clients/client-form-page')).ClientEditPage }),
  },
  {
    path: paths.products.list,
    lazy: async () => ({ Component: (await import('./products/products-page')).ProductsPage }),
  },
  {
    path: paths.products.create,
    lazy: async () => ({ Component: (await import('./products/product-form-page')).ProductCreatePage }),
  },
  {
    path: paths.products.edit.pattern,
    lazy: async () => ({ Component: (await import('./products/product-form-page')).ProductEditPage }),
  },
];
