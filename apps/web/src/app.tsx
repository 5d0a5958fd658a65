import { useCallback, useDeferredValue, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { DatesProvider } from '@mantine/dates';
import { initializeAuth, useAppDispatch, useAppSelector, useDateFormat, type AppStore } from '@ledgerleaf/api';
import { FullPageLoader, UiProvider } from '@ledgerleaf/ui';
import { createRoutes, discoverAuthenticatedRoutes, preloadRoute } from './routes';

type RouterFactory = typeof createBrowserRouter;

/**
 * Runs the start-up of SPEC.md sections 1 and 4 once (anti-forgery cookie, then token validation)
 * and shows 'Initializing application...' until it has finished.
 */
export function AuthInitializer({ children, onStart }: { children: ReactNode; onStart?: () => void }) {
  const dispatch = useAppDispatch();
  // What follows start-up (the router is made, the first page drawn) renders in a transition: the
  // flag changes through a store update, which React would render in one go (a phone's 35 ms task).
  const initialized = useDeferredValue(useAppSelector((state) => state.auth.initialized));
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void dispatch(initializeAuth());
    onStart?.();
  }, [dispatch, onStart]);
  if (!initialized) return <FullPageLoader label="Initializing application..." />;
  return children;
}

/**
 * Date pickers start their weeks on the business's first day (business settings, from the signed-in
 * user's preferences; Sunday when signed out) and change at once when the setting is saved.
 */
export function DatePreferencesProvider({ children }: { children: ReactNode }) {
  const { firstDayOfWeek } = useDateFormat();
  return <DatesProvider settings={{ firstDayOfWeek, consistentWeeks: true }}>{children}</DatesProvider>;
}

/**
 * Created only after initialisation, so that the route guards see the validated session. The
 * signed-in area's routes are discovered on the first navigation into it (routes.tsx).
 *
 * Navigation is not a React transition (`useTransitions={false}`): the new page replaces the old
 * one in the same task as the address changes. As a transition, React kept the old page on
 * screen, and accepting input, while it rendered the new one in the background; on a busy machine
 * that took up to a second, so what a person typed right after clicking "New Invoice" went into
 * the invoice list's Client filter, which then vanished (the browser test's client option
 * "detached from the DOM").
 */
function AppRouter({ store, createRouter }: { store: AppStore; createRouter: RouterFactory }) {
  const router = useMemo(() => {
    const routes = createRoutes(store);
    return createRouter(routes, { patchRoutesOnNavigation: discoverAuthenticatedRoutes(store, routes) });
  }, [store, createRouter]);
  return <RouterProvider router={router} useTransitions={false} />;
}

export interface AppProps {
  store: AppStore;
  /** createBrowserRouter in the browser; createMemoryRouter (with initialEntries) in tests. */
  createRouter?: RouterFactory;
  /** The address the page was opened at, whose screen starts loading during start-up (none in tests). */
  pathname?: string;
  /** Its query string (`?status=paid`), for a screen that asks for its data during start-up. */
  search?: string;
}

/** The providers (store, Mantine theme, toasts, confirmation dialog, date preferences) around the router. */
export function App({ store, createRouter = createBrowserRouter, pathname, search = '' }: AppProps) {
  // While start-up runs, the address's screen loads (routes.tsx, preloadRoute).
  const preload = useCallback(() => {
    if (pathname === undefined) return;
    void preloadRoute(store, createRoutes(store), pathname, search).catch(() => undefined);
  }, [store, pathname, search]);
  return (
    <Provider store={store}>
      <UiProvider>
        <DatePreferencesProvider>
          <AuthInitializer onStart={preload}>
            <AppRouter store={store} createRouter={createRouter} />
          </AuthInitializer>
        </DatePreferencesProvider>
      </UiProvider>
    </Provider>
  );
}
