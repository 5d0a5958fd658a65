import { nodeConfig } from '@ledgerleaf/vitest-config';

export default nodeConfig();
