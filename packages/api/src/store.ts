import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { api } from './api';
import { authReducer, type AuthState } from './auth-slice';

export const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  auth: authReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** The app's store: the API cache and the auth slice. Later areas add their slices to rootReducer. */
export function makeStore(options: { auth?: Partial<AuthState>; listen?: boolean } = {}) {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
    preloadedState: options.auth
      ? { auth: { ...authReducer(undefined, { type: '@@init' }), ...options.auth } }
      : undefined,
  });
  // Refetch on focus/reconnect for queries that opt in.
  if (options.listen) setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();
