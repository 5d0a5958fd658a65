import { createContext, useContext, useEffect, useMemo, useReducer, useSyncExternalStore } from 'react';
import type { ToastViewport as ViewportComponent } from './toast-viewport';
import type { ReactNode } from 'react';
import { toastStore as defaultStore } from './toast-store';
import type { Toast, ToastOptions, ToastStore } from './toast-store';

const ToastStoreContext = createContext<ToastStore>(defaultStore);

// The toasts' view (Mantine's Notification, Progress, Transition, Portal and four icons) loads with
// the first toast, not with the app: the sign-in page shows none.
let loadedViewport: typeof ViewportComponent | null = null;
let loadingViewport: Promise<void> | null = null;

/** Loads the toasts' view; test setups await it so that a toast renders in the same act() as in the browser. */
export function preloadToastViewport(): Promise<void> {
  loadingViewport ??= import('./toast-viewport').then((module) => {
    loadedViewport = module.ToastViewport;
  });
  return loadingViewport;
}

export interface ToastProviderProps {
  children?: ReactNode;
  /** The store to render; the application-wide `toastStore` by default. */
  store?: ToastStore;
}

/**
 * Renders the toasts of a store and provides `useToast`. They sit where they cover no page action
 * (issue 11): page actions are top right (the page header) and the floating buttons bottom right,
 * so toasts stack bottom left of the content, right of the side navigation; on phones along the
 * bottom, leaving the right-hand column of floating buttons free. Newest at the bottom.
 */
export function ToastProvider({ children, store = defaultStore }: ToastProviderProps) {
  return (
    <ToastStoreContext.Provider value={store}>
      {children}
      <ToastsWhenShown store={store} />
    </ToastStoreContext.Provider>
  );
}

export interface UseToastResult {
  /** Shows a toast; returns its id. */
  show: (toast: ToastOptions) => string;
  remove: (id: string) => void;
  clear: () => void;
  /** The toasts currently shown, oldest first. */
  toasts: readonly Toast[];
}

/** Shows and removes toasts; re-renders when they change. */
export function useToast(): UseToastResult {
  const store = useContext(ToastStoreContext);
  const toasts = useSyncExternalStore(store.subscribe, store.getToasts, store.getToasts);
  return useMemo(() => ({ show: store.show, remove: store.remove, clear: store.clear, toasts }), [store, toasts]);
}

/** Renders nothing (and loads nothing) until the store holds a toast. */
function ToastsWhenShown({ store }: { store: ToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.getToasts, store.getToasts);
  const [, loaded] = useReducer((count: number) => count + 1, 0);
  const Viewport = loadedViewport;
  const shown = toasts.length > 0;
  useEffect(() => {
    if (shown && !Viewport) void preloadToastViewport().then(loaded);
  }, [shown, Viewport]);
  return shown && Viewport ? <Viewport store={store} /> : null;
}
