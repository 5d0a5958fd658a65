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

/**
 * The screens whose own scripts a signed-in visit starts fetching with the page too, when it opens
 * at their address: the invoice list (the dashboard page is in the `signed-in` chunk already).
 */
const SCREEN_PRELOADS: ReadonlyArray<{ path: string; module: RegExp }> = [
  { path: '/invoices/all', module: /features-invoicing[\\/]src[\\/]invoices[\\/]invoices-page\.tsx$/ },
];

/**
 * A signed-in visit (a token in local storage) starts fetching the signed-in area's scripts from the
 * page's first lines, beside the entry's, instead of after the entry has loaded, run and drawn its
 * first frame (which is when `routes.tsx` imports `authenticated-routes.tsx`), and then the
 * screen's (SCREEN_PRELOADS) after that, and the start-up's API module (the session check). On a
 * phone over slow 4G each wait was one more round of requests on the way to the first screen. The
 * lists are the chunk holding the module and the chunks it imports, without those already fetched;
 * /login (no token) fetches none of them. An inline script: the server allows it by its hash, like
 * the colour-scheme one.
 */
function signedInPreload(): Plugin {
  let base = '/';
  return {
    name: 'ledgerleaf:signed-in-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const chunkOf = (module: RegExp) => {
          const found = chunks.find((chunk) => chunk.moduleIds.some((id) => module.test(id)));
          if (!found) throw new Error(`signed-in preload: no chunk holds ${module}`);
          return found.fileName;
        };
        const closure = (fileName: string, seen = new Set<string>()): Set<string> => {
          if (seen.has(fileName)) return seen;
          seen.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') for (const imported of chunk.imports) closure(imported, seen);
          return seen;
        };
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) throw new Error('signed-in preload: no entry chunk');
        const preloaded = closure(entry.fileName);
        // The start-up's API calls (auth-endpoints.ts, which auth-slice.ts imports when start-up
        // begins) and the signed-in area's route table with its layout.
        const signedIn = [
          ...closure(chunkOf(/packages[\\/]api[\\/]src[\\/]auth-endpoints\.ts$/)),
          ...closure(chunkOf(/[\\/]src[\\/]authenticated-routes\.tsx$/)),
        ].filter((file, index, files) => !preloaded.has(file) && files.indexOf(file) === index);
        const screens = Object.fromEntries(
          SCREEN_PRELOADS.map(({ path, module }) => [
            path,
            [...closure(chunkOf(module))]
              .filter((file) => !preloaded.has(file) && !signedIn.includes(file))
              .map((file) => base + file),
          ]),
        );
        const files = signedIn.map((file) => base + file);
        const script =
          `try{if(localStorage.getItem('token'))for(var f of ${JSON.stringify(files)}.concat(${JSON.stringify(screens)}[location.pathname]||[]))` +
          `{var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=f;document.head.appendChild(l)}}catch(e){}`;
        // Before the entry's script, so the links go out with the entry's own.
        const at = html.indexOf('<script type="module"');
        if (at < 0) throw new Error('signed-in preload: index.html has no module script');
        return `${html.slice(0, at)}<script>${script}</script>\n    ${html.slice(at)}`;
      },
    },
  };
}

/**
 * The stylesheet neither blocks the page's first paint nor its parser: the `<link>` Vite writes into
 * the head is replaced by an inline script, between the page's start-up screen (`#ll-boot`, styled
 * by its own inline style) and `#root`, that adds the same link there. A stylesheet in the head
 * held the start-up screen back until Mantine's 33 KiB of styles had arrived (on a phone over slow
 * 4G the page stayed blank), and one in the body stopped the parser. The entry waits for it before
 * React draws (`main.tsx`, `stylesheetsLoaded`; `data-settled` marks a link that has loaded or
 * failed before the entry ran), and the styles Mantine renders inside `#root` (the theme's CSS
 * variables) come after it and win.
 */
