import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router';
import { makeStore, pathPatterns, paths } from '@ledgerleaf/api';
import { createRoutes, notAvailable, UPCOMING_PATHS } from './routes';

const routes = createRoutes(makeStore());

/** A concrete address for a route path: `/invoices/:id` -> `/invoices/1`. */
const sample = (pattern: string) => pattern.replace(/:[a-z]+/g, '1');

/** Every `path` of the route table, children included. */
function routePaths(list: RouteObject[]): string[] {
  return list.flatMap((route) => [...(route.path ? [route.path] : []), ...routePaths(route.children ?? [])]);
}

describe('the route table and the path table', () => {
  it.each(pathPatterns())('%s opens a page, never the 404', (pattern) => {
    const matched = matchRoutes(routes, sample(pattern));
    expect(matched).not.toBeNull();
    expect(matched!.at(-1)!.route.path).not.toBe('*');
  });

  it.each(pathPatterns())('%s is built: no path of the path table shows "not available yet"', (pattern) => {
    const matched = matchRoutes(routes, sample(pattern));
    expect(matched!.at(-1)!.route.lazy).not.toBe(notAvailable);
  });

  it('serves no path that is not in the path table, besides the catch-alls of later releases and the 404', () => {
    const patterns = new Set(pathPatterns());
    const upcoming = new Set(UPCOMING_PATHS.map((path) => `/${path}`));
    const strays = routePaths(routes).filter((path) => path !== '*' && !patterns.has(path) && !upcoming.has(path));
    expect(strays).toEqual([]);
  });

  it('names the areas later releases build, so their links work today', () => {
    for (const path of [
      paths.crm.leads.list,
      paths.crm.opportunities.edit(3),
      paths.reports,
      paths.dynamicReports,
      paths.calendar,
    ]) {
      const matched = matchRoutes(routes, path);
      expect(matched!.at(-1)!.route.path).not.toBe('*');
    }
  });
});
