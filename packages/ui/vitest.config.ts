import { reactConfig } from '@ledgerleaf/vitest-config';

export default reactConfig({ setupFiles: ['./vitest.setup.ts'], globals: true });
