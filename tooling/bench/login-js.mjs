// `node tooling/bench/login-js.mjs [path]`: what the built SPA loads for /login (or the path given),
// served by the real server and opened in Debian's chromium: every script gzipped at level 9, and
// with BENCH_ATTRIBUTE=1 each script's bytes attributed to its sources through the private source
// maps (apps/web/sourcemaps). A tool for analysing the budget, not part of `pnpm bench`'s figures.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startBuiltServer } from './built-server.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const target = process.argv[2] ?? '/login';

const { port, stop } = await startBuiltServer({ prefix: 'ledgerleaf-login-js-', demo: false });
const gz = (buffer) => gzipSync(buffer, { level: 9 }).length;

/** Decodes a source map's VLQ mappings into (generated line, column) -> source index segments. */
function attribute(code, map) {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const lines = code.split('\n');
  const bytes = new Map();
  let source = 0;
  map.mappings.split(';').forEach((line, index) => {
    const text = lines[index] ?? '';
    let column = 0;
    const segments = [];
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const values = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = chars.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >> 1) : value >> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0];
      if (values.length > 1) source += values[1];
      // remaining fields (line, column, name) are not needed, but their deltas must not be lost:
      // only source index is tracked here, which is fine since it is relative per segment.
      segments.push([column, values.length > 1 ? source : null]);
    }
    for (let i = 0; i < segments.length; i += 1) {
      const [start, src] = segments[i];
      const end = segments[i + 1]?.[0] ?? text.length;
      const name = src === null ? '(unmapped)' : map.sources[src];
      bytes.set(name, (bytes.get(name) ?? 0) + (end - start));
    }
  });
  return bytes;
}

try {
  for (let i = 0; i < 150; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage();
  const scripts = new Map();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.set(
        response.url(),
        response.body().catch(() => Buffer.alloc(0)),
      );
  });
  await page.goto(`http://127.0.0.1:${port}${target}`, { waitUntil: 'networkidle' });
  if (target === '/login') await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await browser.close();
  let total = 0;
  const rows = [];
  const bySource = new Map();
  for (const [url, promise] of scripts) {
    const body = await promise;
    const size = gz(body);
    total += size;
    const file = new URL(url).pathname;
    const row = [file, size, body.length, ''];
    rows.push(row);
    const mapFile = join(root, 'apps/web/sourcemaps', `${file}.map`);
    if (process.env.BENCH_ATTRIBUTE && existsSync(mapFile)) {
      const attributed = attribute(body.toString('utf8'), JSON.parse(readFileSync(mapFile, 'utf8')));
      // Share the file's gzip size among its sources by raw bytes.
      const names = [];
      for (const [source, raw] of [...attributed].sort((a, b) => b[1] - a[1])) {
        const key = source.replace(/^(\.\.\/)+/, '').replace(/node_modules\/\.pnpm\/[^/]+\/node_modules\//, 'npm:');
        bySource.set(key, (bySource.get(key) ?? 0) + (raw / body.length) * size);
        names.push(
          key.replace(/^npm:@mantine\/core\/esm\/(components|core)\//, 'mantine:').replace(/\.m?[jt]sx?$/, ''),
        );
      }
      row[3] = names.slice(0, 6).join(', ') + (names.length > 6 ? `, … (${names.length})` : '');
    }
  }
  rows.sort((a, b) => b[1] - a[1]);
  for (const [file, size, raw, sources] of rows)
    console.log(
      `${(size / 1024).toFixed(1).padStart(6)} KiB gz ${(raw / 1024).toFixed(1).padStart(7)} KiB raw  ${file} ${sources}`,
    );
  console.log(`${target}: ${rows.length} files, ${(total / 1024).toFixed(1)} KiB gzipped`);
  if (process.env.BENCH_ATTRIBUTE) {
    const sorted = [...bySource].sort((a, b) => b[1] - a[1]);
    for (const [source, size] of sorted.slice(0, Number(process.env.BENCH_ATTRIBUTE_TOP ?? 80)))
      console.log(`${(size / 1024).toFixed(2).padStart(6)} KiB ~ ${source}`);
  }
} finally {
  stop();
}
