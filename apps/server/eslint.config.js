import { config } from '@ledgerleaf/eslint-config';

export default config({ layer: 'server', node: true });
