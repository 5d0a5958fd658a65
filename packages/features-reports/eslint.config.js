import { config } from '@ledgerleaf/eslint-config';

export default config({ layer: 'feature', react: true });
