/**
 * `pnpm bench` (part): one business with 20,000 leads and 10,000 opportunities (2,000 of them in one
 * column) and 10,000 activities on SQLite, then through the real app over HTTP: the pipeline board
 * (every column's first page with its count, total and weighted total), the 2,000-card column's
 * first page, and the dashboard's crm-overview; autocannon, p50/p99 and requests/s. Target: p50
 * under 15 ms. Writes bench/crm-results.json. Alone: `pnpm --filter @ledgerleaf/server bench:crm`.
 */
import { sql } from 'kysely';
import { seedCrmScale } from '@ledgerleaf/db/testing';
import { DURATION, measureOk, registerOwner, runBench, startBenchApp, writeResults } from './harness';

const CONNECTIONS = Number(process.env.BENCH_SCALE_CONNECTIONS ?? 1);
const LEADS = Number(process.env.BENCH_LEADS ?? 20_000);
const OPPORTUNITIES = Number(process.env.BENCH_OPPORTUNITIES ?? 10_000);
const BIG_COLUMN = Number(process.env.BENCH_BIG_COLUMN ?? 2_000);
const run = (url: string, headers: Record<string, string>, seconds: number) =>
  measureOk(url, headers, { seconds, connections: CONNECTIONS });

async function main(): Promise<void> {
  const { base, database, close } = await startBenchApp('bench-crm');
  try {
    const auth = await registerOwner(base, { name: 'CRM Owner', business_name: 'CRM Scale', email: 'crm@example.com' });

    // The seed generator: batch inserts into the tables the API reads (the stage totals follow by trigger).
    const db = database.db;
    const business = await db.selectFrom('businesses').select('id').executeTakeFirstOrThrow();
    const user = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    console.log(`Seeding ${LEADS} leads, ${OPPORTUNITIES} opportunities and 10,000 activities...`);
    const seedStarted = performance.now();
    const { stages } = await seedCrmScale(db, {
      businessId: business.id,
      ownerIds: [user.id],
      now: new Date(),
      leads: LEADS,
      opportunities: OPPORTUNITIES,
      bigColumn: BIG_COLUMN,
    });
    await sql`analyze`.execute(db);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    console.log(`Seeded in ${seedSeconds.toFixed(1)} s`);

    const targets = {
      board: `${base}/api/crm/board`,
      bigColumn: `${base}/api/crm/board/columns/${stages[0]!.id}`,
      overview: `${base}/api/dashboard/crm-overview`,
    } as const;
    for (const url of Object.values(targets)) {
      const probe = await fetch(url, { headers: auth });
      if (!probe.ok) throw new Error(`${url}: ${probe.status} ${await probe.text()}`);
      await run(url, auth, 2);
    }
    const board = await fetch(targets.board, { headers: auth });
    const columns = ((await board.json()) as { data: { columns: Array<{ count: number; cards: unknown[] }> } }).data
      .columns;
    const results = {
      leads: LEADS,
      opportunities: OPPORTUNITIES,
      bigColumn: BIG_COLUMN,
      columns: columns.length,
      cardsOnFirstBoard: columns.reduce((sum, column) => sum + column.cards.length, 0),
      largestColumnCount: Math.max(...columns.map((column) => column.count)),
      durationSeconds: DURATION,
      connections: CONNECTIONS,
      seedSeconds: Number(seedSeconds.toFixed(1)),
      board: await run(targets.board, auth, DURATION),
      bigColumnPage: await run(targets.bigColumn, auth, DURATION),
      overview: await run(targets.overview, auth, DURATION),
    };
    writeResults('crm-results.json', results);
  } finally {
    await close();
  }
}

runBench(main);
