import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '@ledgerleaf/domain';
import { createDatabase, isPostgresUrl } from '@ledgerleaf/db';
import { sql } from 'kysely';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** Starts src/main.ts as the real process would run, and answers its base URL once it listens. */
function start(env: Record<string, string>, options: { startTimeoutMs?: number } = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      APP_KEY: '',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${output}`)),
      options.startTimeoutMs ?? 30_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  const stop = () =>
    new Promise<number | null>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) {
        resolve(child.exitCode);
        return;
      }
      child.once('exit', (code) => resolve(code));
      child.kill('SIGTERM');
    });
  return { listening, stop, output: () => output };
}

async function demoLogin(base: string): Promise<number> {
  const csrf = await fetch(`${base}/sanctum/csrf-cookie`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const response = await fetch(`${base}/api/debug/demo-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }),
  });
  return response.status;
}

describe('main', () => {
  it(
    'migrates, seeds the demo, listens, and stops cleanly on SIGTERM; DEMO=0 turns the demo off',
    { timeout: 90_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'ledgerleaf-main-'));
      try {
        const first = start({ DATA_DIR: dataDir });
        const base = await first.listening;
        expect((await fetch(`${base}/healthz`)).status).toBe(200);
        expect(await demoLogin(base)).toBe(200);
        expect(first.output()).toContain('database migrated');
        expect(await first.stop()).toBe(0);

        const second = start({ DATA_DIR: dataDir, DEMO: '0' });
        const again = await second.listening;
        expect(second.output()).not.toContain('database migrated');
        expect(await demoLogin(again)).toBe(404);
        expect(await second.stop()).toBe(0);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  /*
   * Two instances starting together on a fresh database with DEMO on: both migrate and seed, and the
   * one that loses the race must still start and serve (the seed once failed the loser with
   * `duplicate key value violates unique constraint "users_email_unique"`).
   */
  async function startTogether(env: Record<string, string>) {
    // Two tsx processes compiling the server at once on a shared 2-core machine: give them time to
    // listen (the timeout only catches a start that never comes).
    const instances = [start(env, { startTimeoutMs: 90_000 }), start(env, { startTimeoutMs: 90_000 })];
    try {
      const bases = await Promise.all(instances.map((instance) => instance.listening));
      for (const base of bases) {
        expect((await fetch(`${base}/healthz`)).status).toBe(200);
        expect(await demoLogin(base)).toBe(200);
      }
      const seeded = instances.filter((instance) => instance.output().includes('demo account seeded'));
      expect(seeded).toHaveLength(1);
    } finally {
      // Both stop cleanly (an instance that failed to start has exited already).
      for (const instance of instances) await instance.stop();
    }
  }

  it(
    'starts two instances together on a fresh SQLite file with DEMO on: both serve',
    { timeout: 180_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'ledgerleaf-main-'));
      try {
        await startTogether({ DATA_DIR: dataDir, DEMO: '1' });
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  const postgresUrl = process.env.TEST_DATABASE_URL;
  it.runIf(isPostgresUrl(postgresUrl))(
    'starts two instances together on a fresh PostgreSQL database with DEMO on: both serve',
    { timeout: 180_000 },
    async () => {
      // A database of its own (the instances work in its public schema, as a real deployment does).
      const name = `ledgerleaf_race_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
      const admin = createDatabase({ url: postgresUrl, poolSize: 1 });
      const dataDir = mkdtempSync(join(tmpdir(), 'ledgerleaf-main-'));
      try {
        await sql.raw(`create database ${name}`).execute(admin.db);
        const url = new URL(postgresUrl!);
        url.pathname = `/${name}`;
        await startTogether({ DATABASE_URL: url.toString(), DATA_DIR: dataDir, APP_KEY: 'k'.repeat(40), DEMO: '1' });
      } finally {
        await sql.raw(`drop database if exists ${name} with (force)`).execute(admin.db);
        await admin.destroy();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  it('refuses to start with an invalid configuration and says why', async () => {
    const child = start({ PORT: 'not-a-port', DATA_DIR: join(tmpdir(), 'never-created') });
    await expect(child.listening).rejects.toThrow(/PORT/);
  });

  it('refuses to start in production with a test clock', async () => {
    const child = start({
      NODE_ENV: 'production',
      TEST_CLOCK_START: '2026-11-28T17:00:00Z',
      DATA_DIR: join(tmpdir(), 'never-created'),
    });
    await expect(child.listening).rejects.toThrow(/exited with 1[\s\S]*TEST_CLOCK_START: is for tests only/);
  });
});
