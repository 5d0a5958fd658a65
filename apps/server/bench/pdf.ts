/**
 * `pnpm --filter @ledgerleaf/server bench:pdf`: renders a 20-line invoice (built through domain's
 * engine, two taxes, line and invoice discounts) to PDF, 5 times to warm up and then BENCH_PDF_RUNS
 * times (default 50), one after the other in this process. Prints and writes bench/pdf-results.json:
 * { pdf20Lines: { p50Ms, p99Ms, meanMs, runs, bytes } }. Target: p50 under 100 ms.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderInvoicePdf } from '../src/lib/pdf/render-invoice';
import { sampleInvoiceView } from '../src/lib/pdf/sample-view';

const RUNS = Math.max(1, Number(process.env.BENCH_PDF_RUNS ?? 50));
const WARM_UP = 5;

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: readonly number[], p: number): number {
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? 0;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

async function main(): Promise<void> {
  const view = sampleInvoiceView({ lines: 20, paidCents: 25_000 });
  let bytes = 0;
  for (let index = 0; index < WARM_UP; index += 1) bytes = (await renderInvoicePdf(view)).length;
  const times: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const started = performance.now();
    await renderInvoicePdf(view);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const results = {
    pdf20Lines: {
      p50Ms: round(percentile(times, 50)),
      p99Ms: round(percentile(times, 99)),
      meanMs: round(times.reduce((sum, ms) => sum + ms, 0) / times.length),
      runs: RUNS,
      bytes,
    },
  };
  const out = fileURLToPath(new URL('./pdf-results.json', import.meta.url));
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(JSON.stringify(results, null, 2));
}

await main();
