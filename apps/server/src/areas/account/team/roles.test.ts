import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../../test/harness';
import { addMember } from '../../../test/members';
import { roleAllows, routeAccess } from '../../../plugins/auth';

/**
 * Walks the route table of the whole app (every authenticated route any module registers, now or
 * later), so a new route is covered without touching this file.
 */
let t: TestApp;
let owner: string;
let member: string;
let accountant: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = (await t.register()).token;
  member = (await addMember(t, owner, 'member@example.com', 'member')).token;
  accountant = (await addMember(t, owner, 'accountant@example.com', 'accountant')).token;
});
afterAll(async () => {
  await t.close();
});

const concrete = (url: string) =>
  url
    .replace(/:token\b/g, 'x'.repeat(43))
    .replace(/:key\b/g, 'invoice')
    .replace(/:[A-Za-z_]+/g, '1')
    .replace(/\*/g, 'x');

async function call(method: string, url: string, token: string) {
  return t.app.inject({
    method: method as 'POST',
    url: concrete(url),
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'content-type': 'application/json' },
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: '{}' }),
  });
}

describe('role enforcement on every route', () => {
  it('captures every authenticated route of the app', () => {
    const captured = new Set(t.app.authRoutes.map((route) => `${route.method} ${route.url}`));
    const documented = t.app.routeDocs.filter((doc) => doc.auth).map((doc) => `${doc.method} ${doc.url}`);
    expect(documented.length).toBeGreaterThan(30);
    for (const route of documented) expect(captured, route).toContain(route);
    expect(captured).toContain('POST /api/invoices');
    expect(captured).toContain('PUT /api/team/members/:id/role');
  });

  it('answers 403 to the read-only role for every state-changing request but its own self-service', async () => {
    // A POST that changes nothing (running a dynamic report) declares `read`: the read-only role may.
    const reads = t.app.authRoutes.filter((route) => route.method !== 'GET' && route.access === 'read');
    for (const route of reads) {
      const response = await call(route.method, route.url, accountant);
      expect(response.statusCode, `${route.method} ${route.url}`).not.toBe(403);
    }
    const writes = t.app.authRoutes.filter(
      (route) => route.method !== 'GET' && route.access !== 'self' && route.access !== 'read',
    );
    expect(writes.length).toBeGreaterThan(20);
    for (const route of writes) {
      const response = await call(route.method, route.url, accountant);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json().message).toBe(
        route.access === 'admin' ? ACCOUNT_MESSAGES.adminOnly : ACCOUNT_MESSAGES.forbidden,
      );
    }
    // Nothing changed.
    expect((await t.get('/api/clients', { token: owner })).json().data).toEqual([]);
  });

  it('answers 403 to a member on every admin route, reads included', async () => {
    const admin = t.app.authRoutes.filter((route) => route.access === 'admin');
    expect(admin.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/team',
        'POST /api/team/invitations',
        'PUT /api/settings/business',
        'PUT /api/email-templates/:key',
        'PUT /api/settings/invoice-reminders',
        'GET /api/profile/export',
        'PUT /api/settings/invoicing',
        'PUT /api/recurring-invoices/config',
      ]),
    );
    for (const route of admin) {
      const response = await call(route.method, route.url, member);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('lets the read-only role read and do its self-service writes', async () => {
    for (const url of [
      '/api/clients',
      '/api/invoices',
      '/api/products',
      '/api/profile',
      '/api/settings/business',
      '/api/email-templates',
      '/api/settings/invoice-reminders',
    ]) {
      expect((await t.get(url, { token: accountant })).statusCode, url).toBe(200);
    }
    expect(
      (await t.put('/api/profile', { email: 'accountant@example.com', phone: '2125550123' }, { token: accountant }))
        .statusCode,
    ).toBe(200);
    const other = (
      await t.post('/web-login', { email: 'accountant@example.com', password: 'member password 1' })
    ).json().token as string;
    expect(
      (await t.post('/api/profile/sign-out-others', undefined, { token: accountant })).json().revoked,
    ).toBeGreaterThanOrEqual(1);
    expect((await t.get('/api/user', { token: other })).statusCode).toBe(401);
    expect((await t.post('/api/logout', undefined, { token: other })).statusCode).toBe(401);
    const signedIn = (
      await t.post('/web-login', { email: 'accountant@example.com', password: 'member password 1' })
    ).json().token as string;
    expect((await t.post('/api/logout', undefined, { token: signedIn })).statusCode).toBe(200);
  });

  it('a member writes ordinary data', async () => {
    expect((await t.post('/api/clients', { name: 'Member client' }, { token: member })).statusCode).toBe(201);
  });
});

describe('roleAllows', () => {
  it('follows the table of roles, any unknown role only reads', () => {
    expect(roleAllows('owner', 'admin', 'PUT')).toBe(true);
    expect(roleAllows('admin', 'admin', 'PUT')).toBe(true);
    expect(roleAllows('member', 'admin', 'GET')).toBe(false);
    expect(roleAllows('member', 'write', 'POST')).toBe(true);
    expect(roleAllows('accountant', 'write', 'POST')).toBe(false);
    expect(roleAllows('accountant', 'read', 'GET')).toBe(true);
    expect(roleAllows('accountant', 'self', 'POST')).toBe(true);
    expect(roleAllows('stranger', 'write', 'POST')).toBe(false);
    expect(roleAllows('stranger', 'read', 'GET')).toBe(true);
    expect(routeAccess('POST', '/api/logout', undefined)).toBe('self');
    expect(routeAccess('DELETE', '/api/clients/:id', undefined)).toBe('write');
    expect(routeAccess('GET', '/api/team', 'admin')).toBe('admin');
  });
});
