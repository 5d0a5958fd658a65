export * from './messages';
export * from './roles';
export * from './profile';
export * from './uploads';
export * from './business';
export * from './email-templates';
export * from './reminders';
export * from './team';
