// Two builds of the SPA side by side under Lighthouse's mobile settings: each build is served by
// its own copy of the built server (the demo business), and the runs alternate A, B, A, B… so that
// whatever else the machine does falls on both. One run swings by ten points on a 2-core machine;
// the medians of alternating runs tell whether a change helped.
//
//   node tooling/bench/lighthouse-ab.mjs <dist A> <dist B> [paths, comma-separated] [runs per build]
//
// e.g. a build of the previous commit in a worktree against this one:
//   node tooling/bench/lighthouse-ab.mjs ../base/apps/web/dist apps/web/dist /dashboard,/invoices/all 5
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { demoSession, startBuiltServer, storeSession, warmUp } from './built-server.mjs';

const [distA, distB, pathList = '/dashboard,/invoices/all', runCount = '5'] = process.argv.slice(2);
if (!distA || !distB) {
  console.error('usage: node tooling/bench/lighthouse-ab.mjs <dist A> <dist B> [paths] [runs]');
  process.exit(2);
}
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const { default: lighthouse } = await import('lighthouse');
const { launch } = await import('chrome-launcher');

const builds = [];
for (const [name, dist] of [
  ['A', distA],
  ['B', distB],
]) {
  const server = await startBuiltServer({
    prefix: `ledgerleaf-ab-${name}-`,
    demo: true,
    env: { WEB_DIST_DIR: resolve(dist) },
  });
  builds.push({ name, dist, ...server, session: await demoSession(server.base) });
}

const profile = mkdtempSync(join(tmpdir(), 'ledgerleaf-ab-chrome-'));
mkdirSync(profile, { recursive: true });
const chrome = await launch({
  chromePath: chromiumPath,
  userDataDir: profile,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
try {
  // Each origin signed in once: Lighthouse keeps the origin's local storage between runs.
  for (const build of builds) await storeSession(chrome.port, build.base, build.session);
  // One unmeasured load of each page on each server (a server's first answers are slow).
  for (const build of builds) await warmUp(chrome.port, build.base, pathList.split(','), build.session);

  const results = [];
  for (const path of pathList.split(',')) {
    for (let run = 0; run < Number(runCount); run += 1) {
      // Which build goes first alternates too.
      for (const build of run % 2 === 0 ? builds : [...builds].reverse()) {
        const { lhr } = await lighthouse(`${build.base}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          // Lighthouse empties the browser's cache before each run (a first visit) and keeps the token.
        });
        if (lhr.runtimeError) {
          console.warn(`${build.name} ${path}: ${lhr.runtimeError.code}, run left out`);
          continue;
        }
        const row = {
          build: build.name,
          path,
          performance: Math.round(lhr.categories.performance.score * 100),
          tbt: Math.round(lhr.audits['total-blocking-time'].numericValue),
          lcp: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
        };
        results.push(row);
        console.log(JSON.stringify(row));
      }
    }
  }
  console.log(
    '\n| page | build | performance (median) | runs | TBT (median) | LCP (median) |\n|---|---|---:|---|---:|---:|',
  );
  for (const path of pathList.split(',')) {
    for (const build of builds) {
      const rows = results.filter((row) => row.path === path && row.build === build.name);
      if (rows.length === 0) continue;
      console.log(
        `| \`${path}\` | ${build.name} (${build.dist}) | ${median(rows.map((row) => row.performance))} | ${rows.map((row) => row.performance).join(', ')} | ${median(rows.map((row) => row.tbt))} ms | ${median(rows.map((row) => row.lcp))} ms |`,
      );
    }
  }
} finally {
  chrome.kill();
  for (const build of builds) build.stop();
  rmSync(profile, { recursive: true, force: true });
}
