// CRM (issue 14): leads, opportunities and the pipeline, configuration, activities and reminders,
// the figures the dashboard reads. Contracts (zod) and pure rules; see crm/README.md.
export * from './messages';
export * from './shared';
export * from './zoned-time';
export * from './pipeline';
export * from './rates';
export * from './reminders';
export * from './defaults';
export * from './config';
export * from './leads';
export * from './opportunities';
export * from './activities';
export * from './analytics';
