import { describe, expect, it } from 'vitest';
import { recurringRoutes } from '../recurring/routes';
import { estimateRoutes, publicEstimateRoutes } from './routes';

describe('estimate and recurring routes (SPEC.md section 2)', () => {
  it('has every path, and the dashboard quick action’s /estimates/create reaches the editor like /estimates/create-new', () => {
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

  it('/estimates/create and /estimates/create-new load the same page', async () => {
    const load = async (path: string) => {
      const route = estimateRoutes.find((candidate) => candidate.path === path);
      const lazy = route?.lazy as (() => Promise<{ Component: unknown }>) | undefined;
      return (await lazy?.())?.Component;
    };
    const page = await load('/estimates/create-new');
    expect(page).toBeTypeOf('function');
    expect(await load('/estimates/create')).toBe(page);
  });
});
