import { libraryConfig } from '@ledgerleaf/tsup-config';

// Pages are dynamic imports in src/routes.ts: splitting keeps each in its own chunk for the router.
export default libraryConfig({ splitting: true });
