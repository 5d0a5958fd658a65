// One network-edge fetch stub for every package's unit tests.
export * from '@ledgerleaf/vitest-config/fetch-stub';
