import { rmSync } from 'node:fs';

/** Removes the temporary database directory the config created for this run. */
export default function globalTeardown(): void {
  const dir = process.env.LEDGERLEAF_E2E_DATA_DIR;
  if (dir && dir.includes('ledgerleaf-e2e-')) rmSync(dir, { recursive: true, force: true });
}
