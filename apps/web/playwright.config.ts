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

/**
 * The clock projects: the tests tagged `@clock` (their outcome depends on today's date) run again on
 * chosen days, each against a server of its own started with TEST_CLOCK_START at noon in New York (the
 * browser's zone there, so the businesses they sign up keep it), the browser's clock set to the
 * server's by `e2e/clock.ts`. E2E_CLOCKS=0, or `--project chromium` alone, leaves them out and their servers
 * unstarted.
 */
const CLOCK_DAYS = [
  // Tomorrow is the first cell of the next row of a month (the week starts on Sunday).
  { name: 'clock-saturday', start: '2027-02-06T17:00:00Z' },
  // Tomorrow is in the next month.
  { name: 'clock-month-end', start: '2027-04-30T16:00:00Z' },
  // Tomorrow is in the next year.
  { name: 'clock-year-end', start: '2026-12-31T17:00:00Z' },
  // The day before clocks go forward (2027-03-14 02:00 in New York): tomorrow has 23 hours.
  { name: 'clock-dst', start: '2027-03-13T17:00:00Z' },
] as const;
/** The projects named on the command line (`--project x` or `--project=x`), if any. */
function chosenProjects(argv: string[]): string[] {
  return argv.flatMap((arg, index) =>
    arg.startsWith('--project=') ? [arg.slice(10)] : arg === '--project' && argv[index + 1] ? [argv[index + 1]!] : [],
  );
}
// A run that names only other projects starts no clock server. Decided once in the main process;
// the workers inherit the decision through the environment.
const chosen = chosenProjects(process.argv);
if (chosen.length > 0 && !chosen.some((name) => name.startsWith('clock'))) process.env.E2E_CLOCKS ??= '0';
const clocksOn = process.env.E2E_CLOCKS !== '0';
const clockServers = await Promise.all(
  CLOCK_DAYS.map(async (day, index) => {
    const portKey = `LEDGERLEAF_E2E_PORT_${index}`;
    const dirKey = `LEDGERLEAF_E2E_DATA_DIR_${index}`;
    if (clocksOn) {
      process.env[portKey] ??= String(await freePort(port + 1 + index * 10));
      process.env[dirKey] ??= mkdtempSync(join(tmpdir(), `ledgerleaf-e2e-${day.name}-`));
    }
    return { ...day, port: Number(process.env[portKey]), dataDir: process.env[dirKey] };
  }),
);

/** The real server on the built SPA (turbo's test:e2e depends on both builds), on a fresh database. */
function server(serverPort: number, dataDir: string | undefined, extra: Record<string, string> = {}) {
  const url = `http://127.0.0.1:${serverPort}`;
  return {
    command: `"${process.execPath}" "${serverMain}"`,
    url: `${url}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir ?? '',
      APP_URL: url,
      DEMO: '1',
      LOG_LEVEL: 'warn',
      // Every test signs up a business of its own, all from 127.0.0.1: more than 60 in 10 minutes.
      REGISTER_RATE_LIMIT: '10000',
      ...extra,
    },
  };
}

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
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } },
    ...(clocksOn
      ? clockServers.map((day) => ({
          name: day.name,
          grep: /@clock/,
          // The business's date the server and the browser start on (noon in New York).
          metadata: { clockDay: new Date(day.start).toLocaleDateString('en-CA', { timeZone: 'America/New_York' }) },
          use: {
            ...devices['Desktop Chrome'],
            channel: undefined,
            baseURL: `http://127.0.0.1:${day.port}`,
            timezoneId: 'America/New_York',
          },
        }))
      : []),
  ],
  webServer: [
    server(port, process.env.LEDGERLEAF_E2E_DATA_DIR),
    ...(clocksOn ? clockServers.map((day) => server(day.port, day.dataDir, { TEST_CLOCK_START: day.start })) : []),
  ],
});