function stylesheetAfterStartScreen(): Plugin {
  return {
    name: 'ledgerleaf:stylesheet-after-start-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = [...html.matchAll(/[ \t]*<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>\n?/g)];
        if (links.length === 0 || !html.includes('<div id="root">') || !html.includes('id="ll-boot"'))
          throw new Error('stylesheet after start screen: index.html needs a stylesheet, #ll-boot and #root');
        let out = html;
        for (const [link] of links) out = out.replace(link, '');
        const hrefs = JSON.stringify(links.map((link) => link[1]));
        const script =
          `<script>for(var h of ${hrefs}){var l=document.createElement('link');l.rel='stylesheet';` +
          `l.crossOrigin='';l.href=h;l.onload=l.onerror=function(){this.setAttribute('data-settled','')};` +
          `document.currentScript.before(l)}</script>`;
        const at = out.indexOf('<div id="root">');
        return `${out.slice(0, at)}${script}\n    ${out.slice(at)}`;
      },
    },
  };
}

const nm = String.raw`node_modules[\\/]`;
const sep = String.raw`[\\/]`;
/** Modules /login loads (beside the vendor groups and the entry) that the signed-in shell imports too. */
const PUBLIC_SHARED_MODULES = new RegExp(
  [
    String.raw`packages${sep}ui${sep}src${sep}(layout${sep}brand-logo|theme${sep}color-scheme-toggle)\.tsx$`,
    String.raw`${nm}@tabler${sep}icons-react${sep}dist${sep}esm${sep}icons${sep}Icon(Leaf|Moon|Sun|FileInvoice|ChartBar|Users)\.mjs$`,
  ].join('|'),
);
/**
 * What every signed-in screen loads with the shell (`signed-in` chunk): the authenticated layout and
 * route table, the API and its shell endpoints, the domain modules they share, the Mantine components
 * and icons of the shell, the dashboard and the invoice list, and the dashboard page itself. Not the
 * dashboard's widgets (they load in stages, and two of them bring ECharts).
 */
const SIGNED_IN_MODULES = new RegExp(
  [
    String.raw`apps${sep}web${sep}src${sep}(authenticated-routes|navigation|layout${sep}(?!font-size\.ts|beta-feedback)|pages${sep}shell-routes)`,
    String.raw`packages${sep}features-[a-z]+${sep}src${sep}(routes|invoices${sep}routes|estimates${sep}routes|recurring${sep}routes)\.ts$`,
    String.raw`packages${sep}features-dashboard${sep}src${sep}(dashboard-page|use-dashboard|shared${sep})`,
    String.raw`packages${sep}features-goals${sep}src${sep}(host|shared${sep}events)`,
    String.raw`packages${sep}api${sep}src${sep}(shell-endpoints|goal-endpoints|catalog-endpoints|invoice-endpoints)\.ts$`,
    String.raw`packages${sep}domain${sep}src${sep}(shell${sep}index|dashboard${sep}(?!contracts)|goals${sep}progress)`,
    String.raw`packages${sep}ui${sep}src${sep}(shell${sep}|navigation${sep}|layout${sep}(app-layout|font-size-buttons|initials|use-nav-collapse)|dashboard${sep})`,
    String.raw`${nm}@tabler${sep}icons-react${sep}dist${sep}esm${sep}icons${sep}Icon(UsersGroup|ChevronDown|Logout|Target|TargetArrow|AlertCircle|AlertTriangle|Refresh|ArrowUp|ArrowDown|Bell|Cash|FileText|FilePlus|User|UserPlus|Repeat|Settings|CircleCheck|CircleX|Plus|InfoCircle|HelpCircle|Sparkles|Alarm|BellCheck|Checks|FileDollar)\.mjs$`,
  ].join('|'),
);
/**
 * RTK Query and the API's core (`api-core` chunk): the sign-in page calls the API (and start-up may
 * check a session with it), as does every guest page that sends a form; in `signed-in` they made
 * /login load the whole shell to sign in.
 */
