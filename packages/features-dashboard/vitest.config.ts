import { reactConfig } from '@ledgerleaf/vitest-config';

// One jsdom and module graph per worker (each test renders with its own store): 37 s -> 8 s side by
// side. The other feature packages keep one per file: their screens leave state that a shared worker
// carried into the next file.
export default reactConfig({ setupFiles: ['./src/test/setup.ts'], testTimeout: 20000, isolate: false });
