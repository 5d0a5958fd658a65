/**
 * `pnpm bench` (part): one business with 100,000 invoices (due dates over eight years), 10,000 CRM
 * activities (each with a reminder) and 1,000 active monthly recurring schedules on SQLite, then
 * through the real app over HTTP: GET /api/calendar/events of next month (every kind: due dates,
 * projected runs, activities and reminders, estimates, goals, payments); autocannon, p50/p99 and
 * requests/s. Target: p50 under 20 ms. Writes bench/calendar-results.json.
 * Alone: `pnpm --filter @ledgerleaf/server bench:calendar`.
 */
import { sql } from 'kysely';
import { addCalendarDays } from '@ledgerleaf/domain';
import { listActivityTypes, seedCrmDefaults } from '@ledgerleaf/db';
import {
  benchClientRow,
  benchInvoiceRow,
  DURATION,
  measureOk,
  registerOwner,
  runBench,
  startBenchApp,
  writeResults,
} from './harness';

const CONNECTIONS = Number(process.env.BENCH_SCALE_CONNECTIONS ?? 1);
const INVOICES = Number(process.env.BENCH_INVOICES ?? 100_000);
const ACTIVITIES = Number(process.env.BENCH_ACTIVITIES ?? 10_000);
const SCHEDULES = Number(process.env.BENCH_SCHEDULES ?? 1_000);
const CLIENTS = 2_000;

