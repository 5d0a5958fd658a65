// Import bridge (issue 29): the files of this folder that were moved unchanged still import
// './types'; delete this file once their imports name the real module.
export type { Db } from '../shared/types';
