import { defineConfig } from 'tsup';

/**
 * The one build preset for packages/*: ESM + .d.ts, dependencies left external so that
 * consumers resolve their own copies (pnpm's strict node_modules keeps that honest).
 * @param {import('tsup').Options} [overrides]
 */
export function libraryConfig(overrides = {}) {
  return defineConfig({
    entry: ['src/index.ts'],
    format: ['esm'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'es2023',
    tsconfig: 'tsconfig.build.json',
    ...overrides,
  });
}
