import { libraryConfig } from '@ledgerleaf/tsup-config';

export default libraryConfig({ entry: ['src/index.ts', 'src/testing.ts'] });
