import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '@ledgerleaf/domain';
import { findUserByEmail } from '@ledgerleaf/db';
import { createTestDatabase, type TestDatabase } from '@ledgerleaf/db/testing';
import { PasswordHasher } from '../../lib/password';
import { TEST_PASSWORD_PARAMS } from '../../test/harness';
import { seedDemo } from '../../demo/demo.seed';

let database: TestDatabase;
const hasher = new PasswordHasher(TEST_PASSWORD_PARAMS);
const clock = () => new Date();
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.cleanup();
});

describe('demo goals', () => {
  it('seeds goals filled by payment and income allocations, one achieved, tracked goals computed, badges earned, once', async () => {
    await seedDemo({ db: database.db, hasher, clock });
    const user = await findUserByEmail(database.db, { email: DEMO_ACCOUNT.email });
    const businessId = user!.business_id;
    const db = database.db;
    const goals = await db
      .selectFrom('goals')
      .selectAll()
      .where('business_id', '=', businessId)
      .orderBy('id')
      .execute();
    expect(goals.map((goal) => goal.type)).toEqual([
      'financial',
      'financial',
      'financial',
      'financial',
      'revenue_collected',
      'new_clients',
    ]);
    const allocations = await db
      .selectFrom('goal_allocations')
      .selectAll()
      .where('business_id', '=', businessId)
      .execute();
    expect(allocations.some((row) => row.source_type === 'payment')).toBe(true);
    expect(allocations.some((row) => row.source_type === 'other_income')).toBe(true);
    // every financial goal holds its initial amount plus its allocations
    for (const goal of goals.filter((row) => row.type === 'financial')) {
      const allocated = allocations
        .filter((row) => row.goal_id === goal.id)
        .reduce((sum, row) => sum + Number(row.amount_cents), 0);
      expect(Number(goal.current_cents)).toBe(Number(goal.initial_cents) + allocated);
    }
    // no payment is allocated beyond its amount
    const payments = await db
      .selectFrom('payments')
      .select(['id', 'amount_cents'])
      .where('business_id', '=', businessId)
      .execute();
    for (const payment of payments) {
      const allocated = allocations
        .filter((row) => row.payment_id === payment.id)
        .reduce((sum, row) => sum + Number(row.amount_cents), 0);
      expect(allocated).toBeLessThanOrEqual(Number(payment.amount_cents));
    }
    const workstation = goals.find((goal) => goal.title === 'New design workstation')!;
    expect(workstation).toMatchObject({ status: 'completed', current_cents: 450000 });
    expect(workstation.achieved_at!.slice(0, 10) <= workstation.target_date).toBe(true);
    expect(Number(goals.find((goal) => goal.type === 'revenue_collected')!.current_cents)).toBeGreaterThan(0);
    const badges = (
      await db.selectFrom('goal_badges').select('code').where('business_id', '=', businessId).execute()
    ).map((row) => row.code);
    expect(badges).toEqual(
      expect.arrayContaining([
        'first_goal_created',
        'first_goal_achieved',
        'achieved_before_deadline',
        'allocated_1000',
      ]),
    );
    expect(
      await db.selectFrom('other_income').select('id').where('business_id', '=', businessId).execute(),
    ).toHaveLength(4);

    await seedDemo({ db: database.db, hasher, clock });
    expect(await db.selectFrom('goals').select('id').where('business_id', '=', businessId).execute()).toHaveLength(6);
    expect(
      await db.selectFrom('other_income').select('id').where('business_id', '=', businessId).execute(),
    ).toHaveLength(4);
  });
});
