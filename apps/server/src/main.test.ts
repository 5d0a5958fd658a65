import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '@ledgerleaf/domain';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** Starts src/main.ts as the real process would run, and answers its base URL once it listens. */
function start(env: Record<string, string>) {
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
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
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

  it('refuses to start with an invalid configuration and says why', async () => {
    const child = start({ PORT: 'not-a-port', DATA_DIR: join(tmpdir(), 'never-created') });
    await expect(child.listening).rejects.toThrow(/PORT/);
  });
});
