import { useCallback, useState } from 'react';
import { NAV_BREAKPOINTS, UI_STORAGE_KEYS } from '../constants';

function readStored(): boolean | undefined {
  try {
    const value = window.localStorage.getItem(UI_STORAGE_KEYS.sideNavCollapsed);
    if (value === 'true') return true;
    if (value === 'false') return false;
  } catch {
    // storage disabled: behave as if nothing were stored
  }
  return undefined;
}

/** First-load collapse state: the stored choice, else collapsed below 1024px (SPEC.md section 2). */
export function initialNavCollapsed(): boolean {
  if (typeof window === 'undefined') return false;
  return readStored() ?? window.innerWidth < NAV_BREAKPOINTS.tablet;
}

/** Collapsed-to-icons state of the side navigation, persisted under `sideNavCollapsed`. */
export function useNavCollapse(): { collapsed: boolean; setCollapsed: (value: boolean) => void; toggle: () => void } {
  const [collapsed, setState] = useState(initialNavCollapsed);
  const setCollapsed = useCallback((value: boolean) => {
    setState(value);
    try {
      window.localStorage.setItem(UI_STORAGE_KEYS.sideNavCollapsed, String(value));
    } catch {
      // storage disabled: the choice lasts for this page only
    }
  }, []);
  const toggle = useCallback(() => setCollapsed(!collapsed), [collapsed, setCollapsed]);
  return { collapsed, setCollapsed, toggle };
}
