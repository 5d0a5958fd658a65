import { describe, expect, it } from 'vitest';
import { createMemoryRouter, matchRoutes } from 'react-router';
import { pathPatterns, paths } from '@ledgerleaf/api';
import { crmRoutes } from './routes';
import { activeCrmNav } from './shared/crm-nav';

describe('CRM routes', () => {
  it('serve every CRM path of the path table', () => {
    const crm = pathPatterns(paths.crm);
    expect(crm).toHaveLength(14);
    for (const pattern of crm) {
      const matched = matchRoutes(crmRoutes, pattern.replace(/:[a-z]+/g, '7'));
      expect(matched?.at(-1)?.route.path, pattern).toBe(pattern);
    }
  });

  it.each([paths.crm.root, paths.crm.leads.detail(7)])('%s redirects to the leads list', async (path) => {
    const router = createMemoryRouter(
      crmRoutes.map(({ lazy: _lazy, ...route }) => ({ ...route, element: <p>{route.path}</p> })) as never,
      { initialEntries: [path] },
    );
    await router.navigate(path);
    expect(router.state.location.pathname).toBe('/crm/leads');
  });
});

describe('CRM section navigation', () => {
  it.each([
    ['/crm/leads', '/crm/leads'],
    ['/crm/leads/4/edit', '/crm/leads'],
    ['/crm/opportunities/create', '/crm/opportunities'],
    ['/crm/pipeline-stages-management', '/crm/settings'],
    ['/crm/lead-sources-management', '/crm/settings'],
    ['/crm/activity-types', '/crm/settings'],
    ['/crm/reminders', '/crm/reminders'],
    ['/crm/client-360', '/crm/client-360'],
  ])('%s marks %s', (pathname, active) => {
    expect(activeCrmNav(pathname)).toBe(active);
  });
});
