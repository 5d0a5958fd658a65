import { config } from '@ledgerleaf/eslint-config';

export default config({ layer: 'storybook', react: true });
