// `pnpm bench`: every figure of BENCHMARKS.md is produced here, in one run on one machine, so the
// ratios compare things measured side by side.
//  1. apps/server's bench: GET /api/user (valid bearer token, real app, SQLite) vs a bare Fastify
//     route, both with autocannon on loopback; requests/s, p99 and their ratio.
//  2. 100,000 invoices and 20,000 clients: the invoice list's first page and the client picker search
//     against a bare route (apps/server/bench/scale.ts); the 20-line invoice PDF render time.
//  3. The CRM with 20,000 leads and 10,000 opportunities: the board and the crm-overview
//     (apps/server/bench/crm.ts).
//  4. The JavaScript the browser loads for /login: the real built app is served by the real server,
//     Debian's chromium opens /login, and every script response is gzipped (level 9) and summed.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, cpus, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
    server.on('error', reject);
  });
}

async function waitFor(url, timeoutMs = 30000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function loginJavaScript() {
  const dataDir = mkdtempSync(join(tmpdir(), 'ledgerleaf-bench-web-'));
  const port = await freePort();
  const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitFor(`http://127.0.0.1:${port}/healthz`);
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    });
    const scripts = new Map();
    const page = await browser.newPage();
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (type !== 'script') return;
      try {
        scripts.set(response.url(), await response.body());
      } catch {
        // a redirect has no body
      }
    });
    await page.goto(`http://127.0.0.1:${port}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await browser.close();
    let raw = 0;
    let gzip = 0;
    for (const body of scripts.values()) {
      raw += body.length;
      gzip += gzipSync(body, { level: 9 }).length;
    }
    return { files: scripts.size, raw, gzip };
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

console.log('== server: GET /api/user vs bare Fastify route ==');
execFileSync('pnpm', ['--filter', '@ledgerleaf/server', 'bench'], { cwd: root, stdio: 'inherit' });
const server = JSON.parse(readFileSync(join(root, 'apps/server/bench/results.json'), 'utf8'));

console.log('== server: 100,000 invoices and 20,000 clients: list page and client search ==');
execFileSync('pnpm', ['--filter', '@ledgerleaf/server', 'bench:scale'], { cwd: root, stdio: 'inherit' });
const scale = JSON.parse(readFileSync(join(root, 'apps/server/bench/scale-results.json'), 'utf8'));
const verdict = (p50) => (p50 < 15 ? 'met' : '**missed**');

console.log('== server: invoice PDF render time (20 lines) ==');
execFileSync('pnpm', ['--filter', '@ledgerleaf/server', 'bench:pdf'], { cwd: root, stdio: 'inherit' });
const pdf = JSON.parse(readFileSync(join(root, 'apps/server/bench/pdf-results.json'), 'utf8')).pdf20Lines;

console.log('== server: scheduler, 10,000 recurring invoices due at once ==');
execFileSync('pnpm', ['--filter', '@ledgerleaf/server', 'bench:scheduler'], { cwd: root, stdio: 'inherit' });
const scheduler = JSON.parse(readFileSync(join(root, 'apps/server/bench/scheduler-results.json'), 'utf8'));

console.log('== server: CRM, 20,000 leads and 10,000 opportunities: the board and crm-overview ==');
execFileSync('pnpm', ['--filter', '@ledgerleaf/server', 'bench:crm'], { cwd: root, stdio: 'inherit' });
const crm = JSON.parse(readFileSync(join(root, 'apps/server/bench/crm-results.json'), 'utf8'));

console.log('== web: JavaScript loaded by /login ==');
if (!existsSync(join(root, 'apps/web/dist/index.html'))) throw new Error('apps/web is not built: run pnpm build first');
const login = await loginJavaScript();
console.log(login);

const now = new Date().toISOString().slice(0, 10);
const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}`;
const markdown = `# Benchmarks

Produced by \`pnpm bench\` (tooling/bench/run.mjs) on ${now}; ${machine}.
Figures from one run are comparable with each other; compare ratios, not absolute numbers, across machines.

## API: \`GET /api/user\` against a bare Fastify route

autocannon on loopback, ${server.connections ?? 10} connections, ${server.durationSeconds ?? 10} s each, both servers started in the same run.
\`GET /api/user\` goes through the whole stack: bearer token hashed (SHA-256) and looked up, user and
business read from SQLite, response validated and serialised.

| target | requests/s | p99 latency |
|---|---:|---:|
| \`GET /api/user\` (real app, SQLite) | ${Math.round(server.apiUser.rps)} | ${server.apiUser.p99} ms |
| bare Fastify route | ${Math.round(server.bare.rps)} | ${server.bare.p99} ms |
| ratio (api / bare) | ${server.ratio.toFixed(3)} | |

## At scale: 100,000 invoices and 20,000 clients in one business

\`apps/server/bench/scale.ts\`: SQLite, the seed generator batch-inserts ${scale.clients.toLocaleString('en-US')} clients and
${scale.invoices.toLocaleString('en-US')} invoices (${scale.seedSeconds} s), then autocannon with ${scale.connections} connection(s), ${scale.durationSeconds} s per
target, one after the other against the same process, with a bare Fastify route of the same run.
Target: p50 under 15 ms for the list page and the search. The list's count and totals come from
\`invoice_status_totals\` (kept by database triggers) for the plain filters, and are cached per
(business, invoice data version, filter, day) for every filter; triggers move the version on every
invoice write, so the "right after a write" rows measure the list with no cache. A day-dependent
filter (overdue) still adds up its matching rows on a cache miss: its row shows that cost.

| target | p50 | p99 | requests/s | target |
|---|---:|---:|---:|---|
| \`GET /api/invoices?page=1&per_page=25\` (repeat view: totals from the cache) | ${scale.invoicesFirstPage.p50} ms | ${scale.invoicesFirstPage.p99} ms | ${scale.invoicesFirstPage.rps} | ${verdict(scale.invoicesFirstPage.p50)} |
| the same, right after a write (no cache: totals from the per-status totals; ${scale.invoicesFirstPageAfterWrite.runs} sequential requests) | ${scale.invoicesFirstPageAfterWrite.p50} ms | ${scale.invoicesFirstPageAfterWrite.p99} ms | | ${verdict(scale.invoicesFirstPageAfterWrite.p50)} |
| \`?status=overdue\` right after a write (no cache: adds up every matching row; ${scale.overdueAfterWrite.runs} sequential requests) | ${scale.overdueAfterWrite.p50} ms | ${scale.overdueAfterWrite.p99} ms | | |
| \`GET /api/clients/search?q=maple&limit=20\` | ${scale.clientSearch.p50} ms | ${scale.clientSearch.p99} ms | ${scale.clientSearch.rps} | ${verdict(scale.clientSearch.p50)} |
| \`GET /api/clients?search=maple&page=1&per_page=25\` (the clients list, with balances) | ${scale.clientListSearch.p50} ms | ${scale.clientListSearch.p99} ms | ${scale.clientListSearch.rps} | ${verdict(scale.clientListSearch.p50)} |
| bare Fastify route | ${scale.bare.p50} ms | ${scale.bare.p99} ms | ${scale.bare.rps} | |

## Invoice PDF: render time of a 20-line invoice

\`renderInvoicePdf\` (pdfkit) on a view built through the calculation engine (two taxes, line and invoice
discounts, a payment), ${pdf.runs} renders after a warm-up, one after the other. Target: under 100 ms.

| p50 | p99 | mean | size |
|---:|---:|---:|---:|
| ${pdf.p50Ms} ms | ${pdf.p99Ms} ms | ${pdf.meanMs} ms | ${kib(pdf.bytes)} |

## Scheduler: ${scheduler.count.toLocaleString('en-US')} recurring invoices due at once

\`apps/server/bench/scheduler.ts\`: SQLite file, one business, ${scheduler.count.toLocaleString('en-US')} monthly recurring invoices all due now; one
scheduler pass creates, numbers and issues each period's invoice in its own transaction (schedule
advanced, activity written; one notification per business and pass). The benchmark checks its own result: one invoice per
(recurring invoice, period), distinct numbers, nothing left due. Target: all in under 60 s.

| invoices | time | invoices/s | duplicates | numbers distinct | target |
|---:|---:|---:|---:|---|---|
| ${scheduler.created.toLocaleString('en-US')} | ${scheduler.seconds} s | ${scheduler.invoicesPerSecond} | ${scheduler.duplicates} | ${scheduler.numbersDistinct ? 'yes' : '**no**'} | ${scheduler.seconds < 60 && scheduler.created === scheduler.count ? 'met' : '**missed**'} |

## CRM: ${crm.leads.toLocaleString('en-US')} leads and ${crm.opportunities.toLocaleString('en-US')} opportunities in one business

\`apps/server/bench/crm.ts\`: SQLite, ${crm.leads.toLocaleString('en-US')} leads, ${crm.opportunities.toLocaleString('en-US')} opportunities over ${crm.columns} stages (${crm.bigColumn.toLocaleString('en-US')} in one
column) and 10,000 activities (seeded in ${crm.seedSeconds} s), then autocannon with ${crm.connections} connection(s), ${crm.durationSeconds} s per
target through the real app. The board answers every column's count, total and weighted total (from
\`crm_stage_totals\`, kept by triggers) and its first page of cards (a keyset page over (position, id):
${crm.cardsOnFirstBoard} cards for the whole board, never the ${crm.largestColumnCount.toLocaleString('en-US')} of the largest column), each with its next
activity. Target: p50 under 15 ms.

| target | p50 | p99 | requests/s | target |
|---|---:|---:|---:|---|
| \`GET /api/crm/board\` (every column's first page and figures) | ${crm.board.p50} ms | ${crm.board.p99} ms | ${crm.board.rps} | ${verdict(crm.board.p50)} |
| \`GET /api/crm/board/columns/{id}\` (the ${crm.bigColumn.toLocaleString('en-US')}-card column, first page) | ${crm.bigColumnPage.p50} ms | ${crm.bigColumnPage.p99} ms | ${crm.bigColumnPage.rps} | ${verdict(crm.bigColumnPage.p50)} |
| \`GET /api/dashboard/crm-overview\` | ${crm.overview.p50} ms | ${crm.overview.p99} ms | ${crm.overview.rps} | ${verdict(crm.overview.p50)} |

## Web: JavaScript the browser loads for \`/login\`

The built SPA served by the server, opened in Debian's chromium; every script response gzipped at level 9.

| files | raw | gzip |
|---:|---:|---:|
| ${login.files} | ${kib(login.raw)} | ${kib(login.gzip)} |
`;
writeFileSync(join(root, 'BENCHMARKS.md'), markdown);
console.log('BENCHMARKS.md written');
