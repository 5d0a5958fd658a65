import { reactConfig } from '@ledgerleaf/vitest-config';

// One jsdom and module graph per worker (each test builds its own store): 30 s -> 2 s side by side.
export default reactConfig({ isolate: false });
