import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import type { MantineProviderProps } from '@mantine/core';
import { preloadDateField } from '../forms/deferred-date-field';
import { ConfirmationProvider, preloadConfirmationDialog } from '../confirmation/confirmation-provider';
import { preloadToastViewport, ToastProvider } from '../toast/toast-provider';
import type { ToastStore } from '../toast/toast-store';
import { ledgerleafColorSchemeManager } from './color-scheme-manager';
import { cssVariablesResolver, theme } from './theme';

export interface UiProviderProps {
  children?: ReactNode;
  /** Used when nothing is stored under `theme`; 'auto' (the default) follows the system. */
  defaultColorScheme?: 'light' | 'dark' | 'auto';
  /** Toast store to render; the application-wide `toastStore` by default. */
  toastStore?: ToastStore;
  /** Mantine's 'test' environment turns transitions and portals off (unit tests). */
  env?: MantineProviderProps['env'];
}

/**
 * Everything the Ledgerleaf UI needs at the root: Mantine with the Ledgerleaf theme, the colour
 * scheme persisted under the SPEC.md keys `theme`/`darkMode`, toasts and the global
 * confirmation dialog. Import `@mantine/core/styles.css` once in the app entry.
 */
/**
 * Loads the views UiProvider renders on demand (the confirmation dialog, the toasts) and the
 * deferred date field of list filters. The app does not
 * call it; test setups await it so that a question or a toast appears in the same act() as the
 * action that raised it.
 */
export async function preloadUiViews(): Promise<void> {
  await Promise.all([preloadConfirmationDialog(), preloadToastViewport(), preloadDateField()]);
}

export function UiProvider({ children, defaultColorScheme = 'auto', toastStore, env }: UiProviderProps) {
  const colorSchemeManager = useMemo(() => ledgerleafColorSchemeManager(), []);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme={defaultColorScheme}
      {...(env ? { env } : {})}
    >
      <ToastProvider {...(toastStore ? { store: toastStore } : {})}>
        <ConfirmationProvider>{children}</ConfirmationProvider>
      </ToastProvider>
    </MantineProvider>
  );
}
