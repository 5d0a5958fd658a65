import { nodeConfig } from '@ledgerleaf/vitest-config';

// Argon2 and a fresh database per test file: give slow machines room. (The files share one module
// graph per worker: see nodeConfig.)
export default nodeConfig({ testTimeout: 20_000, hookTimeout: 30_000 });
