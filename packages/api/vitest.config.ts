import { reactConfig } from '@ledgerleaf/vitest-config';

export default reactConfig();
