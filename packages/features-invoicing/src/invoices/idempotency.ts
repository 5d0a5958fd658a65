// One implementation for every feature package, in @ledgerleaf/api.
export { newIdempotencyKey } from '@ledgerleaf/api';
