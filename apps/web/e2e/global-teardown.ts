import { rmSync } from 'node:fs';

/** Removes the temporary database directories the config created for this run (the clock servers' too). */
export default function globalTeardown(): void {
  const keys = ['LEDGERLEAF_E2E_DATA_DIR', ...[0, 1, 2, 3].map((index) => `LEDGERLEAF_E2E_DATA_DIR_${index}`)];
  for (const key of keys) {
    const dir = process.env[key];
    if (dir && dir.includes('ledgerleaf-e2e-')) rmSync(dir, { recursive: true, force: true });
  }
}
