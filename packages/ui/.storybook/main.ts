import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  // The design system's components, and the feature packages' screens and pieces (each feature's
  // stories bring their own decorators: store, router, fetch stubs), so designers browse one book.
  stories: ['../src/**/*.stories.@(ts|tsx)', '../../features-*/src/**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/react-vite', options: {} },
  // CI builds offline: no telemetry, no update checks.
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  async viteFinal(viteConfig) {
    const { mergeConfig } = await import('vite');
    return mergeConfig(viteConfig, {
      // Feature stories import '@ledgerleaf/ui' (its dist); the preview's providers come from src. One
      // copy of the module, or the features' hooks (useConfirm, useToast) would miss the providers.
      // The same for the router entry (`@ledgerleaf/ui/routing`), matched before the main entry.
      resolve: {
        alias: [
          {
            find: /^@ledgerleaf\/ui\/routing$/,
            replacement: fileURLToPath(new URL('../src/routing/index.ts', import.meta.url)),
          },
          { find: /^@ledgerleaf\/ui$/, replacement: fileURLToPath(new URL('../src/index.ts', import.meta.url)) },
        ],
      },
      // Keep CI logs to warnings: the per-chunk size table says nothing about the app.
      logLevel: 'warn',
      build: {
        // Storybook's preview bundles every component; its size is not the app's bundle size.
        chunkSizeWarningLimit: 2000,
        rollupOptions: {
          onwarn(warning: { code?: string }, warn: (w: unknown) => void) {
            // Mantine marks its modules "use client" for React Server Components; meaningless here.
            if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
            warn(warning);
          },
        },
      },
    });
  },
};

export default config;
