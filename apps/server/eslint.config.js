import { areaBoundaries, config } from '@ledgerleaf/eslint-config';

/**
 * The areas each server area may import (through that area's index.ts only; ARCHITECTURE.md, "The
 * server"). Everything else an area needs comes from lib/, the @ledgerleaf packages or its own folder.
 */
export const AREA_DEPENDENCIES = {
  auth: [],
  account: [],
  invoicing: [],
  goals: [],
  // Lead analytics follow a lead to its invoices, estimates and payments.
  crm: ['invoicing'],
  dashboard: [],
  // The recurring-invoice forecast reads each schedule's coming runs.
  reports: ['invoicing'],
  // Activities (moved by drag and drop) and recurring runs on the calendar.
  calendar: ['crm', 'invoicing'],
  shell: [],
};

// src/test/generated/: the API's types, written by openapi-typescript before each typecheck.
export default [
  ...config({ layer: 'server', node: true }),
  areaBoundaries({ areasDir: 'src/areas', libDir: 'src/lib', dependencies: AREA_DEPENDENCIES }),
  { ignores: ['src/test/generated/**'] },
];
