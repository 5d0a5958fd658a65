import { expect } from 'vitest';
import type { TestApp } from '../../test/harness';
import { addMember } from '../../test/members';

/** An owner of a fresh business: token, user id and business id. */
export interface CrmOwner {
  token: string;
  userId: number;
  businessId: number;
}

export async function crmOwner(t: TestApp, email: string, business = 'Olive Bakery'): Promise<CrmOwner> {
  const registered = await t.register({ email, business_name: business });
  const row = await t.database.db
    .selectFrom('users')
    .select(['id', 'business_id'])
    .where('id', '=', registered.user.id)
    .executeTakeFirstOrThrow();
  return { token: registered.token, userId: row.id, businessId: row.business_id };
}

/** A team member of `owner`'s business with `role` (member, admin, accountant). */
export async function crmMember(t: TestApp, owner: CrmOwner, email: string, role: string) {
  return addMember(t, owner.token, email, role);
}

/** The business's stages by name. */
export async function stages(t: TestApp, token: string): Promise<Record<string, { id: number; type: string }>> {
  const response = await t.get('/api/crm/pipeline-stages', { token });
  expect(response.statusCode, response.body).toBe(200);
  return Object.fromEntries(
    (response.json().data as Array<{ id: number; name: string; type: string }>).map((stage) => [stage.name, stage]),
  );
}

export async function firstId(t: TestApp, token: string, url: string): Promise<number> {
  const response = await t.get(url, { token });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as Array<{ id: number }>)[0]!.id;
}

/** Creates a lead and answers it. */
export async function createLead(t: TestApp, token: string, body: Record<string, unknown> = {}) {
  const response = await t.post('/api/crm/leads', { person_name: 'Lena Lead', ...body }, { token });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; email: string | null; status: string; owner_user_id: number | null };
}

export async function createClient(t: TestApp, token: string, body: Record<string, unknown> = {}) {
  const response = await t.post('/api/clients', { name: 'Acme Studio', email: 'acme@example.com', ...body }, { token });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; name: string };
}

/** Creates an opportunity and answers it. */
export async function createOpportunity(t: TestApp, token: string, body: Record<string, unknown>) {
  const response = await t.post(
    '/api/crm/opportunities',
    { title: 'Website redesign', amount: 1000, ...body },
    {
      token,
    },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as {
    id: number;
    stage_id: number;
    probability: number;
    closed_at: string | null;
    lost_reason_id: number | null;
  };
}
