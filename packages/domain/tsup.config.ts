import { libraryConfig } from '@ledgerleaf/tsup-config';

/**
 * Every module is an entry, with code splitting: the output keeps module boundaries (shared code in
 * chunks), so a bundler honouring `"sideEffects": false` drops the modules a page does not use. One
 * bundled index.js made every screen, /login included, load every area's zod schemas.
 */
export default libraryConfig({
  entry: ['src/**/*.ts', '!src/**/*.test.ts'],
  splitting: true,
  // Types come from index.d.ts only: the exports map has no other entry.
  dts: { entry: 'src/index.ts' },
});
