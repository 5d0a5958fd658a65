import { toDbTime } from '../../dialect';
import type { Business } from '../../schema';
import type { Db } from '../shared/types';

export async function createBusiness(
  db: Db,
  params: { name: string; phone?: string | null; email?: string | null; companyLogo?: string | null; now: Date },
): Promise<Business> {
  const now = toDbTime(params.now);
  return db
    .insertInto('businesses')
    .values({
      name: params.name,
      phone: params.phone ?? null,
      email: params.email ?? null,
      company_logo: params.companyLogo ?? null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findBusinessById(db: Db, params: { businessId: number }): Promise<Business | undefined> {
  return db.selectFrom('businesses').selectAll().where('id', '=', params.businessId).executeTakeFirst();
}
