// Import bridge (issue 29): the files of this folder that were moved unchanged still import
// './crm-shared'; delete this file once their imports name the real module.
export { leadNameSql } from '../crm/crm-shared';
