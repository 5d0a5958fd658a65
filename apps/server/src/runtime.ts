import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createDatabase, migrateToLatest, type DatabaseHandle } from '@ledgerleaf/db';
import type { AppConfig } from './env';

/** Opens the configured database (creating DATA_DIR for SQLite) and optionally migrates it. */
export async function openDatabase(
  config: AppConfig,
  options: { migrate: boolean },
): Promise<{ database: DatabaseHandle; applied: string[] }> {
  mkdirSync(config.dataDir, { recursive: true });
  if (!config.databaseUrl && config.sqlitePath !== ':memory:')
    mkdirSync(dirname(config.sqlitePath), { recursive: true });
  const database = createDatabase({ url: config.databaseUrl, sqlitePath: config.sqlitePath });
  try {
    const applied = options.migrate ? await migrateToLatest(database.db) : [];
    return { database, applied };
  } catch (error) {
    await database.destroy();
    throw error;
  }
}
