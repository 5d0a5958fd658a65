import { config } from '@ledgerleaf/eslint-config';

export default config({ layer: 'ui', react: true });
