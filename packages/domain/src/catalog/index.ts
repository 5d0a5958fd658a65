// Catalog contracts: clients, products and services, tax rates, invoicing settings.
export * from './messages';
export * from './shared';
export * from './clients';
export * from './tax-rates';
export * from './products';
export * from './settings';
