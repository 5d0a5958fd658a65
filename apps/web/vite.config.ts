import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The API server (apps/server) in development; `pnpm --filter @ledgerleaf/server dev` starts it. */
const API = process.env.LEDGERLEAF_API ?? 'http://127.0.0.1:3000';
const proxied = ['/api', '/sanctum', '/web-login', '/early-access', '/storage', '/healthz'];
const proxy = Object.fromEntries(proxied.map((path) => [path, { target: API, changeOrigin: false }]));

export default defineConfig({
  plugins: [react()],
  build: {
    // The bench reads dist/.vite/manifest.json to measure what /login loads.
    manifest: true,
    sourcemap: true,
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
