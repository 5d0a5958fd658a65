import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely/migration';
import { dialectOf } from '../dialect';
import { withSqliteWriteLock } from '../migration-lock';
import { initialMigration } from './0001-initial';
import { catalogMigration } from './0002-catalog';
import { invoicesMigration } from './0003-invoices';
import { outboxDeliveryMigration } from './0004-outbox-delivery';
import { outboxCategoryMigration } from './0005-outbox-category';
import { notificationsMigration } from './0006-notifications';
import { goalsMigration } from './0007-goals';
import { shellMigration } from './0008-shell';
import { accountMigration } from './0009-account';
import { estimatesMigration } from './0010-estimates';
import { invoiceDataVersionMigration } from './0011-invoice-data-version';
import { invoiceStatusTotalsMigration } from './0012-invoice-status-totals';
import { crmMigration } from './0013-crm';
import { outboxDocumentMigration } from './0014-outbox-document';
import { dashboardMigration } from './0015-dashboard';
import { reportsMigration } from './0016-reports';
import { calendarMigration } from './0017-calendar';
import { dynamicReportsMigration } from './0018-dynamic-reports';
import { openInvoiceIndexesMigration } from './0019-open-invoice-indexes';
import { invoiceQuantityMigration } from './0020-invoice-quantity';
import { reportDaysMigration } from './0021-report-days';
import { reportClientDaysMigration } from './0022-report-client-days';
import { rateLimitsMigration } from './0023-rate-limits';
import { emailDeliveryMigration } from './0024-email-delivery';

// Migrations work on any schema version, so they take an untyped instance.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type AnyKysely = Kysely<any>;

/**
 * The migrations, in order. A static list rather than a folder scan, so that they are part of the
 * bundle the server ships (`dist/main.js` has no migrations folder next to it).
 */
export const migrations: Record<string, Migration> = {
  '0001-initial': initialMigration,
  '0002-catalog': catalogMigration,
  '0003-invoices': invoicesMigration,
  '0004-outbox-delivery': outboxDeliveryMigration,
  '0005-outbox-category': outboxCategoryMigration,
  '0006-notifications': notificationsMigration,
  '0007-goals': goalsMigration,
  '0008-shell': shellMigration,
  '0009-account': accountMigration,
  '0010-estimates': estimatesMigration,
  '0011-invoice-data-version': invoiceDataVersionMigration,
  '0012-invoice-status-totals': invoiceStatusTotalsMigration,
  '0013-crm': crmMigration,
  '0014-outbox-document': outboxDocumentMigration,
  '0015-dashboard': dashboardMigration,
  '0016-reports': reportsMigration,
  '0017-calendar': calendarMigration,
  '0018-dynamic-reports': dynamicReportsMigration,
  '0019-open-invoice-indexes': openInvoiceIndexesMigration,
  '0020-invoice-quantity': invoiceQuantityMigration,
  '0021-report-days': reportDaysMigration,
  '0022-report-client-days': reportClientDaysMigration,
  '0023-rate-limits': rateLimitsMigration,
  '0024-email-delivery': emailDeliveryMigration,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};

export interface MigrateOptions {
  /**
   * PostgreSQL: the schema holding Kysely's migration tables. Needed when the connection works in a
   * schema other than `public` (tests do), because Kysely looks for its tables in every schema.
   */
  schema?: string | undefined;
}

export function createMigrator(db: AnyKysely, options: MigrateOptions = {}): Migrator {
  return new Migrator({
    db,
    provider: migrationProvider,
    ...(options.schema ? { migrationTableSchema: options.schema } : {}),
  });
}

export class MigrationError extends Error {
  constructor(
    message: string,
    readonly results: MigrationResultSet['results'],
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

/** Carries a failed run's results out of the locked transaction, which it rolls back. */
class RolledBack extends Error {
  constructor(readonly resultSet: MigrationResultSet) {
    super('migration failed');
  }
}

async function migrateSqliteLocked(db: AnyKysely, options: MigrateOptions): Promise<MigrationResultSet> {
  try {
    return await withSqliteWriteLock(db, async (locked) => {
      const resultSet = await createMigrator(locked, options).migrateToLatest();
      if (resultSet.error) throw new RolledBack(resultSet);
      return resultSet;
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.resultSet;
    throw error;
  }
}

/**
 * Brings the schema to the latest version; returns the names of the migrations applied now.
 * PostgreSQL: Kysely's migrator takes its advisory lock. SQLite: Kysely takes no lock (one connection
 * per process), so two processes starting on one fresh file both ran the migrations and the second
 * failed ("table ... already exists"); here they run in one transaction holding the write lock
 * (`withSqliteWriteLock`), so the second waits and then finds them applied (and a failed migration
 * leaves nothing half done).
 */
export async function migrateToLatest(db: AnyKysely, options: MigrateOptions = {}): Promise<string[]> {
  const { error, results } =
    dialectOf(db) === 'sqlite'
      ? await migrateSqliteLocked(db, options)
      : await createMigrator(db, options).migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new MigrationError(
      `Migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
      results,
      {
        cause: error,
      },
    );
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/** Rolls back every migration (tests and `down` checks). */
export async function migrateDownAll(db: AnyKysely, options: MigrateOptions = {}): Promise<void> {
  const migrator = createMigrator(db, options);
  for (;;) {
    const { error, results } = await migrator.migrateDown();
    if (error) throw error instanceof Error ? error : new Error(String(error));
    if (!results || results.length === 0) return;
  }
}
