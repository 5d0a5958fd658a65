import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing';
import { createBusiness } from './businesses';
import { createUser } from '../auth/users';
import {
  countOwners,
  deleteBusiness,
  exportBusinessTable,
  findBusinessDetails,
  listBusinessTables,
  listReminderSteps,
  replaceReminderSteps,
  revokeOtherAccessTokens,
  updateBusinessDetails,
} from './account';
import { createAccessToken, findActiveToken } from '../auth/access-tokens';

const now = new Date('2026-03-01T10:00:00.000Z');
let test: TestDatabase;
beforeEach(async () => {
  test = await createTestDatabase();
});
afterEach(async () => {
  await test.cleanup();
});

describe('account queries', () => {
  it('reminder steps default to -3, 0, 7, 14 all off, and are replaced per business', async () => {
    const a = await createBusiness(test.db, { name: 'A', now });
    const b = await createBusiness(test.db, { name: 'B', now });
    expect(await listReminderSteps(test.db, { businessId: a.id })).toEqual([
      { offset_days: -3, enabled: false },
      { offset_days: 0, enabled: false },
      { offset_days: 7, enabled: false },
      { offset_days: 14, enabled: false },
    ]);
    await replaceReminderSteps(test.db, {
      businessId: a.id,
      steps: [
        { offset_days: 5, enabled: true },
        { offset_days: -1, enabled: false },
      ],
      now,
    });
    expect(await listReminderSteps(test.db, { businessId: a.id })).toEqual([
      { offset_days: -1, enabled: false },
      { offset_days: 5, enabled: true },
    ]);
    expect((await listReminderSteps(test.db, { businessId: b.id })).every((step) => !step.enabled)).toBe(true);
  });

  it('business details default to mm/dd/yy and Sunday and are saved', async () => {
    const a = await createBusiness(test.db, { name: 'A', now });
    expect(await findBusinessDetails(test.db, { businessId: a.id })).toMatchObject({
      address: null,
      tax_id: null,
      date_format: 'mm/dd/yy',
      first_day_of_week: 0,
    });
    await updateBusinessDetails(test.db, {
      businessId: a.id,
      details: {
        address: '1 Main St\nAustin, TX',
        tax_id: 'US-123',
        default_invoice_notes: 'Thanks',
        default_invoice_terms: null,
        date_format: 'yyyy-mm-dd',
        first_day_of_week: 1,
      },
      now,
    });
    expect(await findBusinessDetails(test.db, { businessId: a.id })).toMatchObject({
      address: '1 Main St\nAustin, TX',
      tax_id: 'US-123',
      date_format: 'yyyy-mm-dd',
      first_day_of_week: 1,
    });
  });

  it('revokes every token of the user but the current one', async () => {
    const a = await createBusiness(test.db, { name: 'A', now });
    const user = await createUser(test.db, {
      businessId: a.id,
      name: 'U',
      email: 'u@a.test',
      passwordHash: 'x',
      role: 'owner',
      now,
    });
    const tokens = [];
    for (const hash of ['a'.repeat(64), 'b'.repeat(64), 'c'.repeat(64)])
      tokens.push(
        await createAccessToken(test.db, {
          businessId: a.id,
          userId: user.id,
          name: 't',
          tokenHash: hash,
          expiresAt: null,
          now,
        }),
      );
    expect(
      await revokeOtherAccessTokens(test.db, { businessId: a.id, userId: user.id, exceptTokenId: tokens[0]!.id, now }),
    ).toBe(2);
    expect(await findActiveToken(test.db, { tokenHash: 'a'.repeat(64), now })).toBeDefined();
    expect(await findActiveToken(test.db, { tokenHash: 'b'.repeat(64), now })).toBeUndefined();
    expect(await countOwners(test.db, { businessId: a.id })).toBe(1);
  });

  it('lists business tables from the catalogue, exports without secrets, and deletes a business with everything of it', async () => {
    const a = await createBusiness(test.db, { name: 'A', now });
    const b = await createBusiness(test.db, { name: 'B', now });
    await createUser(test.db, {
      businessId: a.id,
      name: 'U',
      email: 'u@a.test',
      passwordHash: 'secret-hash',
      role: 'owner',
      now,
    });
    await createUser(test.db, {
      businessId: b.id,
      name: 'V',
      email: 'v@b.test',
      passwordHash: 'secret-hash',
      role: 'owner',
      now,
    });
    const tables = await listBusinessTables(test.db);
    expect(tables).toEqual(expect.arrayContaining(['businesses', 'users', 'clients', 'invoices', 'email_templates']));
    expect(tables).not.toContain('personal_access_tokens');
    const users = await exportBusinessTable(test.db, { businessId: a.id, table: 'users' });
    expect(users).toHaveLength(1);
    expect(users[0]).not.toHaveProperty('password_hash');
    expect(users[0]).toMatchObject({ email: 'u@a.test' });

    await deleteBusiness(test.db, { businessId: a.id });
    expect(await test.db.selectFrom('users').select('email').execute()).toEqual([{ email: 'v@b.test' }]);
    expect(await test.db.selectFrom('businesses').select('name').execute()).toEqual([{ name: 'B' }]);
  });
});
