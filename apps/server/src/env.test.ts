import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, defaultWebDistDir, loadConfig, resolveAppKey } from './env';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ledgerleaf-env-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('has defaults for a working embedded setup', () => {
    const config = loadConfig({}, '/srv/ledgerleaf');
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/srv/ledgerleaf/data',
      sqlitePath: '/srv/ledgerleaf/data/ledgerleaf.sqlite',
      uploadsDir: '/srv/ledgerleaf/data/uploads',
      databaseUrl: undefined,
      appUrl: 'http://localhost:3000',
      appKey: undefined,
      smtpUrl: undefined,
      logLevel: 'info',
      demo: true,
      production: false,
      trustProxy: false,
      scheduler: { enabled: true, intervalMs: 60_000 },
    });
    expect(config.webDistDir).toBe(defaultWebDistDir());
    expect(config.webDistDir).toMatch(/apps[\\/]web[\\/]dist$/);
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        DATA_DIR: 'var/ll',
        DATABASE_URL: 'postgres://user:secret@db:5432/ledgerleaf',
        APP_URL: 'https://books.example/',
        APP_KEY: 'k'.repeat(40),
        SMTP_URL: 'smtp://mail:25',
        LOG_LEVEL: 'debug',
        DEMO: 'false',
        WEB_DIST_DIR: 'web',
        TRUST_PROXY: '1',
        SCHEDULER: 'off',
        SCHEDULER_INTERVAL_MS: '30000',
        REGISTER_RATE_LIMIT: '500',
      },
      '/srv',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/var/ll',
      databaseUrl: 'postgres://user:secret@db:5432/ledgerleaf',
      appUrl: 'https://books.example',
      appKey: 'k'.repeat(40),
      smtpUrl: 'smtp://mail:25',
      mailFrom: 'Ledgerleaf <no-reply@books.example>',
      logLevel: 'debug',
      demo: false,
      webDistDir: '/srv/web',
      trustProxy: 1,
      scheduler: { enabled: false, intervalMs: 30_000 },
      registerRateLimit: 500,
    });
  });

  it('defaults APP_URL to the port, logs at warn in production, and turns DEMO off with 0', () => {
    expect(loadConfig({ PORT: '4000' }).appUrl).toBe('http://localhost:4000');
    expect(loadConfig({ NODE_ENV: 'production' }).logLevel).toBe('warn');
    expect(loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'info' }).logLevel).toBe('info');
    for (const off of ['0', 'false', 'FALSE', 'no', 'off']) expect(loadConfig({ DEMO: off }).demo).toBe(false);
    for (const on of ['1', 'true', 'yes', '']) expect(loadConfig({ DEMO: on }).demo).toBe(true);
  });

  it('reads TRUST_PROXY as no proxy, a hop count or a list of proxy addresses and ranges', () => {
    for (const none of [undefined, '', '0', 'false', 'no', 'off'])
      expect(loadConfig(none === undefined ? {} : { TRUST_PROXY: none }).trustProxy).toBe(false);
    // One hop, never "trust every hop": the leftmost X-Forwarded-For entry is the client's own writing.
    for (const one of ['1', 'true', 'YES', 'on']) expect(loadConfig({ TRUST_PROXY: one }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 192.168.1.7 ,fd00::/8,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
      '::1',
    ]);
    for (const bad of ['everyone', '10.0.0.0/33', '10.0.0.1, proxy.internal', '1.2.3', '-1', '10.0.0.0/8/1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('accepts a sqlite: URL as a file path', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite:db/app.sqlite' }, '/srv')).toMatchObject({
      databaseUrl: undefined,
      sqlitePath: '/srv/db/app.sqlite',
    });
  });

  it('lists every invalid variable', () => {
    expect(() =>
      loadConfig({
        PORT: 'abc',
        DEMO: 'maybe',
        LOG_LEVEL: 'loud',
        APP_URL: 'ftp://x',
        APP_KEY: 'short',
        DATABASE_URL: 'mysql://x',
      }),
    ).toThrow(ConfigError);
    try {
      loadConfig({
        PORT: 'abc',
        DEMO: 'maybe',
        LOG_LEVEL: 'loud',
        APP_URL: 'ftp://x',
        APP_KEY: 'short',
        DATABASE_URL: 'mysql://x',
      });
    } catch (error) {
      for (const name of ['PORT', 'DEMO', 'LOG_LEVEL', 'APP_URL', 'APP_KEY', 'DATABASE_URL'])
        expect((error as Error).message).toContain(name);
    }
  });
});

describe('TEST_CLOCK_START', () => {
  it('is an ISO instant, read outside production only', () => {
    expect(loadConfig({}).testClockStart).toBeUndefined();
    expect(loadConfig({ TEST_CLOCK_START: '2026-11-28T17:00:00Z' }).testClockStart?.toISOString()).toBe(
      '2026-11-28T17:00:00.000Z',
    );
    for (const bad of ['tomorrow', '2026-11-28', '2026-13-45T00:00:00Z'])
      expect(() => loadConfig({ TEST_CLOCK_START: bad }), bad).toThrow(/TEST_CLOCK_START must be an ISO 8601 instant/);
  });

  it('is refused at start-up in production, saying why', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_CLOCK_START: '2026-11-28T17:00:00Z' })).toThrow(
      /TEST_CLOCK_START: is for tests only .* unset it \(NODE_ENV is production\)/,
    );
  });
});

describe('resolveAppKey', () => {
  it('uses APP_KEY when set', () => {
    const dir = tempDir();
    expect(resolveAppKey(loadConfig({ DATA_DIR: dir, APP_KEY: 'x'.repeat(32) }))).toBe('x'.repeat(32));
  });

  it('generates a key once, keeps it in DATA_DIR/app-key (mode 600), and reuses it', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: join(dir, 'nested') });
    const first = resolveAppKey(config);
    expect(first.length).toBeGreaterThanOrEqual(43);
    expect(resolveAppKey(config)).toBe(first);
    const file = join(dir, 'nested', 'app-key');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
