/**
 * A quick measurement of the CRM queries at scale (not part of `pnpm bench` yet; the bench harness
 * will call the HTTP endpoints built on these): one business with 20,000 leads, 10,000
 * opportunities (2,000 in one column) and 10,000 activities on a SQLite file, then each query 200
 * times after a warm-up, p50 and p99 in milliseconds. Run from the repository root:
 *   pnpm --filter @ledgerleaf/server exec node --import tsx ../../packages/db/bench/crm-scale.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { rateWindowStart, reminderBucketBounds, startOfZonedMonth } from '@ledgerleaf/domain';
import { createDatabase } from '../src/connection';
import { migrateToLatest } from '../src/migrations';
import { createBusiness } from '../src/queries/account/businesses';
import { seedCrmDefaults } from '../src/queries/crm/config';
import { listLeads } from '../src/queries/crm/leads';
import { boardColumnTotals, listBoardCards, listOpportunities } from '../src/queries/crm/opportunity-lists';
import { listNextActivities } from '../src/queries/crm/activities';
import { countCrmReminderBuckets, listCrmReminders } from '../src/queries/crm/reminders';
import { crmOverviewFigures, crmPipelineFigures, leadAnalyticsFigures } from '../src/queries/crm/analytics';
import { seedCrmScale } from '../src/crm-scale-seed';
import { createUser } from '../src/queries/auth/users';

const LEADS = Number(process.env.BENCH_LEADS ?? 20_000);
const OPPORTUNITIES = Number(process.env.BENCH_OPPORTUNITIES ?? 10_000);
const BIG_COLUMN = Number(process.env.BENCH_BIG_COLUMN ?? 2_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const ZONE = 'America/New_York';

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'ledgerleaf-crm-bench-'));
  const handle = createDatabase({ sqlitePath: join(dir, 'bench.sqlite') });
  const db = handle.db;
  try {
    await migrateToLatest(db);
    const now = new Date();
    const business = await createBusiness(db, { name: 'Bench', now });
    const users = [];
    for (let index = 0; index < 5; index += 1)
      users.push(
        await createUser(db, {
          businessId: business.id,
          name: `User ${index}`,
          email: `user${index}@bench.test`,
          passwordHash: 'x',
          role: 'member',
          now,
        }),
      );
    await seedCrmDefaults(db, { businessId: business.id, now });
    const started = performance.now();
    const { stages } = await seedCrmScale(db, {
      businessId: business.id,
      ownerIds: users.map((user) => user.id),
      now,
      leads: LEADS,
      opportunities: OPPORTUNITIES,
      bigColumn: BIG_COLUMN,
    });
    // Statistics for the planner, as a database that has been running a while has them.
    await sql`analyze`.execute(db);
    console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const measure = async (label: string, run: () => Promise<unknown>) => {
      for (let index = 0; index < 20; index += 1) await run();
      const times: number[] = [];
      for (let index = 0; index < RUNS; index += 1) {
        const start = performance.now();
        await run();
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] as number;
      console.log(`| ${label} | ${at(0.5).toFixed(2)} ms | ${at(0.99).toFixed(2)} ms |`);
    };
    const businessId = business.id;
    console.log('| query | p50 | p99 |\n|---|---:|---:|');
    await measure('board: every column first page (20 cards) + totals + next activities', async () => {
      const totals = await boardColumnTotals(db, { businessId });
      for (const stage of stages) {
        const page = await listBoardCards(db, { businessId, stageId: stage.id, limit: 20 });
        await listNextActivities(db, { businessId, opportunityIds: page.cards.map((card) => card.id) });
      }
      return totals;
    });
    await measure(`board: the ${BIG_COLUMN}-card column, first page`, () =>
      listBoardCards(db, { businessId, stageId: stages[0]?.id ?? 0, limit: 20 }),
    );
    await measure(`board: the ${BIG_COLUMN}-card column, page 50 (by cursor)`, () =>
      listBoardCards(db, {
        businessId,
        stageId: stages[0]?.id ?? 0,
        after: { position: 1000 * 1024, id: 1_000_000 },
        limit: 20,
      }),
    );
    await measure('board totals filtered by owner (adds up the rows)', () =>
      boardColumnTotals(db, { businessId, ownerId: users[0]?.id }),
    );
    await measure('crm-overview figures', () =>
      crmOverviewFigures(db, {
        businessId,
        monthStart: startOfZonedMonth(new Date(), ZONE),
        windowStart: rateWindowStart(new Date(), 90, ZONE),
      }),
    );
    await measure('pipeline chart', () => crmPipelineFigures(db, { businessId }));
    await measure('lead analytics (all time)', () => leadAnalyticsFigures(db, { businessId }));
    await measure('leads list, first page (25)', () =>
      listLeads(db, { businessId, sort: 'created_at', direction: 'desc', limit: 25, offset: 0 }),
    );
    await measure('leads list, search "maple"', () =>
      listLeads(db, { businessId, search: 'maple', sort: 'created_at', direction: 'desc', limit: 25, offset: 0 }),
    );
    await measure('leads list, status qualified sorted by name', () =>
      listLeads(db, { businessId, statuses: ['qualified'], sort: 'name', direction: 'asc', limit: 25, offset: 0 }),
    );
    await measure('opportunities list, first page (25) with summary', () =>
      listOpportunities(db, { businessId, sort: 'created_at', direction: 'desc', limit: 25, offset: 0 }),
    );
    const bounds = reminderBucketBounds(new Date(), ZONE);
    await measure('reminders: counts + overdue page, one person', async () => {
      await countCrmReminderBuckets(db, { businessId, assigneeUserId: users[0]?.id, ...bounds });
      return listCrmReminders(db, {
        businessId,
        assigneeUserId: users[0]?.id,
        ...bounds,
        bucket: 'overdue',
        limit: 25,
        offset: 0,
      });
    });
  } finally {
    await handle.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
