import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { UI_STORAGE_KEYS } from '../constants';

type StoredScheme = 'light' | 'dark';

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Access to localStorage throws when storage is disabled (privacy modes, sandboxed iframes).
    return undefined;
  }
}

/** Reads the stored choice: `theme` first, then the legacy boolean `darkMode`. */
export function readStoredColorScheme(): StoredScheme | undefined {
  const store = storage();
  if (!store) return undefined;
  try {
    const theme = store.getItem(UI_STORAGE_KEYS.theme);
    if (theme === 'light' || theme === 'dark') return theme;
    const darkMode = store.getItem(UI_STORAGE_KEYS.darkMode);
    if (darkMode === 'true') return 'dark';
    if (darkMode === 'false') return 'light';
  } catch {
    // fall through to "nothing stored"
  }
  return undefined;
}

/**
 * Mantine colour-scheme manager persisting the SPEC.md keys: `theme` ('light' | 'dark') and a
 * mirrored boolean string under `darkMode`. With nothing stored Mantine uses the default
 * scheme ('auto' = system preference) and follows system changes; choosing 'auto' clears both
 * keys so the app follows the system again.
 */
export function ledgerleafColorSchemeManager(): MantineColorSchemeManager {
  let listener: ((event: StorageEvent) => void) | undefined;
  return {
    get: (defaultValue: MantineColorScheme) => readStoredColorScheme() ?? defaultValue,
    set: (value: MantineColorScheme) => {
      const store = storage();
      if (!store) return;
      try {
        if (value === 'auto') {
          store.removeItem(UI_STORAGE_KEYS.theme);
          store.removeItem(UI_STORAGE_KEYS.darkMode);
        } else {
          store.setItem(UI_STORAGE_KEYS.theme, value);
          store.setItem(UI_STORAGE_KEYS.darkMode, String(value === 'dark'));
        }
      } catch {
        // A full or disabled storage must not break the toggle; the choice lasts for this page.
      }
    },
    subscribe: (onUpdate) => {
      if (typeof window === 'undefined') return;
      listener = (event: StorageEvent) => {
        // Another tab changed the theme: follow it.
        if (event.key === UI_STORAGE_KEYS.theme && (event.newValue === 'light' || event.newValue === 'dark')) {
          onUpdate(event.newValue);
        }
      };
      window.addEventListener('storage', listener);
    },
    unsubscribe: () => {
      if (listener && typeof window !== 'undefined') window.removeEventListener('storage', listener);
      listener = undefined;
    },
    clear: () => {
      const store = storage();
      try {
        store?.removeItem(UI_STORAGE_KEYS.theme);
        store?.removeItem(UI_STORAGE_KEYS.darkMode);
      } catch {
        // nothing to clear
      }
    },
  };
}
