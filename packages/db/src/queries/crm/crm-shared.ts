import { sql, type RawBuilder } from 'kysely';

/*
 * SQL fragments of the CRM queries (not exported from the package). The calendar reads leads' names too.
 */

/** The weighted amount of an opportunity row in cents, in SQL (domain `weightedAmountCents`). */
export function weightedSql(alias = 'crm_opportunities'): RawBuilder<number> {
  return sql<number>`((${sql.ref(`${alias}.amount_cents`)} * ${sql.ref(`${alias}.probability`)} + 50) / 100)`;
}

/** A lead's display name (person, else company) in SQL. */
export function leadNameSql(alias = 'crm_leads'): RawBuilder<string> {
  return sql<string>`coalesce(${sql.ref(`${alias}.person_name`)}, ${sql.ref(`${alias}.company_name`)})`;
}
