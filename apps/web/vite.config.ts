import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
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

/**
 * Bundles the workspace packages (`@ledgerleaf/*`) from their TypeScript sources instead of their
 * tsup output. Each package's `dist/index.js` is one module, and a bundler places a module in one
 * chunk: everything of `ui`, `api` or `domain` that any screen uses sat in the entry chunk, so
 * `/login` loaded the app shell, every endpoint and every zod schema. From the sources each file is
 * a module of its own and lands in the chunk of the screens that use it. The package's `exports`
 * map names the entry (`./dist/routing/index.js` is `./src/routing/index.ts`); its sources and its
 * `dist` are built from the same files, so the types and tests of the package still hold.
 */
function workspaceSources(): Plugin {
  const packagesDir = join(here, '../../packages');
  const exportsOf = new Map<string, { dir: string; exports: Record<string, unknown> }>();
  for (const entry of readdirSync(packagesDir, { withFileTypes: true })) {
    const manifest = join(packagesDir, entry.name, 'package.json');
    if (!entry.isDirectory() || !existsSync(manifest)) continue;
    const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name: string; exports?: Record<string, unknown> };
    exportsOf.set(pkg.name, { dir: join(packagesDir, entry.name), exports: pkg.exports ?? {} });
  }
  return {
    name: 'ledgerleaf:workspace-sources',
    enforce: 'pre',
    resolveId(source) {
      const match = /^(@ledgerleaf\/[^/]+)(\/.*)?$/.exec(source);
      const pkg = match && exportsOf.get(match[1]!);
      if (!pkg) return null;
      const target = pkg.exports[`.${match[2] ?? ''}`] as { import?: string } | string | undefined;
      const file = typeof target === 'string' ? target : target?.import;
      if (!file?.startsWith('./dist/')) return null;
      const base = join(pkg.dir, 'src', file.slice('./dist/'.length).replace(/\.js$/, ''));
      for (const candidate of [`${base}.ts`, `${base}.tsx`]) if (existsSync(candidate)) return candidate;
      return null;
    },
  };
}

/** The API server (apps/server) in development; `pnpm --filter @ledgerleaf/server dev` starts it. */
const API = process.env.LEDGERLEAF_API ?? 'http://127.0.0.1:3000';
const proxied = ['/api', '/sanctum', '/web-login', '/early-access', '/storage', '/healthz'];
const proxy = Object.fromEntries(proxied.map((path) => [path, { target: API, changeOrigin: false }]));

export default defineConfig({
  plugins: [
    workspaceSources(),
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
    // Every browser of the es2022 target supports <link rel=modulepreload>: no polyfill in the entry.
    modulePreload: { polyfill: false },
    sourcemap: 'hidden',
    target: 'es2022',
    rolldownOptions: {
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        chunkFileNames: 'assets/[hash].js',
        // Long-lived vendor chunks: a release that changes only app code keeps these cached. Mantine
        // is left to per-route splitting: one Mantine chunk made /login load every component any
        // screen uses (bench: 299 KiB gzipped before, 277 KiB after).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
            // Redux and the toolkit's core. A group takes every matching module, whether the entry uses it or
            // not: RTK Query (`@reduxjs/toolkit/dist/query`) stays out and loads with the first screen that
            // calls the API (packages/api/src/api-registry.ts).
            {
              name: 'state',
              test: /node_modules[\\/](@reduxjs[\\/]toolkit[\\/]dist[\\/](?!query)|redux[\\/]|react-redux[\\/]|immer[\\/]|reselect[\\/])/,
              priority: 20,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 20 },
            // Mantine's own core (provider, Box, factories, styles API, colour functions): every screen
            // needs it, and left to per-route splitting it came as a dozen files of a few hundred bytes.
            { name: 'mantine-core', test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]/, priority: 15 },
            // The components nearly every screen draws (inputs, buttons, layout, text, alerts), the two
            // internal input helpers and hooks they share, and the icons' factory: left to per-route
            // splitting they came as 24 files of 0.2 to 3.5 KiB, each compressed on its own with its own
            // import preamble; as one file /login loads 6.3 KiB less (bench: 159.2 -> 152.8 KiB, 31 -> 14
            // files). A screen that uses none of them (there is none today) would still load the file.
            {
              name: 'mantine-common',
              test: /node_modules[\\/](@mantine[\\/]core[\\/]esm[\\/](components[\\/](Input|InputBase|TextInput|PasswordInput|Checkbox|ActionIcon|Group|Stack|Paper|Title|Text|Container|Anchor|Button|ThemeIcon|Loader|CloseButton|UnstyledButton|Transition|Alert|List|SimpleGrid)[\\/]|utils[\\/](InlineInput|InputsGroupFieldset)[\\/])|@mantine[\\/]hooks[\\/]esm[\\/](use-merged-ref|use-uncontrolled|use-id|use-reduced-motion|use-did-update|use-isomorphic-effect)[\\/]|@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](createReactComponent|defaultAttributes))/,
              priority: 14,
            },
            { name: 'boot', tags: ['$initial'], priority: 5 },
          ],
        },
      },
    },
  },
  server: { port: 5173, strictPort: false, proxy },
  preview: { port: 4173, proxy },
});
