import { combineSlices, configureStore, createDynamicMiddleware } from '@reduxjs/toolkit';
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { api } from './api';
import { whenApiLoaded } from './api-registry';
import { authReducer, type AuthState } from './auth-slice';

/**
 * The auth slice from the start; the API cache (`api`) once the API client is loaded
 * (api-registry.ts): the sign-in page runs without RTK Query.
 */
export const rootReducer = combineSlices({ auth: authReducer }).withLazyLoadedSlices<{
  [api.reducerPath]: ReturnType<typeof api.reducer>;
}>();

export type RootState = ReturnType<typeof rootReducer>;

/** The app's store: the API cache and the auth slice. Later areas add their slices to rootReducer. */
export function makeStore(options: { auth?: Partial<AuthState>; listen?: boolean } = {}) {
  const dynamicMiddleware = createDynamicMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(dynamicMiddleware.middleware),
    preloadedState: options.auth
      ? { auth: { ...authReducer(undefined, { type: '@@init' }), ...options.auth } }
      : undefined,
  });
  whenApiLoaded(({ api: loaded, setupListeners }) => {
    rootReducer.inject(loaded);
    dynamicMiddleware.addMiddleware(loaded.middleware);
    // The API's initial state, before any hook reads it.
    store.dispatch({ type: 'api/attached' });
    // Refetch on focus/reconnect for queries that opt in.
    if (options.listen) setupListeners(store.dispatch);
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();
