import { randomBytes } from 'node:crypto';
import { DEMO_ACCOUNT } from '@ledgerleaf/domain';
import {
  createBusiness,
  createUser,
  findUserByEmail,
  revokeUserAccessTokens,
  updateUserPassword,
  withMigrationLock,
  type Db,
} from '@ledgerleaf/db';
import type { PasswordHasher } from '../lib/password';
import { seedDemoCatalog } from './demo.catalog';
import { seedDemoInvoices } from './demo.invoices';
import { seedDemoGoals } from './demo.goals';
import { seedDemoEstimates } from './demo.estimates';
import { seedDemoCrm } from './demo.crm';

/** The demo business's profile (its clients, products and tax rates are in demo.catalog.ts, its invoices and payments in demo.invoices.ts; later issues add goals…). */
export const DEMO_PROFILE = {
  businessPhone: '(415) 555-0142',
  businessEmail: 'hello@leafandledger.studio',
  userPhone: '(415) 555-0199',
  address: '2150 Mission Street, Suite 4\nSan Francisco, CA 94110',
  taxId: '94-3172245',
} as const;

/** The business details printed on its invoices; an account that already has an address keeps it. */
async function seedDemoBusinessDetails(tx: Db, params: { businessId: number; now: Date }): Promise<void> {
  await tx
    .updateTable('businesses')
    .set({ address: DEMO_PROFILE.address, tax_id: DEMO_PROFILE.taxId, updated_at: params.now.toISOString() })
    .where('id', '=', params.businessId)
    .where('address', 'is', null)
    .execute();
}

/**
 * Creates the demo business and its owner when missing; run on every start while DEMO is on.
 * Running it again changes nothing, except that it restores the demo password if it was changed.
 * It holds the lock migrations hold (`withMigrationLock`) from its first read to its commit, so two
 * instances starting together on a fresh database seed once: the second finds the first's account.
 */
export async function seedDemo(params: {
  db: Db;
  hasher: PasswordHasher;
  clock: () => Date;
}): Promise<{ created: boolean; userId: number }> {
  return withMigrationLock(params.db, async (trx) => {
    const existing = await findUserByEmail(trx, { email: DEMO_ACCOUNT.email });
    if (existing) {
      if (!(await params.hasher.verify(existing.password_hash, DEMO_ACCOUNT.password))) {
        await updateUserPassword(trx, {
          businessId: existing.business_id,
          userId: existing.id,
          passwordHash: await params.hasher.hash(DEMO_ACCOUNT.password),
          now: params.clock(),
        });
      }
      // An account seeded before the catalogue existed gets it now; one that has any keeps what it has.
      await seedDemoBusinessDetails(trx, { businessId: existing.business_id, now: params.clock() });
      await seedDemoCatalog(trx, { businessId: existing.business_id, userId: existing.id, now: params.clock() });
      await seedDemoInvoices(trx, { businessId: existing.business_id, userId: existing.id, now: params.clock() });
      await seedDemoGoals(trx, { businessId: existing.business_id, userId: existing.id, now: params.clock() });
      await seedDemoEstimates(trx, { businessId: existing.business_id, userId: existing.id, now: params.clock() });
      await seedDemoCrm(trx, { businessId: existing.business_id, userId: existing.id, now: params.clock() });
      return { created: false, userId: existing.id };
    }
    const passwordHash = await params.hasher.hash(DEMO_ACCOUNT.password);
    const now = params.clock();
    const business = await createBusiness(trx, {
      name: DEMO_ACCOUNT.business_name,
      phone: DEMO_PROFILE.businessPhone,
      email: DEMO_PROFILE.businessEmail,
      now,
    });
    const user = await createUser(trx, {
      businessId: business.id,
      name: DEMO_ACCOUNT.name,
      email: DEMO_ACCOUNT.email,
      phone: DEMO_PROFILE.userPhone,
      passwordHash,
      role: 'owner',
      now,
    });
    await seedDemoBusinessDetails(trx, { businessId: business.id, now });
    await seedDemoCatalog(trx, { businessId: business.id, userId: user.id, now });
    await seedDemoInvoices(trx, { businessId: business.id, userId: user.id, now });
    await seedDemoGoals(trx, { businessId: business.id, userId: user.id, now });
    await seedDemoEstimates(trx, { businessId: business.id, userId: user.id, now });
    await seedDemoCrm(trx, { businessId: business.id, userId: user.id, now });
    return { created: true, userId: user.id };
  });
}

/**
 * With DEMO off, a demo account left from an earlier run must not stay reachable with its published
 * password: the password is replaced by a random one and its tokens are revoked. Nothing else is
 * deleted; turning DEMO on again restores the password.
 */
export async function disableDemo(params: {
  db: Db;
  hasher: PasswordHasher;
  clock: () => Date;
}): Promise<{ disabled: boolean }> {
  const existing = await findUserByEmail(params.db, { email: DEMO_ACCOUNT.email });
  if (!existing || !(await params.hasher.verify(existing.password_hash, DEMO_ACCOUNT.password)))
    return { disabled: false };
  const passwordHash = await params.hasher.hash(randomBytes(32).toString('base64url'));
  // Under the start-up lock: an instance starting with DEMO on at the same moment seeds before or after.
  await withMigrationLock(params.db, async (trx) => {
    const now = params.clock();
    await updateUserPassword(trx, { businessId: existing.business_id, userId: existing.id, passwordHash, now });
    await revokeUserAccessTokens(trx, { businessId: existing.business_id, userId: existing.id, now });
  });
  return { disabled: true };
}
