// One implementation for every feature package, in @ledgerleaf/api.
export { splitServerErrors } from '@ledgerleaf/api';
