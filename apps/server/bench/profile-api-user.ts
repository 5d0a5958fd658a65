/**
 * Profiling helper for `GET /api/user` (issue 18): the bench app and the bare route in this process,
 * autocannon in a worker thread on one of them; V8's CPU profiler (what `node --cpu-prof` uses)
 * records the main thread, where both servers run, over the measured PROFILE_SECONDS (default 10)
 * only, without start-up and warm-up. Writes PROFILE_OUT (default ./api-user.cpuprofile; open it
 * in Chrome DevTools or speedscope) and prints the requests and the main thread's CPU per request:
 *   node --import tsx bench/profile-api-user.ts [app|bare]
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { measure, registerOwner, runBench, startBareServer, startBenchApp } from './harness';

const target = process.argv[2] === 'bare' ? 'bare' : 'app';
const seconds = Number(process.env.PROFILE_SECONDS ?? 10);
const out = process.env.PROFILE_OUT ?? `${target}-api-user.cpuprofile`;

function mainThreadCpu(): number {
  const usage = process.threadCpuUsage();
  return usage.user + usage.system;
}

async function main(): Promise<void> {
  const { base, close } = await startBenchApp('profile');
  const bare = await startBareServer();
  const session = new Session();
  session.connect();
  try {
    const auth = await registerOwner(base, {
      name: 'Profile Owner',
      business_name: 'Profile Bakery',
      email: 'profile@example.com',
    });
    const [url, headers] = target === 'app' ? [`${base}/api/user`, auth] : [bare.url, {}];
    await measure(url, headers, { seconds: 3, connections: 10 });
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    const before = mainThreadCpu();
    const figures = await measure(url, headers, { seconds, connections: 10 });
    const cpu = mainThreadCpu() - before;
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(out, JSON.stringify(profile));
    console.log(
      JSON.stringify({ target, ...figures, cpuMicrosPerRequest: Number((cpu / figures.requests).toFixed(1)), out }),
    );
  } finally {
    session.disconnect();
    await bare.close();
    await close();
  }
}

runBench(main);
