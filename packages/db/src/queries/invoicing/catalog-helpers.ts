// Import bridge (issue 29): the files of this folder that were moved unchanged still import
// './catalog-helpers'; delete this file once their imports name the real module.
export * from '../shared/list-helpers';