const API_CORE_MODULES = new RegExp(
  [
    String.raw`packages${sep}api${sep}src${sep}(api|csrf|base-query)\.ts$`,
    String.raw`${nm}@reduxjs${sep}toolkit${sep}dist${sep}query${sep}`,
    String.raw`${nm}@standard-schema${sep}`,
  ].join('|'),
);
/**
 * The domain's and the ui's small shared modules that the shell, the first screens and the guest
 * pages all use (money and dates, limits, roles, invoice statuses and messages, the error boundary,
 * the page header…; `app-common` chunk). None of the domain's modules here builds a zod schema: the
 * first screens load no zod (domain modules that do are split, e.g. user.ts / user-helpers.ts, and
 * e2e/delivery.spec.ts checks). A group of their own, above `signed-in`: as its dependencies they were pulled
 * into it, and every guest page (sign-up, password reset, the public invoice) then loaded the shell.
 */
const APP_COMMON_MODULES = new RegExp(
  [
    String.raw`packages${sep}domain${sep}src${sep}(money|format|limits|user-helpers|account${sep}roles|catalog${sep}messages|invoicing${sep}(status|due-date|invoice-messages))\.ts$`,
    String.raw`packages${sep}ui${sep}src${sep}(feedback${sep}(error-boundary|page-header|load-error|empty-state)|routing${sep}url-params)\.tsx?$`,
    String.raw`packages${sep}features-invoicing${sep}src${sep}(invoices${sep}(status-badge|pdf)|shared${sep}money-text)\.tsx?$`,
    String.raw`packages${sep}api${sep}src${sep}(access|query-state)\.ts$`,
  ].join('|'),
);
/**
 * The Mantine components beyond `mantine-common` that the shell and the first screens draw, in two
 * groups shared with the guest pages that draw some of them: `mantine-overlays` (dialogs, menus,
 * popovers, tooltips, selects, scroll areas and what positions them) and `mantine-display` (cards,
 * badges, tables, skeletons, tabs, pagination…). In `signed-in`, a guest page drawing a table or a
 * dialog (the demo sign-in, the waiting list, the public invoice) loaded the whole shell.
 */
const MANTINE_OVERLAYS_MODULES = new RegExp(
  [
    String.raw`${nm}@mantine${sep}core${sep}esm${sep}(components${sep}(Modal|ModalBase|FocusTrap|Overlay|Portal|Menu|Popover|Tooltip|Combobox|Select|ScrollArea|Textarea)${sep}|utils${sep}Floating${sep})`,
    String.raw`${nm}@mantine${sep}hooks${sep}esm${sep}(use-window-event|use-focus-return|use-focus-trap|use-click-outside|use-long-press|use-debounced-callback|use-callback-ref|use-previous|utils${sep}clamp)${sep}`,
    String.raw`${nm}(@floating-ui|tslib|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce)${sep}`,
  ].join('|'),
);
const MANTINE_DISPLAY_MODULES = new RegExp(
  [
    String.raw`${nm}@mantine${sep}core${sep}esm${sep}components${sep}(VisuallyHidden|Avatar|Divider|NavLink|Accordion|Collapse|Code|Badge|Card|Skeleton|Table|Tabs|Pagination|AppShell|Burger|Affix|LoadingOverlay|Indicator|Kbd|EmptyState|Progress|Timeline)${sep}`,
    String.raw`${nm}@mantine${sep}hooks${sep}esm${sep}(use-window-scroll|use-collapse|use-force-update|use-pagination|use-debounced-value)${sep}`,
  ].join('|'),
);
/**
 * What the on-demand views (the toasts, the confirmation dialog) draw, shared with the shell and the
 * screens: the status icons, and the toasts' portal, notification and progress bar
 * (`feedback-views` chunk). As dependencies of the larger groups they made the first toast load
 * 127 KiB (4 KiB before).
 */
