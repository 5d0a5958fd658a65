/**
 * `pnpm bench` (part): one business with 20,000 leads and 10,000 opportunities (2,000 of them in one
 * column) and 10,000 activities on SQLite, then through the real app over HTTP: the pipeline board
 * (every column's first page with its count, total and weighted total), the 2,000-card column's
 * first page, and the dashboard's crm-overview; autocannon, p50/p99 and requests/s. Target: p50
 * under 15 ms. Writes bench/crm-results.json. Alone: `pnpm --filter @ledgerleaf/server bench:crm`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { insertLeads, listActivityTypes, listLeadSources, listStages } from '@ledgerleaf/db';
import { buildApp, loggerOptions } from '../src/app';
import { loadConfig, resolveAppKey } from '../src/env';
import { openDatabase } from '../src/runtime';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_SCALE_CONNECTIONS ?? 1);
const LEADS = Number(process.env.BENCH_LEADS ?? 20_000);
const OPPORTUNITIES = Number(process.env.BENCH_OPPORTUNITIES ?? 10_000);
const BIG_COLUMN = Number(process.env.BENCH_BIG_COLUMN ?? 2_000);
const HOST = '127.0.0.1';
const WORDS = [
  'Acme',
  'Blue',
  'Cedar',
  'Delta',
  'Ember',
  'Falcon',
  'Granite',
  'Harbor',
  'Iris',
  'Maple',
  'Nova',
  'Oak',
];

async function run(url: string, headers: Record<string, string>, seconds: number) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers, workers: 1 });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99 };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ledgerleaf-bench-crm-'));
  const config = loadConfig(
    { DATA_DIR: dataDir, HOST, PORT: '0', DEMO: '0', NODE_ENV: 'production', WEB_DIST_DIR: join(dataDir, 'no-web') },
    dataDir,
  );
  const { database } = await openDatabase(config, { migrate: true });
  const app = await buildApp({
    config: { ...config, appKey: resolveAppKey(config) },
    database,
    logger: loggerOptions('warn'),
  });
  try {
    await app.listen({ host: HOST, port: 0 });
    const info = app.server.address();
    if (!info || typeof info === 'string') throw new Error('no TCP address');
    const base = `http://${HOST}:${info.port}`;
    const csrf = await fetch(`${base}/sanctum/csrf-cookie`);
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')?.[1] ?? '';
    const registered = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
      body: JSON.stringify({
        name: 'CRM Owner',
        business_name: 'CRM Scale',
        email: 'crm@example.com',
        password: 'bench password 123',
        password_confirmation: 'bench password 123',
      }),
    });
    if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${await registered.text()}`);
    const { token } = (await registered.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}`, accept: 'application/json' };

    // The seed generator: batch inserts into the tables the API reads (the stage totals follow by trigger).
    const db = database.db;
    const business = await db.selectFrom('businesses').select('id').executeTakeFirstOrThrow();
    const user = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const businessId = business.id;
    const stages = await listStages(db, { businessId });
    const sources = await listLeadSources(db, { businessId });
    const types = await listActivityTypes(db, { businessId });
    const now = new Date();
    const iso = now.toISOString();
    console.log(`Seeding ${LEADS} leads, ${OPPORTUNITIES} opportunities and 10,000 activities...`);
    const seedStarted = performance.now();
    await db.transaction().execute(async (tx) => {
      const clientIds: number[] = [];
      for (let start = 0; start < 2_000; start += 500) {
        const rows = Array.from({ length: 500 }, (_, offset) => {
          const name = `${WORDS[(start + offset) % WORDS.length]} Client ${start + offset}`;
          return {
            business_id: businessId,
            kind: 'company',
            name,
            sort_name: name.toLowerCase(),
            email: `client${start + offset}@bench.test`,
            payment_terms_days: 30,
            is_active: true,
            search_text: name.toLowerCase(),
            created_at: iso,
            updated_at: iso,
          };
        });
        clientIds.push(...(await tx.insertInto('clients').values(rows).returning('id').execute()).map((row) => row.id));
      }
      const statuses = ['new', 'contacted', 'qualified', 'unqualified', 'converted'];
      await insertLeads(tx, {
        businessId,
        rows: Array.from({ length: LEADS }, (_, index) => ({
          person_name: `${WORDS[index % WORDS.length]} Person ${index}`,
          company_name: index % 3 === 0 ? `${WORDS[(index * 5) % WORDS.length]} Co ${index}` : null,
          email: `lead${index}@bench.test`,
          phone: null,
          source_id: index % 7 === 0 ? null : (sources[index % sources.length]?.id ?? null),
          status: statuses[index % statuses.length] as string,
          owner_user_id: user.id,
          estimated_value_cents: (index % 50) * 10_000,
          notes: null,
        })),
        userId: user.id,
        now,
      });
      // Creation dates over two years.
      await sql`update crm_leads set created_at = strftime('%Y-%m-%dT%H:%M:%fZ', ${iso}, printf('-%d hours', id % 17520)) where business_id = ${businessId}`.execute(
        tx,
      );
      const rows = [];
      for (let index = 0; index < OPPORTUNITIES; index += 1) {
        const stage = index < BIG_COLUMN ? stages[0] : stages[(index % (stages.length - 1)) + 1];
        if (!stage) throw new Error('no stage');
        const at = new Date(now.getTime() - (index % 700) * 86_400_000).toISOString();
        const title = `${WORDS[index % WORDS.length]} deal ${index}`;
        rows.push({
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
          source_id: sources[index % sources.length]?.id ?? null,
          notes: null,
          lost_reason_id: null,
          lost_note: null,
          closed_at: stage.type === 'open' ? null : at,
          created_by_user_id: null,
          created_at: at,
          updated_at: at,
        });
      }
      for (let start = 0; start < rows.length; start += 500)
        await tx
          .insertInto('crm_opportunities')
          .values(rows.slice(start, start + 500))
          .execute();
      const opportunityIds = (await tx.selectFrom('crm_opportunities').select('id').execute()).map((row) => row.id);
      const activities = Array.from({ length: 10_000 }, (_, index) => ({
        business_id: businessId,
        type_id: types[index % types.length]?.id ?? 0,
        subject: `Follow up ${index}`,
        notes: null,
        due_at: new Date(now.getTime() + ((index % 60) - 20) * 86_400_000).toISOString(),
        assignee_user_id: user.id,
        done_at: index % 4 === 0 ? iso : null,
        done_by_user_id: null,
        lead_id: null,
        opportunity_id: opportunityIds[index % opportunityIds.length] ?? null,
        client_id: null,
        created_by_user_id: null,
        created_at: iso,
        updated_at: iso,
      }));
      for (let start = 0; start < activities.length; start += 500)
        await tx
          .insertInto('crm_activities')
          .values(activities.slice(start, start + 500))
          .execute();
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
    const out = fileURLToPath(new URL('./crm-results.json', import.meta.url));
    writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
    console.log(JSON.stringify(results, null, 2));
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
