/**
 * `pnpm bench` (part): one business with 20,000 clients and 100,000 invoices on SQLite, then the
 * first page of GET /api/invoices and a client picker search, each against a bare Fastify route
 * started in the same run; p50/p99 latency and requests/s. Loopback only, bounded in time.
 * Writes bench/scale-results.json.
 */
import { sql } from 'kysely';
import { BENCH_WORDS as WORDS } from '@ledgerleaf/db/testing';
import {
  afterWrite,
  benchClientRow,
  benchInvoiceRow,
  DURATION,
  isoDay,
  measureOk,
  registerOwner,
  runBench,
  startBareServer,
  startBenchApp,
  writeResults,
} from './harness';

// One connection: the figures are the latency a person waits for, not queueing behind nine others
// on a single SQLite connection (GET /api/user's bench measures throughput with 10).
const CONNECTIONS = Number(process.env.BENCH_SCALE_CONNECTIONS ?? 1);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20_000);
const INVOICES = Number(process.env.BENCH_INVOICES ?? 100_000);
const STATUSES = ['draft', 'sent', 'viewed', 'partial', 'paid', 'paid', 'paid', 'void'] as const;
const run = (url: string, headers: Record<string, string>, seconds: number) =>
  measureOk(url, headers, { seconds, connections: CONNECTIONS });

/**
 * The list right after a write: the data version moves before every request, so none is served from
 * the totals cache (its cold path).
 */
const AFTER_WRITE_RUNS = Number(process.env.BENCH_AFTER_WRITE_RUNS ?? 200);

async function main(): Promise<void> {
  const { base, database, close } = await startBenchApp('bench-scale');
  const bare = await startBareServer();
  try {
    const auth = await registerOwner(base, {
      name: 'Scale Owner',
      business_name: 'Scale Supplies',
      email: 'scale@example.com',
    });

    // The seed generator: batch inserts straight into the tables the API reads.
    const db = database.db;
    const business = await db.selectFrom('businesses').select('id').executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    console.log(`Seeding ${CLIENTS} clients and ${INVOICES} invoices...`);
    const seedStarted = performance.now();
    for (let start = 0; start < CLIENTS; start += 500) {
      const rows = Array.from({ length: Math.min(500, CLIENTS - start) }, (_, offset) => {
        const i = start + offset;
        const name = `${WORDS[i % WORDS.length]} ${WORDS[Math.floor(i / WORDS.length) % WORDS.length]} ${i}`;
        const email = `client${i}@example.test`;
        return benchClientRow(business.id, name, now, email, `${name.toLowerCase()}\n${email}`);
      });
      await db.insertInto('clients').values(rows).execute();
    }
    const clientIds = (
      await db.selectFrom('clients').select('id').where('business_id', '=', business.id).execute()
    ).map((row) => row.id);
    for (let start = 0; start < INVOICES; start += 250) {
      const rows = Array.from({ length: Math.min(250, INVOICES - start) }, (_, offset) => {
        const i = start + offset;
        const issued = (i * 13) % 365;
        return benchInvoiceRow(i, {
          businessId: business.id,
          clientIds,
          issueDate: isoDay(issued),
          dueDate: isoDay(issued - 30),
          at: now,
          statuses: STATUSES,
        });
      });
      await db.insertInto('invoices').values(rows).execute();
    }
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    console.log(`Seeded in ${seedSeconds.toFixed(1)} s`);

    const targets = {
      invoicesFirstPage: `${base}/api/invoices?page=1&per_page=25`,
      clientSearch: `${base}/api/clients/search?q=maple&limit=20`,
      // The /clients screen's search: a page of matching clients with their outstanding balances.
      clientListSearch: `${base}/api/clients?search=maple&page=1&per_page=25`,
      bare: bare.url,
    } as const;
    for (const [name, url] of Object.entries(targets)) {
      const probe = await fetch(url, { headers: name === 'bare' ? {} : auth });
      if (!probe.ok) throw new Error(`${name}: ${probe.status} ${await probe.text()}`);
      await run(url, name === 'bare' ? {} : auth, 2);
    }
    const invoicesFirstPage = await run(targets.invoicesFirstPage, auth, DURATION);
    const clientSearch = await run(targets.clientSearch, auth, DURATION);
    const clientListSearch = await run(targets.clientListSearch, auth, DURATION);
    const bareFigures = await run(targets.bare, {}, DURATION);
    const invoicesFirstPageAfterWrite = await afterWrite(
      targets.invoicesFirstPage,
      auth,
      async () => {
        // What any invoice write does through the triggers of migration 0011: the cached totals go stale.
        await sql`update businesses set invoice_data_version = invoice_data_version + 1 where id = ${business.id}`.execute(
          db,
        );
      },
      AFTER_WRITE_RUNS,
    );
    const overdueAfterWrite = await afterWrite(
      `${base}/api/invoices?status=overdue&page=1&per_page=25`,
      auth,
      async () => {
        await sql`update businesses set invoice_data_version = invoice_data_version + 1 where id = ${business.id}`.execute(
          db,
        );
      },
      AFTER_WRITE_RUNS,
    );
    const results = {
      clients: CLIENTS,
      invoices: INVOICES,
      durationSeconds: DURATION,
      connections: CONNECTIONS,
      seedSeconds: Number(seedSeconds.toFixed(1)),
      invoicesFirstPage,
      invoicesFirstPageAfterWrite,
      overdueAfterWrite,
      clientSearch,
      clientListSearch,
      bare: bareFigures,
    };
    writeResults('scale-results.json', results);
  } finally {
    await bare.close();
    await close();
  }
}

runBench(main);
