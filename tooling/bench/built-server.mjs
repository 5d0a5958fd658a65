// The real server on the built SPA, for the browser benches (`run.mjs`, `login-js.mjs`): a fresh
// SQLite database in a temporary folder, production settings, on a free loopback port.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

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

/**
 * Starts apps/server/dist/main.js (with the demo business when `demo`) and waits until it answers;
 * `env` adds to its environment (`WEB_DIST_DIR`: another build of the SPA). `stop()` ends it and
 * deletes its data folder.
 */
export async function startBuiltServer({ prefix, demo, env = {} }) {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: demo ? '1' : '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = () => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${base}/healthz`);
  } catch (error) {
    stop();
    throw error;
  }
  return { port, base, dataDir, stop };
}

/** Token and user of the demo business, signed in through the API like the browser does. */
export async function demoSession(base) {
  const csrf = await fetch(`${base}/sanctum/csrf-cookie`);
  const cookies = csrf.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  const xsrf = cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length);
  const response = await fetch(`${base}/web-login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      cookie: cookies.join('; '),
      ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
    },
    body: JSON.stringify({ email: 'demo@ledgerleaf.app', password: 'ledgerleaf-demo' }),
  });
  if (!response.ok) throw new Error(`demo sign-in answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/**
 * Stores a session (`demoSession`) in the local storage of `base`'s origin in the Chromium that
 * listens for DevTools on `chromePort` (Lighthouse's), as the app keeps it after signing in.
 */
export async function storeSession(chromePort, base, { token, user }) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${base}/healthz`);
    await page.evaluate(
      (stored) => {
        localStorage.setItem('token', stored.token);
        localStorage.setItem('user', JSON.stringify(stored.user));
      },
      { token, user },
    );
    await page.close();
  } finally {
    await browser.close();
  }
}

/**
 * Loads each of `paths` once in a fresh context of the Chromium on `chromePort`, signed in with
 * `session` where given, before anything is measured. The first requests a server answers after it
 * starts are slow (files not yet read, code not yet compiled: the first Lighthouse run of a page had
 * its FCP at 2 s and the next ones under 0.8 s), and a person's server has long been warm.
 */
export async function warmUp(chromePort, base, paths, session) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    if (session) {
      await page.goto(`${base}/healthz`);
      await page.evaluate((stored) => {
        localStorage.setItem('token', stored.token);
        localStorage.setItem('user', JSON.stringify(stored.user));
      }, session);
    }
    for (const path of paths) await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    await context.close();
  } finally {
    await browser.close();
  }
}
