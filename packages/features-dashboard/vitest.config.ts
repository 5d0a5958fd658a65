import { reactConfig } from '@ledgerleaf/vitest-config';

export default reactConfig({ setupFiles: ['./src/test/setup.ts'], testTimeout: 20000 });
