// Invoicing rules: calculation engine, invoice and payment contracts, numbering, status transitions.
export * from './calculate';
