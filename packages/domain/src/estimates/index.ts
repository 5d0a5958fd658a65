// Estimates, recurring invoices and their schedule arithmetic (issue 6).
export * from './schedule';
export * from './estimates';
export * from './recurring';
