import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createBusiness, createUser, emailExists, seedCrmDefaults } from '@ledgerleaf/db';
import { formatUsPhone, registerRequestSchema, toFieldErrors } from '@ledgerleaf/domain';
import { buildApp, loggerOptions } from './app';
import { loadConfig, resolveAppKey } from './env';
import { PasswordHasher } from './lib/password';
import { seedDemo } from './demo/demo.seed';
import { openDatabase } from './runtime';

const USAGE = `Usage: ledgerleaf <command> [options]

Commands:
  migrate                       bring the database schema up to date
  seed                          seed the demo account (even when DEMO=0)
  create-user --email E --name N --business B [--password P] [--phone P]
                                create a business and its owner (password from
                                --password or the LEDGERLEAF_PASSWORD variable)
  backup [--out FILE]           SQLite: consistent copy with VACUUM INTO
                                (default DATA_DIR/backups/ledgerleaf-<time>.sqlite)
  scheduler run                 one scheduler pass now: due recurring invoices,
                                overdue invoices, expired estimates, reminders,
                                pending emails (safe while the server runs)

Configuration comes from the same environment variables as the server (DATA_DIR, DATABASE_URL, ...).`;

async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  const config = loadConfig();

  switch (command) {
    case 'migrate': {
      const { database, applied } = await openDatabase(config, { migrate: true });
      await database.destroy();
      console.log(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'Already up to date.');
      return 0;
    }
    case 'seed': {
      const { database } = await openDatabase(config, { migrate: true });
      try {
        const result = await seedDemo({ db: database.db, hasher: new PasswordHasher(), clock: () => new Date() });
        console.log(
          result.created
            ? `Demo account created (user ${result.userId}).`
            : `Demo account already present (user ${result.userId}).`,
        );
      } finally {
        await database.destroy();
      }
      return 0;
    }
    case 'create-user': {
      const { values } = parseArgs({
        args: rest,
        options: {
          email: { type: 'string' },
          name: { type: 'string' },
          business: { type: 'string' },
          password: { type: 'string' },
          phone: { type: 'string' },
        },
      });
      const password = values.password ?? process.env.LEDGERLEAF_PASSWORD;
      const parsed = registerRequestSchema.safeParse({
        name: values.name,
        business_name: values.business,
        email: values.email,
        phone: values.phone ?? null,
        password,
        password_confirmation: password,
      });
      if (!parsed.success) {
        for (const [field, messages] of Object.entries(toFieldErrors(parsed.error)))
          console.error(`${field}: ${messages.join('; ')}`);
        return 1;
      }
      const input = parsed.data;
      const { database } = await openDatabase(config, { migrate: true });
      try {
        if (await emailExists(database.db, { email: input.email })) {
          console.error(`A user with ${input.email} already exists.`);
          return 1;
        }
        const passwordHash = await new PasswordHasher().hash(input.password);
        const phone = input.phone ? formatUsPhone(input.phone) : null;
        const user = await database.db.transaction().execute(async (trx) => {
          const now = new Date();
          const business = await createBusiness(trx, { name: input.business_name, phone, email: input.email, now });
          await seedCrmDefaults(trx, { businessId: business.id, now });
          return createUser(trx, {
            businessId: business.id,
            name: input.name,
            email: input.email,
            phone,
            passwordHash,
            role: 'owner',
            now,
          });
        });
        console.log(`Created user ${user.id} <${user.email}> owning business ${user.business_id}.`);
      } finally {
        await database.destroy();
      }
      return 0;
    }
    case 'backup': {
      const { values } = parseArgs({ args: rest, options: { out: { type: 'string' } } });
      if (config.databaseUrl) {
        console.error('backup copies the SQLite database; for PostgreSQL use pg_dump.');
        return 1;
      }
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const out = values.out ? resolve(values.out) : join(config.dataDir, 'backups', `ledgerleaf-${stamp}.sqlite`);
      mkdirSync(resolve(out, '..'), { recursive: true });
      const { database } = await openDatabase(config, { migrate: false });
      try {
        // A transactionally consistent copy, safe while the server is running.
        await sql`VACUUM INTO ${out}`.execute(database.db);
      } finally {
        await database.destroy();
      }
      console.log(`Backup written to ${out}`);
      return 0;
    }
    case 'scheduler': {
      if (rest[0] !== 'run') {
        console.error(`Usage: ledgerleaf scheduler run`);
        return 1;
      }
      const { database } = await openDatabase(config, { migrate: true });
      const app = await buildApp({
        config: { ...config, appKey: resolveAppKey(config) },
        database,
        logger: loggerOptions(config.logLevel === 'info' ? 'warn' : config.logLevel),
      });
      try {
        const result = await app.scheduler.runNow();
        console.log(JSON.stringify(result));
        return result.failures > 0 ? 2 : 0;
      } finally {
        await app.close();
      }
    }
    default:
      console.error(`Unknown command: ${command}\n\n${USAGE}`);
      return 1;
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
