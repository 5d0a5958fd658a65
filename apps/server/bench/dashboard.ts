/**
 * `pnpm bench` (part): one business with 20,000 clients, 100,000 invoices, 100,000 payments,
 * 10,000 opportunities and 50,000 activity-log events on SQLite, then through the real app over
 * HTTP the dashboard's four calls (summary, revenue-data, crm-overview, recent-activity) with
 * autocannon (p50/p99, requests/s), and each call right after a write (an other-income record
 * through the API, so the triggers of migration 0015 have just run and no cache can help).
 * Target: p50 under 15 ms for every figure. Writes bench/dashboard-results.json.
 * Alone: `pnpm --filter @ledgerleaf/server bench:dashboard`.
 */
import { sql } from 'kysely';
import { listStages } from '@ledgerleaf/db';
import {
  afterWrite,
  benchClientRow,
  benchInvoiceRow,
  DURATION,
  isoDay,
  measureOk,
  registerOwner,
  runBench,
  startBenchApp,
  writeResults,
} from './harness';

const CONNECTIONS = Number(process.env.BENCH_SCALE_CONNECTIONS ?? 1);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20_000);
const INVOICES = Number(process.env.BENCH_INVOICES ?? 100_000);
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 100_000);
const OPPORTUNITIES = Number(process.env.BENCH_OPPORTUNITIES ?? 10_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 50_000);
const AFTER_WRITE_RUNS = Number(process.env.BENCH_AFTER_WRITE_RUNS ?? 100);

