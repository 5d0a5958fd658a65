export * from './schema';
export * from './dialect';
export * from './connection';
export { preparedQuery, streamRows } from './prepared';
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
export type { Db } from './queries/shared/types';
export * from './queries/account/businesses';
export * from './queries/auth/users';
export * from './queries/auth/access-tokens';
export * from './queries/auth/password-resets';
export * from './queries/auth/waitlist';
export * from './queries/shared/outbox';
export * from './queries/account/email-settings';
export * from './queries/auth/login-attempts';
export * from './queries/shared/rate-limits';
export * from './queries/shared/write-lock';
export * from './queries/shared/idempotency-keys';
export * from './queries/shell/health';
export * from './queries/shared/list-helpers';
export * from './queries/invoicing/clients';
export * from './queries/invoicing/settings';
export * from './queries/invoicing/tax-rates';
export * from './queries/invoicing/products';
export * from './queries/shared/activity';
export * from './queries/invoicing/invoices';
export * from './queries/invoicing/invoice-state';
export * from './queries/invoicing/invoice-reads';
export * from './queries/invoicing/invoice-lists';
export * from './queries/invoicing/numbering';
export * from './queries/invoicing/payments';
export * from './queries/shell/notifications';
export * from './queries/goals/goals';
export * from './queries/goals/allocations';
export * from './queries/goals/other-income';
export * from './queries/goals/tracking';
export * from './queries/shell/feedback';
export * from './queries/account/account';
export * from './queries/invoicing/estimates';
export * from './queries/crm/config';
export * from './queries/crm/stages';
export * from './queries/crm/sources-and-reasons';
export * from './queries/crm/activity-types';
export * from './queries/crm/leads';
export * from './queries/crm/opportunities';
export * from './queries/crm/opportunity-lists';
export * from './queries/crm/opportunity-documents';
export * from './queries/crm/activities';
export * from './queries/crm/reminders';
export * from './queries/crm/reminder-queue';
export * from './queries/crm/notes';
export * from './queries/crm/timeline';
export * from './queries/crm/analytics';
export * from './queries/calendar/calendar';
export * from './queries/reports/aging';
export * from './queries/reports/sales';
export * from './queries/reports/tax';
export * from './queries/reports/money-received';
export * from './queries/reports/documents';
export * from './queries/reports/pipeline-goals';
export * from './queries/reports/records';
export * from './queries/reports/dynamic-reports';
export * from './queries/reports/saved-dynamic-reports';
export * from './queries/dashboard/dashboard';
export type * from './schema-goals';
export type * from './schema-shell';
export type * from './schema-account';
export type * from './schema-estimates';
export type * from './schema-crm';
export type * from './schema-calendar';
export type * from './schema-reports';
export type * from './schema-dashboard';
