export * from './schema';
export * from './dialect';
export * from './connection';
export { preparedQuery } from './prepared';
export { withMigrationLock, isSqliteBusy, MIGRATION_LOCK_WAIT_MS, POSTGRES_MIGRATION_LOCK_ID } from './migration-lock';
export { NodeSqliteDatabase, openSqlite, type SqliteOpenOptions } from './sqlite-adapter';
export {
  migrations,
  migrationProvider,
  createMigrator,
  migrateToLatest,
  migrateDownAll,
  MigrationError,
  type MigrateOptions,
} from './migrations';
export type { Db } from './queries/types';
export * from './queries/businesses';
export * from './queries/users';
export * from './queries/access-tokens';
export * from './queries/password-resets';
export * from './queries/waitlist';
export * from './queries/outbox';
export * from './queries/email-settings';
export * from './queries/login-attempts';
export * from './queries/rate-limits';
export * from './queries/health';
export * from './queries/catalog-helpers';
export * from './queries/clients';
export * from './queries/tax-rates';
export * from './queries/products';
export * from './queries/activity';
export * from './queries/invoices';
export * from './queries/payments';
export * from './queries/notifications';
export * from './queries/goals';
export * from './queries/feedback';
export * from './queries/account';
export * from './queries/estimates';
export * from './queries/crm-config';
export * from './queries/crm-leads';
export * from './queries/crm-opportunities';
export * from './queries/crm-activities';
export * from './queries/crm-analytics';
export * from './queries/calendar';
export * from './queries/reports';
export * from './queries/dynamic-reports';
export * from './queries/saved-dynamic-reports';
export * from './queries/dashboard';
export type * from './schema-goals';
export type * from './schema-shell';
export type * from './schema-account';
export type * from './schema-estimates';
export type * from './schema-crm';
export type * from './schema-calendar';
export type * from './schema-reports';
export type * from './schema-dashboard';
