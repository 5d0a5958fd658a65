import { toDbTime } from '../../dialect';
import type { BusinessEmailSettingsTable } from '../../schema';
import type { Db } from '../shared/types';
import type { Selectable } from 'kysely';

export type BusinessEmailSettingsRow = Selectable<BusinessEmailSettingsTable>;

/** A business's own mail server (Settings > Email delivery); undefined when it has none. */
export async function findBusinessEmailSettings(
  db: Db,
  params: { businessId: number },
): Promise<BusinessEmailSettingsRow | undefined> {
  return db
    .selectFrom('business_email_settings')
    .selectAll()
    .where('business_id', '=', params.businessId)
    .executeTakeFirst();
}

/**
 * Creates or replaces the business's mail server. `passwordEncrypted`: a new encrypted password,
 * null to remove it, undefined to keep the stored one.
 */
export async function saveBusinessEmailSettings(
  db: Db,
  params: {
    businessId: number;
    host: string;
    port: number;
    security: string;
    username: string | null;
    passwordEncrypted?: string | null;
    fromAddress: string;
    now: Date;
  },
): Promise<void> {
  const values = {
    host: params.host,
    port: params.port,
    security: params.security,
    username: params.username,
    from_address: params.fromAddress,
    updated_at: toDbTime(params.now),
    ...(params.passwordEncrypted === undefined ? {} : { password_encrypted: params.passwordEncrypted }),
  };
  await db
    .insertInto('business_email_settings')
    .values({ business_id: params.businessId, password_encrypted: null, ...values })
    .onConflict((oc) => oc.column('business_id').doUpdateSet(values))
    .execute();
}

/** Forgets the business's mail server (its email is kept in the outbox again, unless SMTP_URL is set). */
export async function deleteBusinessEmailSettings(db: Db, params: { businessId: number }): Promise<boolean> {
  const result = await db
    .deleteFrom('business_email_settings')
    .where('business_id', '=', params.businessId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