const FEEDBACK_VIEWS_MODULES = new RegExp(
  [
    String.raw`${nm}@tabler${sep}icons-react${sep}dist${sep}esm${sep}icons${sep}Icon(AlertCircle|AlertTriangle|InfoCircle|HelpCircle|CircleCheck|CircleX|Trash|Download|Eye|EyeOff)\.mjs$`,
    String.raw`${nm}@mantine${sep}core${sep}esm${sep}components${sep}(Portal|Progress|Notification)${sep}`,
  ].join('|'),
);
/** What the invoice list loads beyond the shell (`invoice-list` chunk): its page, table and filters (the date field loads when idle: ui DeferredDateField). */
const INVOICE_LIST_MODULES = new RegExp(
  [
    String.raw`packages${sep}features-invoicing${sep}src${sep}(invoices${sep}(invoices-page|invoice-bulk-bar|area-tabs|payment-hooks|pickers|status-badge|list-query|list-prefetch|document-list|pdf)|shared${sep}(date-range-filter|money-text))\.tsx?$`,
    String.raw`packages${sep}ui${sep}src${sep}(data-table${sep}|data-import${sep}(download|export-csv-button)|routing${sep}list-scaffold)`,
    String.raw`packages${sep}api${sep}src${sep}csv-import\.ts$`,
    String.raw`${nm}@tabler${sep}icons-react${sep}dist${sep}esm${sep}icons${sep}Icon(ArrowsSort|Inbox|Search|Send|Mail|X)\.mjs$`,
  ].join('|'),
);

/** The API server (apps/server) in development; `pnpm --filter @ledgerleaf/server dev` starts it. */
const API = process.env.LEDGERLEAF_API ?? 'http://127.0.0.1:3000';
const proxied = ['/api', '/sanctum', '/web-login', '/early-access', '/storage', '/healthz'];
const proxy = Object.fromEntries(proxied.map((path) => [path, { target: API, changeOrigin: false }]));

export default defineConfig({
  plugins: [
    workspaceSources(),
    react(),
    privateSourcemaps(),
    signedInPreload(),
    stylesheetAfterStartScreen(),
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
            { name: 'boot', tags: ['$initial'], priority: 8 },
            // What /login draws and the signed-in shell draws too (the brand logo, the colour scheme toggle,
            // the icons of the sign-in page's aside): its own group, above `signed-in`, so that group's
            // dependencies never pull it in (and /login loads it as one file instead of four).
            { name: 'public-shared', test: PUBLIC_SHARED_MODULES, priority: 9 },
            // The signed-in shell and its first screens as a few files (each group's modules are
            // listed above its regular expression). Left to per-route splitting the dashboard loaded 85
            // files and the invoice list 107, of 0.2 to 18 KiB; over HTTP/1.1 (six at a time, and slow
            // 4G adds a round trip to each) that queue was most of their LCP (22 and 16 files now).
            // A group takes its modules' dependencies with it, so the order matters: what guest pages
            // and on-demand views share with the shell comes first (`feedback-views`, `api-core`,
            // `app-common`, the two Mantine groups), then `signed-in` and `invoice-list`; all below
            // `boot` and the vendor groups, which keep what /login loads (the bench and
            // e2e/delivery.spec.ts check /login's KiB). Without dependencies
            // (`includeDependenciesRecursively: false`) chunks imported each other in a circle and a
            // domain schema ran before the one it extends (a TypeError on every signed-in page).
            { name: 'feedback-views', test: FEEDBACK_VIEWS_MODULES, priority: 7 },
            { name: 'api-core', test: API_CORE_MODULES, priority: 7 },
            { name: 'app-common', test: APP_COMMON_MODULES, priority: 6 },
            { name: 'mantine-overlays', test: MANTINE_OVERLAYS_MODULES, priority: 5 },
            { name: 'mantine-display', test: MANTINE_DISPLAY_MODULES, priority: 5 },
            { name: 'signed-in', test: SIGNED_IN_MODULES, priority: 4 },
            { name: 'invoice-list', test: INVOICE_LIST_MODULES, priority: 3 },
          ],
        },
      },
    },
  },
  server: { port: 5173, strictPort: false, proxy },
  preview: { port: 4173, proxy },
});
