import { buildApp } from './app';
import { ConfigError, loadConfig, resolveAppKey } from './env';
import { PasswordHasher } from './lib/password';
import { disableDemo, seedDemo } from './demo/demo.seed';
import { openDatabase } from './runtime';

/** Starts the server: validate config, migrate, seed the demo (when DEMO is on), listen. */
async function main(): Promise<void> {
  const config = loadConfig();
  const appKey = resolveAppKey(config);
  const { database, applied } = await openDatabase(config, { migrate: true });
  const app = await buildApp({ config: { ...config, appKey }, database });
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
  const demoParams = { db: database.db, hasher: new PasswordHasher(), clock: () => new Date() };
  if (config.demo) {
    const demo = await seedDemo(demoParams);
    if (demo.created) app.log.info('demo account seeded');
  } else if ((await disableDemo(demoParams)).disabled) {
    app.log.warn('DEMO is off: the demo account password was replaced and its tokens revoked');
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // Recurring invoices, overdue, expiry, reminders: stopped by app.close() (SCHEDULER=0 turns it off).
  if (config.scheduler.enabled) app.scheduler.start(config.scheduler.intervalMs);
  // At warn level (production) the listen line is not logged: say where we are once, on stdout.
  if (
    config.logLevel === 'warn' ||
    config.logLevel === 'error' ||
    config.logLevel === 'fatal' ||
    config.logLevel === 'silent'
  ) {
    console.log(
      `Ledgerleaf listening on ${config.appUrl} (${config.host}:${app.server.address() && typeof app.server.address() === 'object' ? (app.server.address() as { port: number }).port : config.port})`,
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Ledgerleaf failed to start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