async function main(): Promise<void> {
  const { database, base, close } = await startBenchApp('bench-calendar');
  try {
    const auth = await registerOwner(base, {
      name: 'Calendar Owner',
      business_name: 'Calendar Scale',
      email: 'calendar@example.com',
      time_zone: 'America/New_York',
    });

    // The seed generator: batch inserts into the tables the calendar reads.
    const db = database.db;
    const business = await db.selectFrom('businesses').select('id').executeTakeFirstOrThrow();
    const user = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const businessId = business.id;
    const now = new Date();
    const iso = now.toISOString();
    const today = iso.slice(0, 10);
    await seedCrmDefaults(db, { businessId, now });
    const types = await listActivityTypes(db, { businessId });
    console.log(`Seeding ${INVOICES} invoices, ${ACTIVITIES} activities and ${SCHEDULES} recurring schedules...`);
    const seedStarted = performance.now();
    await db.transaction().execute(async (tx) => {
      const clientIds: number[] = [];
      for (let start = 0; start < CLIENTS; start += 500) {
        const rows = Array.from({ length: 500 }, (_, offset) => {
          const name = `Client ${start + offset}`;
          return benchClientRow(businessId, name, iso, `client${start + offset}@bench.test`);
        });
        clientIds.push(...(await tx.insertInto('clients').values(rows).returning('id').execute()).map((row) => row.id));
      }
      // Due dates over eight years ending a year from now (about 1,000 a month).
      for (let start = 0; start < INVOICES; start += 250) {
        const rows = Array.from({ length: Math.min(250, INVOICES - start) }, (_, offset) => {
          const i = start + offset;
          const due = addCalendarDays(today, 365 - ((i * 13) % 2_920));
          return benchInvoiceRow(i, {
            businessId,
            clientIds,
            issueDate: addCalendarDays(due, -30),
            dueDate: due,
            at: iso,
          });
        });
        await tx.insertInto('invoices').values(rows).execute();
      }
      // Activities over two years around today, each with a reminder 15 minutes before.
      for (let start = 0; start < ACTIVITIES; start += 500) {
        const rows = Array.from({ length: Math.min(500, ACTIVITIES - start) }, (_, offset) => {
          const i = start + offset;
          return {
            business_id: businessId,
            type_id: types[i % types.length]!.id,
            subject: `Follow up ${i}`,
            notes: null,
            due_at: new Date(now.getTime() + (((i * 37) % 730) - 365) * 86_400_000 + (i % 9) * 3_600_000).toISOString(),
            assignee_user_id: user.id,
            done_at: i % 4 === 0 ? iso : null,
            done_by_user_id: null,
            lead_id: null,
            opportunity_id: null,
            client_id: clientIds[i % clientIds.length]!,
            created_by_user_id: null,
            created_at: iso,
            updated_at: iso,
          };
        });
        const ids = await tx.insertInto('crm_activities').values(rows).returning(['id', 'due_at']).execute();
        await tx
          .insertInto('crm_activity_reminders')
          .values(
            ids.map((row) => ({
              business_id: businessId,
              activity_id: row.id,
              offset_minutes: 15,
              remind_at: new Date(Date.parse(row.due_at) - 15 * 60_000).toISOString(),
              pending_at: null,
              created_at: iso,
            })),
          )
          .execute();
      }
      // Monthly schedules, started over the last year, each on its day of the month.
      for (let start = 0; start < SCHEDULES; start += 250) {
        const rows = Array.from({ length: Math.min(250, SCHEDULES - start) }, (_, offset) => {
          const i = start + offset;
          const startDate = addCalendarDays(today, -(i % 365));
          return {
            business_id: businessId,
            client_id: clientIds[i % clientIds.length]!,
            status: 'active',
            template: JSON.stringify({ client_id: clientIds[i % clientIds.length]!, lines: [] }),
            total_cents: 50_000,
            frequency: 'monthly',
            interval_count: 1,
            day_of_month: null,
            start_date: startDate,
            end_type: 'never',
            end_date: null,
            end_count: null,
            payment_terms_days: 15,
            auto_send: false,
            next_index: 0,
            next_run_date: today,
            generated_count: 0,
            created_at: iso,
            updated_at: iso,
          };
        });
        await tx.insertInto('recurring_invoices').values(rows).execute();
      }
    });
    await sql`analyze`.execute(db);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    console.log(`Seeded in ${seedSeconds.toFixed(1)} s`);

    // Next month, as the month view asks for it (the weeks shown: 42 days from the Sunday before the 1st).
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const from = addCalendarDays(first.toISOString().slice(0, 10), -first.getUTCDay());
    const to = addCalendarDays(from, 42);
    const monthUrl = `${base}/api/calendar/events?from=${from}&to=${to}`;
    const probe = await fetch(monthUrl, { headers: auth });
    if (!probe.ok) throw new Error(`${monthUrl}: ${probe.status} ${await probe.text()}`);
    const body = await probe.text();
    const events = (JSON.parse(body) as { data: Array<{ kind: string }> }).data;
    const byKind: Record<string, number> = {};
    for (const event of events) byKind[event.kind] = (byKind[event.kind] ?? 0) + 1;
    await measureOk(monthUrl, auth, { seconds: 2, connections: CONNECTIONS });
    if (process.env.BENCH_PROFILE) {
      const { collectEvents } = await import('../src/areas/calendar/calendar.service');
      const { listCalendarInvoices, listCalendarActivities, listCalendarReminders, listCalendarRecurring } =
        await import('@ledgerleaf/db');
      const time = async (label: string, fn: () => Promise<unknown>) => {
        const runs: number[] = [];
        for (let i = 0; i < 15; i += 1) {
          const started = performance.now();
          await fn();
          runs.push(performance.now() - started);
        }
        runs.sort((a, b) => a - b);
        console.log(label, runs[7]!.toFixed(2), 'ms');
      };
      const fromAt = `${from}T05:00:00.000Z`;
      const toAt = `${to}T05:00:00.000Z`;
      await time('invoices', () => listCalendarInvoices(db, { businessId, from, to }));
      await time('activities', () => listCalendarActivities(db, { businessId, fromAt, toAt }));
      await time('reminders', () => listCalendarReminders(db, { businessId, fromAt, toAt }));
      await time('recurring', () => listCalendarRecurring(db, { businessId, to }));
      await time('collect', () =>
        collectEvents(db, {
          businessId,
          from,
          to,
          kinds: ['invoice_due', 'recurring_run', 'estimate_expiry', 'activity', 'reminder', 'goal_target', 'payment'],
          timeZone: 'America/New_York',
          now,
          canWrite: true,
        }),
      );
      await time('http', () => fetch(monthUrl, { headers: auth }).then((response) => response.text()));
    }
    const results = {
      invoices: INVOICES,
      activities: ACTIVITIES,
      schedules: SCHEDULES,
      range: { from, to },
      events: events.length,
      responseBytes: Buffer.byteLength(body),
      byKind,
      durationSeconds: DURATION,
      connections: CONNECTIONS,
      seedSeconds: Number(seedSeconds.toFixed(1)),
      month: await measureOk(monthUrl, auth, { seconds: DURATION, connections: CONNECTIONS }),
    };
    writeResults('calendar-results.json', results);
  } finally {
    await close();
  }
}

runBench(main);
