import { nodeConfig } from '@ledgerleaf/vitest-config';

// Argon2 and a fresh database per test file: give slow machines room.
//
// `isolate: false`: the test files of a worker share one module graph instead of importing the whole
// server again for each file (that import was ~40 % of the suite's time: 284 s -> 110 s measured side
// by side). Every file still builds its own app on its own database; what a module keeps between
// requests is keyed by the database or the app (crm-common's defaults, the invoice list's summary
// cache), never by a business id alone, since ids repeat across databases.
export default nodeConfig({ testTimeout: 20_000, hookTimeout: 30_000, isolate: false });
