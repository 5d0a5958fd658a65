// Goals, other income, payment allocations and badges (issue 4; SPEC.md sections 2, 3, 5, 7, 8).
export * from './allocation';
export * from './progress';
export * from './contracts';
export * from './other-income-contracts';
export * from './allocation-contracts';
export * from './badges';
