import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const here = dirname(fileURLToPath(import.meta.url));
/** Source maps for reading a production stack trace: kept beside the build, never served. */
const SOURCEMAPS_DIR = join(here, 'sourcemaps');

/**
 * Moves the build's `.map` files out of `dist` into `sourcemaps/` (the server serves everything in
 * `dist`, and a public source map hands out the whole source). The build makes them `hidden`, so no
 * file points at a map either.
 */
function privateSourcemaps(): Plugin {
  let outDir = '';
  return {
    name: 'ledgerleaf:private-sourcemaps',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    writeBundle: {
      order: 'post',
      handler() {
        rmSync(SOURCEMAPS_DIR, { recursive: true, force: true });
        const walk = (dir: string): void => {
          for (const entry of readdirSync(dir, { withFileTypes: true })) {
            const path = join(dir, entry.name);
            if (entry.isDirectory()) walk(path);
            else if (entry.name.endsWith('.map')) {
              const target = join(SOURCEMAPS_DIR, relative(outDir, path));
              mkdirSync(dirname(target), { recursive: true });
              renameSync(path, target);
            }
          }
        };
        walk(outDir);
      },
    },
  };
}

/** The API server (apps/server) in development; `pnpm --filter @ledgerleaf/server dev` starts it. */
const API = process.env.LEDGERLEAF_API ?? 'http://127.0.0.1:3000';
const proxied = ['/api', '/sanctum', '/web-login', '/early-access', '/storage', '/healthz'];
const proxy = Object.fromEntries(proxied.map((path) => [path, { target: API, changeOrigin: false }]));

export default defineConfig({
  plugins: [
    react(),
    privateSourcemaps(),
    // Brotli and gzip copies of every text asset, made once at build time; the server sends the
    // one the browser accepts (@fastify/static `preCompressed`) instead of compressing per request.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/,
      exclude: /\.map$/,
      threshold: 1024,
      skipIfLargerOrEqual: true,
    }),
  ],
  build: {
    // The bench reads dist/.vite/manifest.json to measure what /login loads.
    manifest: true,
    sourcemap: 'hidden',
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks: a release that changes only app code keeps these cached. Mantine
        // is left to per-route splitting: one Mantine chunk made /login load every component any
        // screen uses (bench: 299 KiB gzipped before, 277 KiB after).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
            { name: 'state', test: /node_modules[\\/](@reduxjs|redux|react-redux|immer|reselect)[\\/]/, priority: 20 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
  server: { port: 5173, strictPort: false, proxy },
  preview: { port: 4173, proxy },
});
