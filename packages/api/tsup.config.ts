import { libraryConfig } from '@ledgerleaf/tsup-config';

export default libraryConfig();
