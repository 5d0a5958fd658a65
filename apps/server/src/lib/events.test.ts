import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, listActivity } from '@ledgerleaf/db';
import { createTestApp, type TestApp } from '../test/harness';
import { createClient } from '../areas/invoicing/clients/clients.service';
import { clientRequestSchema } from '@ledgerleaf/domain';
import { publish, subscribe } from './events';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('domain events', () => {
  it('write the activity log in the transaction of the change and reach subscribers', async () => {
    const business = await createBusiness(t.database.db, { name: 'Events', now: new Date() });
    const seen: string[] = [];
    const unsubscribe = subscribe((_tx, event) => {
      seen.push(event.type);
    });
    try {
      await t.database.db.transaction().execute(async (tx) => {
        await publish(tx, {
          type: 'client.created',
          businessId: business.id,
          userId: null,
          subject: { type: 'client', id: 1 },
          data: { name: 'A' },
          at: new Date(),
        });
      });
    } finally {
      unsubscribe();
    }
    expect(seen).toEqual(['client.created']);
    const rows = await listActivity(t.database.db, { businessId: business.id });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event: 'client.created', subject_type: 'client', subject_id: 1 });
    expect(JSON.parse(rows[0]!.data)).toEqual({ name: 'A' });

    // A transaction that fails after publishing leaves no event.
    await expect(
      t.database.db.transaction().execute(async (tx) => {
        await publish(tx, {
          type: 'client.updated',
          businessId: business.id,
          userId: null,
          subject: { type: 'client', id: 1 },
          data: { name: 'B' },
          at: new Date(),
        });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await listActivity(t.database.db, { businessId: business.id })).toHaveLength(1);
  });

  it('a failing subscriber rolls back the change and its activity row together', async () => {
    const { token } = await t.register({ email: 'events@example.com' });
    const me = await t.get('/api/user', { token });
    expect(me.statusCode).toBe(200);
    const user = await t.database.db
      .selectFrom('users')
      .select(['id', 'business_id'])
      .where('email', '=', 'events@example.com')
      .executeTakeFirstOrThrow();
    const auth = { tokenId: 0, userId: user.id, businessId: user.business_id, user: me.json() };
    const unsubscribe = subscribe(() => {
      throw new Error('subscriber failed');
    });
    try {
      await expect(
        createClient(t.app.deps, { auth, input: clientRequestSchema.parse({ name: 'Never saved' }) }),
      ).rejects.toThrow('subscriber failed');
    } finally {
      unsubscribe();
    }
    expect(
      await t.database.db.selectFrom('clients').select('id').where('business_id', '=', user.business_id).execute(),
    ).toEqual([]);
    expect(await listActivity(t.database.db, { businessId: user.business_id })).toEqual([]);
    // Without the failing subscriber the same write lands with its event.
    const created = await t.post('/api/clients', { name: 'Saved' }, { token });
    expect(created.statusCode).toBe(201);
    const rows = await listActivity(t.database.db, { businessId: user.business_id });
    expect(rows.map((row) => [row.event, row.subject_id, row.user_id])).toEqual([
      ['client.created', created.json().data.id, user.id],
    ]);
  });
});
