import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

/** A port nobody listens on right now, from 4173 upwards. */
async function freePort(from = 4173): Promise<number> {
  for (let port = from; port < from + 200; port += 1) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('No free port for the e2e server');
}

// Chosen once in the main process; the workers inherit them through the environment.
process.env.LEDGERLEAF_E2E_PORT ??= String(await freePort());
process.env.LEDGERLEAF_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'ledgerleaf-e2e-'));

const port = Number(process.env.LEDGERLEAF_E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const serverMain = fileURLToPath(new URL('../server/dist/main.js', import.meta.url));

export default defineConfig({
  testDir: './e2e',
  outputDir: './e2e/.tmp/results',
  // Two files at a time (a file's tests run in order): every test signs up a business of its own, and
  // the demo business is only read (except its saved reports, which only dynamic-reports.spec reads),
  // so files do not see each other's writes. Measured: 16.2 min with one worker, 11.1 with two.
  fullyParallel: false,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: './e2e/.tmp/report' }]],
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's chromium: Playwright's own browser downloads are not available here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The real server on the built SPA (turbo's test:e2e depends on both builds), on a fresh database.
    command: `"${process.execPath}" "${serverMain}"`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.LEDGERLEAF_E2E_DATA_DIR,
      APP_URL: baseURL,
      DEMO: '1',
      LOG_LEVEL: 'warn',
      // Every test signs up a business of its own, all from 127.0.0.1: more than 60 in 10 minutes.
      REGISTER_RATE_LIMIT: '10000',
    },
  },
});
