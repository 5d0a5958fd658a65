export * from './reports';
export * from './dynamic';
