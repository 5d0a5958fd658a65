import { config } from '@ledgerleaf/eslint-config';

export default config({ layer: 'api', react: true });
