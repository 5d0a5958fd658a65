import { describe, expect, it } from 'vitest';
import { accountGuestRoutes, accountRoutes } from './index';

describe('accountRoutes', () => {
  it('serves the account paths of SPEC.md section 2 and the invitation guest page', () => {
    expect(accountRoutes.map((route) => route.path)).toEqual(['/profile', '/user/settings', '/user/settings/email-templates', '/settings/invoice-reminders', '/admin/roles']);
    expect(accountRoutes.find((route) => route.path === '/admin/roles')?.handle).toEqual({ requiresAdmin: true });
    expect(accountGuestRoutes.map((route) => route.path)).toEqual(['/invitations/:token']);
  });

  it('loads every page lazily', async () => {
    for (const route of [...accountRoutes, ...accountGuestRoutes]) {
      const loaded = await (route.lazy as () => Promise<{ Component: unknown }>)();
      expect(typeof loaded.Component, route.path).toBe('function');
    }
  });
});
