import { defineConfig } from 'tsup';

/**
 * Two entry points (server and CLI). Dependencies, the workspace packages included, stay external and
 * resolve from node_modules: `turbo run build` builds @ledgerleaf/domain and @ledgerleaf/db first.
 */
export default defineConfig({
  entry: { main: 'src/main.ts', cli: 'src/cli.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node24',
  sourcemap: true,
  clean: true,
  dts: false,
  splitting: true,
  // `node:sqlite` exists only with its prefix.
  removeNodeProtocol: false,
});
