// Import bridge (issue 29): the query files moved unchanged into their area folders still import
// '../schema-account'; delete this file once their imports name the real module.
export type * from '../schema-account';
