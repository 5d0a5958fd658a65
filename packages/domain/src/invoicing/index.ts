// Invoicing rules: calculation engine, invoice and payment contracts, numbering, status transitions.
export * from './calculate';
export * from './calculation-contracts';
export * from './status';
export * from './numbering';
export * from './due-date';
export * from './invoice-messages';
export * from './contracts';
export * from './calculation-adapters';
export * from './recipients';
export * from './payments';
export * from './delivery';
export * from './bulk';
export * from './parties';
