import { describe, expect, it } from 'vitest';
import { accountGuestRoutes, accountRoutes } from './index';

describe('accountRoutes', () => {
  it('serves the account paths of SPEC.md section 2 and the invitation guest page', () => {
    expect(accountRoutes.map((route) => route.path)).toEqual([
      '/profile',
      '/user/settings',
      '/user/settings/email-templates',
      '/user/settings/emails',
      '/settings/invoice-reminders',
      '/admin',
    ]);
    const admin = accountRoutes.find((route) => route.path === '/admin')!;
    expect(admin.handle).toEqual({ requiresAdmin: true });
    expect(admin.children?.map((route) => route.path)).toEqual([undefined, '/admin/roles', '/admin/feedback']);
    expect(admin.children?.find((route) => route.path === '/admin/roles')?.handle).toEqual({ requiresAdmin: true });
    expect(accountGuestRoutes.map((route) => route.path)).toEqual(['/invitations/:token']);
  });

  it('loads every page lazily', async () => {
    const all = [...accountRoutes, ...accountGuestRoutes]
      .flatMap((route) => [route, ...(route.children ?? [])])
      .filter((route) => route.lazy);
    for (const route of all) {
      const loaded = await (route.lazy as () => Promise<{ Component: unknown }>)();
      expect(typeof loaded.Component, route.path).toBe('function');
    }
  });
});
