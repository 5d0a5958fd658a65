import { config } from '@ledgerleaf/eslint-config';

// src/test/generated/: the API's types, written by openapi-typescript before each typecheck.
export default [...config({ layer: 'server', node: true }), { ignores: ['src/test/generated/**'] }];
