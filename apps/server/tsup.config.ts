import { defineConfig } from 'tsup';

/**
 * Three entry points (server, CLI, and the file workers' thread: dist/file-worker.js, which
 * lib/files/file-pool.ts starts beside the bundle). Dependencies, the workspace packages included, stay external and
 * resolve from node_modules: `turbo run build` builds @ledgerleaf/domain and @ledgerleaf/db first.
 */
export default defineConfig({
  entry: { main: 'src/main.ts', cli: 'src/cli.ts', 'file-worker': 'src/lib/files/file-worker.ts' },
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
