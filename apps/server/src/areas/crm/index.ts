/**
 * What other areas may use of the CRM (each declares it in apps/server/eslint.config.js): the caller
 * of a CRM request (with the business's CRM defaults in place) and moving an activity (the calendar's
 * drag and drop).
 */
export { crmCaller } from './crm-common';
export { rescheduleActivity } from './activities.service';
