import { config } from '@ledgerleaf/eslint-config';

export default config({ layer: 'web', react: true, node: true });
