// Import bridge (issue 29): the files of this folder that were moved unchanged still import
// './users'; delete this file once their imports name the real module.
export { normalizeEmail } from '../auth/users';
