import { describe, expect, it } from 'vitest';
import { recurringRoutes } from '../recurring/routes';
import { publicEstimateRoutes } from '../public-routes';
import { estimateRoutes } from './routes';

describe('estimate and recurring routes (SPEC.md section 2)', () => {
  it('has every path, and the dashboard quick action’s /estimates/create is there (it redirects)', () => {
    expect(estimateRoutes.map((route) => route.path)).toEqual([
      '/estimates',
      '/estimates/create-new',
      '/estimates/create',
      '/estimates/:id',
    ]);
    expect(recurringRoutes.map((route) => route.path)).toEqual([
      '/recurring-invoices',
      '/recurring-invoices/create',
      '/recurring-invoices/config',
      '/recurring-invoices/:id',
    ]);
    expect(publicEstimateRoutes.map((route) => route.path)).toEqual(['/e/:token']);
  });

  it('/estimates/create redirects to /estimates/create-new, keeping its query string', async () => {
    const route = estimateRoutes.find((candidate) => candidate.path === '/estimates/create');
    const loader = route?.loader as (args: { request: Request }) => Promise<Response> | Response;
    const response = await loader({ request: new Request('http://localhost/estimates/create?client_id=4') });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/estimates/create-new?client_id=4');
  });
});
