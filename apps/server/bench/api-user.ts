/**
 * `pnpm bench`: GET /api/user (real app, temp SQLite database, valid bearer token) against a bare
 * Fastify route started in the same process, both on 127.0.0.1 with autocannon, same connections.
 *
 * The machine may be shared and noisy, so the two targets are measured in alternating rounds
 * (BENCH_ROUNDS, default 4; which one goes first alternates too), each BENCH_DURATION / 2 seconds
 * (default 10 → 5 s; BENCH_CONNECTIONS, default 10), and besides requests/s the bench reports the
 * servers' CPU time per request: both servers run on this process's main thread (autocannon runs in
 * a worker thread), so `process.threadCpuUsage()` of the main thread over a round is what the server
 * spent on it. `cpuRatio` = bare CPU per request / app CPU per request: the requests/s ratio the app
 * would reach with a core of its own, much less sensitive to other work on the machine than `ratio`.
 * Prints and writes bench/results.json: { apiUser: {rps, p99, cpuMicrosPerRequest}, bare: {...}, ratio, cpuRatio, rounds }.
 */
import {
  DURATION,
  type Figures,
  HOST,
  measure,
  registerOwner,
  runBench,
  startBareServer,
  startBenchApp,
  writeResults,
} from './harness';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 4));
const ROUND_SECONDS = Math.max(1, Math.round(DURATION / 2));

/** The main thread's CPU time in microseconds (the process's when the Node version lacks threadCpuUsage). */
function mainThreadCpu(): number {
  const usage = (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage?.() ?? process.cpuUsage();
  return usage.user + usage.system;
}

interface Round extends Figures {
  cpuMicros: number;
  cpuMicrosPerRequest: number;
}

async function round(url: string, headers: Record<string, string>, seconds: number): Promise<Round> {
  const before = mainThreadCpu();
  const figures = await measure(url, headers, { seconds, connections: CONNECTIONS });
  const cpuMicros = mainThreadCpu() - before;
  if (figures.non2xx > 0 || figures.errors > 0)
    throw new Error(`${url}: ${figures.non2xx} non-2xx answers and ${figures.errors} errors`);
  return { ...figures, cpuMicros, cpuMicrosPerRequest: Number((cpuMicros / Math.max(1, figures.requests)).toFixed(1)) };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Requests/s over all rounds, the worst p99, and CPU per request over all rounds. */
function total(rounds: Round[]) {
  const requests = rounds.reduce((sum, r) => sum + r.requests, 0);
  const cpuMicros = rounds.reduce((sum, r) => sum + r.cpuMicros, 0);
  return {
    rps: Math.round(requests / (rounds.length * ROUND_SECONDS)),
    p99: Math.max(...rounds.map((r) => r.p99)),
    cpuMicrosPerRequest: Number((cpuMicros / requests).toFixed(1)),
  };
}

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
    const app = { url: `${base}/api/user`, headers: auth };
    const floor = { url: bare.url, headers: {} };

    console.log(
      `Warming up (2 s each), then ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s per target with ${CONNECTIONS} connections on ${HOST}...`,
    );
    await round(app.url, app.headers, 2);
    await round(floor.url, floor.headers, 2);
    const appRounds: Round[] = [];
    const bareRounds: Round[] = [];
    for (let index = 0; index < ROUNDS; index += 1) {
      const order = index % 2 === 0 ? (['bare', 'app'] as const) : (['app', 'bare'] as const);
      for (const target of order) {
        const figures =
          target === 'app'
            ? await round(app.url, app.headers, ROUND_SECONDS)
            : await round(floor.url, floor.headers, ROUND_SECONDS);
        (target === 'app' ? appRounds : bareRounds).push(figures);
      }
      const a = appRounds.at(-1)!;
      const b = bareRounds.at(-1)!;
      console.log(
        `round ${index + 1}: app ${a.rps} req/s (${a.cpuMicrosPerRequest} µs CPU/req), bare ${b.rps} req/s (${b.cpuMicrosPerRequest} µs CPU/req), ratio ${(a.rps / b.rps).toFixed(3)}, CPU ratio ${(b.cpuMicrosPerRequest / a.cpuMicrosPerRequest).toFixed(3)}`,
      );
    }

    const apiUser = total(appRounds);
    const bareFigures = total(bareRounds);
    const results = {
      apiUser,
      bare: bareFigures,
      /** Requests/s over all rounds, app / bare. */
      ratio: Number((apiUser.rps / bareFigures.rps).toFixed(3)),
      /** The median of the rounds' requests/s ratios. */
      medianRoundRatio: Number(median(appRounds.map((a, i) => a.rps / bareRounds[i]!.rps)).toFixed(3)),
      /** Server CPU per request, bare / app: the ratio with the noise of the machine taken out. */
      cpuRatio: Number((bareFigures.cpuMicrosPerRequest / apiUser.cpuMicrosPerRequest).toFixed(3)),
      rounds: ROUNDS,
      roundSeconds: ROUND_SECONDS,
      durationSeconds: ROUNDS * ROUND_SECONDS,
      connections: CONNECTIONS,
      details: {
        apiUser: appRounds,
        bare: bareRounds,
        database: database.dialect,
        node: process.version,
        date: new Date().toISOString(),
        command: 'pnpm --filter @ledgerleaf/server bench',
      },
    };
    const { details: _details, ...summary } = results;
    const out = writeResults('results.json', results, summary);
    console.log(`Written to ${out}`);
  } finally {
    await bare.close();
    await close();
  }
}

runBench(main);
