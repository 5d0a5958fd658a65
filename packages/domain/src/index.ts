export * from './constants';
export * from './messages';
export * from './auth';
export * from './user';
export * from './errors';
export * from './money';
export * from './common';
export * from './format';
