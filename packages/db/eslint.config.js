import { config } from '@ledgerleaf/eslint-config';

export default config({ layer: 'db', node: true });
