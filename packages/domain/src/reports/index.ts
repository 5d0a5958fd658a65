export * from './reports';
export * from './dynamic';
export * from './dynamic-fields';
export * from './dynamic-filters';
export * from './dynamic-table';
