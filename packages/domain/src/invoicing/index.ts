// Invoicing rules: calculation engine, invoice and payment contracts, numbering, status transitions.
export * from './calculate';
export * from './status';
export * from './numbering';
export * from './due-date';
export * from './contracts';
export * from './delivery';
