/**
 * `pnpm bench`: GET /api/user (real app, temp SQLite database, valid bearer token) against a bare
 * Fastify route started in the same process, both on 127.0.0.1 with autocannon. Loopback only,
 * bounded in time (BENCH_DURATION seconds each, default 10; BENCH_CONNECTIONS, default 10).
 * Prints and writes bench/results.json: { apiUser: {rps, p99}, bare: {rps, p99}, ratio }.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DURATION, HOST, measure, registerOwner, startBareServer, startBenchApp } from './harness';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const run = (url: string, headers: Record<string, string>, seconds: number) =>
  measure(url, headers, { seconds, connections: CONNECTIONS });

async function main(): Promise<void> {
  const { base, database, close } = await startBenchApp('bench');
  const bare = await startBareServer();
  try {
    const auth = await registerOwner(base, {
      name: 'Bench Owner',
      business_name: 'Bench Bakery',
      email: 'bench@example.com',
      phone: '4155550100',
    });

    console.log(`Warming up (2 s each), then ${DURATION} s per target with ${CONNECTIONS} connections on ${HOST}...`);
    await run(`${base}/api/user`, auth, 2);
    await run(bare.url, {}, 2);
    const apiUser = await run(`${base}/api/user`, auth, DURATION);
    const bareFigures = await run(bare.url, {}, DURATION);
    if (apiUser.non2xx > 0 || apiUser.errors > 0)
      throw new Error(`GET /api/user had ${apiUser.non2xx} non-2xx answers and ${apiUser.errors} errors`);

    const results = {
      apiUser: { rps: apiUser.rps, p99: apiUser.p99 },
      bare: { rps: bareFigures.rps, p99: bareFigures.p99 },
      ratio: Number((apiUser.rps / bareFigures.rps).toFixed(3)),
      durationSeconds: DURATION,
      connections: CONNECTIONS,
      details: {
        apiUser,
        bare: bareFigures,
        durationSeconds: DURATION,
        connections: CONNECTIONS,
        database: database.dialect,
        node: process.version,
        date: new Date().toISOString(),
        command: 'pnpm bench',
      },
    };
    const out = fileURLToPath(new URL('./results.json', import.meta.url));
    writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
    console.log(JSON.stringify({ apiUser: results.apiUser, bare: results.bare, ratio: results.ratio }, null, 2));
    console.log(`Written to ${out}`);
  } finally {
    await bare.close();
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
