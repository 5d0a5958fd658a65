import { reactConfig } from '@ledgerleaf/vitest-config';

// `isolate: false`: one jsdom and one module graph per worker instead of per test file. Building a
// jsdom and importing Mantine for each of ui's many small files was most of its suite's time
// (86 s -> 34 s measured side by side); its components keep no module state between tests, and the
// setup file cleans the document after each one. (Tried for the feature packages too: their screens
// leave RTK Query subscriptions and timers running, and a shared worker became slower, not faster.)
export default reactConfig({ setupFiles: ['./vitest.setup.ts'], globals: true, isolate: false });
