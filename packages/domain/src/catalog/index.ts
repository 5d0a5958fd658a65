// Catalog contracts: clients, products and services, tax rates.
export {};