async function main(): Promise<void> {
  const { database, base, close } = await startBenchApp('bench-dashboard');
  try {
    const auth = await registerOwner(base, {
      name: 'Dashboard Owner',
      business_name: 'Dashboard Scale',
      email: 'dashboard@example.com',
    });
    // The CRM's defaults (pipeline stages) come with the first CRM request.
    await fetch(`${base}/api/dashboard/crm-overview`, { headers: auth });

    // The seed generator: batch inserts into the tables the API reads; the totals follow by trigger.
    const db = database.db;
    const business = await db.selectFrom('businesses').select('id').executeTakeFirstOrThrow();
    const user = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const businessId = business.id;
    const stages = await listStages(db, { businessId });
    const now = new Date().toISOString();
    console.log(
      `Seeding ${CLIENTS} clients, ${INVOICES} invoices, ${PAYMENTS} payments, ${OPPORTUNITIES} opportunities, ${EVENTS} events...`,
    );
    const seedStarted = performance.now();
    await db.transaction().execute(async (tx) => {
      for (let start = 0; start < CLIENTS; start += 500) {
        const rows = Array.from({ length: Math.min(500, CLIENTS - start) }, (_, offset) => {
          const name = `Client ${start + offset}`;
          // Added over three years, like the invoices.
          const created = new Date(Date.now() - ((start + offset) % 1095) * 86_400_000).toISOString();
          return benchClientRow(businessId, name, created, `client${start + offset}@bench.test`);
        });
        await tx.insertInto('clients').values(rows).execute();
      }
      const clientIds = (
        await tx.selectFrom('clients').select('id').where('business_id', '=', businessId).execute()
      ).map((row) => row.id);
      // Invoices over three years; payments on the paid and partly paid ones, then on the rest.
      for (let start = 0; start < INVOICES; start += 250) {
        const rows = Array.from({ length: Math.min(250, INVOICES - start) }, (_, offset) => {
          const i = start + offset;
          const issued = (i * 13) % 1095;
          return benchInvoiceRow(i, {
            businessId,
            clientIds,
            issueDate: isoDay(issued),
            dueDate: isoDay(issued - 30),
            at: now,
          });
        });
        await tx.insertInto('invoices').values(rows).execute();
      }
      const invoices = await tx
        .selectFrom('invoices')
        .select(['id', 'issue_date', 'paid_cents'])
        .where('business_id', '=', businessId)
        .where('paid_cents', '>', 0)
        .execute();
      for (let start = 0; start < PAYMENTS; start += 500) {
        const rows = Array.from({ length: Math.min(500, PAYMENTS - start) }, (_, offset) => {
          const i = start + offset;
          const invoice = invoices[i % invoices.length]!;
          return {
            business_id: businessId,
            invoice_id: invoice.id,
            amount_cents: 1_000 + (i % 5_000),
            payment_date: invoice.issue_date,
            method: 'bank_transfer',
            user_id: user.id,
            created_at: now,
          };
        });
        await tx.insertInto('payments').values(rows).execute();
      }
      const opportunities = Array.from({ length: OPPORTUNITIES }, (_, index) => {
        const stage = stages[index % stages.length]!;
        const at = new Date(Date.now() - (index % 700) * 86_400_000).toISOString();
        const title = `Deal ${index}`;
        return {
          business_id: businessId,
          title,
          sort_title: title.toLowerCase(),
          search_text: title.toLowerCase(),
          client_id: clientIds[index % clientIds.length] ?? null,
          lead_id: null,
          amount_cents: 10_000 + (index % 997) * 1_000,
          stage_id: stage.id,
          probability: stage.probability,
          position: index * 1024,
          stage_entered_at: at,
          expected_close_date: null,
          owner_user_id: user.id,
          source_id: null,
          notes: null,
          lost_reason_id: null,
          lost_note: null,
          closed_at: stage.type === 'open' ? null : at,
          created_by_user_id: null,
          created_at: at,
          updated_at: at,
        };
      });
      for (let start = 0; start < opportunities.length; start += 500)
        await tx
          .insertInto('crm_opportunities')
          .values(opportunities.slice(start, start + 500))
          .execute();
      for (let start = 0; start < EVENTS; start += 500) {
        const rows = Array.from({ length: Math.min(500, EVENTS - start) }, (_, offset) => {
          const i = start + offset;
          return {
            business_id: businessId,
            user_id: user.id,
            subject_type: 'invoice',
            subject_id: i + 1,
            event: 'payment.recorded',
            data: JSON.stringify({
              payment_id: i,
              amount: 12.5,
              invoice_number: `INV-${i}`,
              method: 'cash',
              status: 'paid',
            }),
            created_at: new Date(Date.now() - (EVENTS - i) * 60_000).toISOString(),
          };
        });
        await tx.insertInto('activity_log').values(rows).execute();
      }
    });
    await sql`analyze`.execute(db);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    console.log(`Seeded in ${seedSeconds.toFixed(1)} s`);

    const targets = {
      summary: `${base}/api/dashboard/summary`,
      revenueData: `${base}/api/dashboard/revenue-data`,
      crmOverview: `${base}/api/dashboard/crm-overview`,
      recentActivity: `${base}/api/dashboard/recent-activity`,
    } as const;
    for (const url of Object.values(targets)) {
      const probe = await fetch(url, { headers: auth });
      if (!probe.ok) throw new Error(`${url}: ${probe.status} ${await probe.text()}`);
      await measureOk(url, auth, { seconds: 2, connections: CONNECTIONS });
    }
    let written = 0;
    const write = async () => {
      written += 1;
      const response = await fetch(`${base}/api/other-income/multiple-goals`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 10 + (written % 90), income_date: isoDay(written % 60), source: 'Bench' }),
      });
      if (response.status !== 201) throw new Error(`write failed: ${response.status} ${await response.text()}`);
    };
    const calls: Record<string, unknown> = {};
    for (const [name, url] of Object.entries(targets)) {
      calls[name] = {
        ...(await measureOk(url, auth, { seconds: DURATION, connections: CONNECTIONS })),
        afterWrite: await afterWrite(url, auth, write, AFTER_WRITE_RUNS),
      };
    }
    const summary = (await (await fetch(targets.summary, { headers: auth })).json()) as Record<string, unknown>;
    const results = {
      clients: CLIENTS,
      invoices: INVOICES,
      payments: PAYMENTS,
      opportunities: OPPORTUNITIES,
      events: EVENTS,
      durationSeconds: DURATION,
      connections: CONNECTIONS,
      seedSeconds: Number(seedSeconds.toFixed(1)),
      totalRevenue: summary.totalRevenue,
      outstandingInvoices: summary.outstandingInvoices,
      activeClients: summary.activeClients,
      calls,
    };
    writeResults('dashboard-results.json', results);
  } finally {
    await close();
  }
}

runBench(main);
