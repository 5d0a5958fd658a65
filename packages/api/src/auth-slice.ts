import {
  createAsyncThunk,
  createSlice,
  type PayloadAction,
  type ThunkDispatch,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { MESSAGES, type AuthResponse, type LoginRequest, type User } from '@ledgerleaf/domain';
import { browser } from './browser';
import { errorStatus } from './errors';
import { beginLogout, sessionEnded } from './session';
import { clearAuthStorage, readToken, readUser, writeUser } from './storage';
import { paths } from './paths';

export type AuthStatus = 'unauthenticated' | 'validating' | 'authenticated';

export interface AuthState {
  token: string | null;
  user: User | null;
  status: AuthStatus;
  /** The stored token was confirmed by GET /api/user in this page's life. */
  tokenValidated: boolean;
  /** initializeAuth finished (whatever its outcome): the app may render its routes. */
  initialized: boolean;
}

/** The state a page load starts from: whatever local storage holds (SPEC.md section 3). */
export function loadAuthState(): AuthState {
  const token = readToken();
  return {
    token,
    user: token ? readUser() : null,
    status: token ? 'authenticated' : 'unauthenticated',
    tokenValidated: false,
    initialized: false,
  };
}

/**
 * The API client and the auth endpoints, loaded when a call needs them: a visitor without a token
 * (the sign-in page) starts the app without RTK Query (api-registry.ts).
 */
const loadAuthApi = () => import('./auth-endpoints');

const CSRF_COOKIE_URL = '/sanctum/csrf-cookie';

/** GET /sanctum/csrf-cookie (sets the `XSRF-TOKEN` cookie) with plain fetch: no API client needed. */
async function fetchCsrfCookie(): Promise<void> {
  const response = await fetch(new URL(CSRF_COOKIE_URL, browser.origin()), {
    credentials: 'include',
    headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
  });
  if (!response.ok) throw new Error(`GET ${CSRF_COOKIE_URL} answered ${response.status}`);
}

interface InitializeResult {
  token: string | null;
  user: User | null;
  validated: boolean;
}

/**
 * Start-up (SPEC.md sections 1 and 4): fetch the anti-forgery cookie (a failure is logged and
 * ignored), then validate a stored token with GET /api/user. A 401 or 419 removes the token; any
 * other failure (offline, server restarting) keeps it so that a flaky network does not sign people out.
 */
export const initializeAuth = createAsyncThunk<InitializeResult, void>(
  'auth/initialize',
  async (_arg, { dispatch }) => {
    try {
      await fetchCsrfCookie();
    } catch (error) {
      console.warn('Could not fetch the anti-forgery cookie', error);
    }
    const token = readToken();
    if (!token) return { token: null, user: null, validated: false };
    dispatch(validationStarted());
    const { authApi } = await loadAuthApi();
    const result = await dispatch(
      authApi.endpoints.currentUser.initiate(undefined, { forceRefetch: true, subscribe: false }),
    );
    if (result.data) {
      writeUser(result.data);
      return { token, user: result.data, validated: true };
    }
    const status = errorStatus(result.error);
    if (status === 401 || status === 419) {
      clearAuthStorage();
      return { token: null, user: null, validated: false };
    }
    console.warn('Could not validate the stored token', result.error);
    return { token, user: readUser(), validated: false };
  },
);

/**
 * Dashboard entry with a token but no known user (SPEC.md section 4): fetch the user; on failure
 * clear auth and reject with 'Failed to fetch user data' so that the caller sends the user to /login.
 */
export const fetchCurrentUser = createAsyncThunk<User, void, { rejectValue: string }>(
  'auth/fetchCurrentUser',
  async (_arg, { dispatch, rejectWithValue }) => {
    const { authApi } = await loadAuthApi();
    const result = await dispatch(
      authApi.endpoints.currentUser.initiate(undefined, { forceRefetch: true, subscribe: false }),
    );
    if (result.data) {
      writeUser(result.data);
      return result.data;
    }
    console.warn(MESSAGES.fetchUserFailed, result.error);
    clearAuthStorage();
    dispatch(sessionEnded());
    return rejectWithValue(MESSAGES.fetchUserFailed);
  },
);

/**
 * Sign-out (SPEC.md sections 2 and 4): call the server when there is a token, then clear token and
 * user and hard-redirect to /login, also when the call fails. A second call while one runs does
 * nothing (the double-logout guard).
 */
export const logout = createAsyncThunk<boolean, void>('auth/logout', async (_arg, { dispatch }) => {
  if (!beginLogout()) return false;
  let authApi: Awaited<ReturnType<typeof loadAuthApi>>['authApi'] | null = null;
  try {
    ({ authApi } = await loadAuthApi());
    if (readToken()) await dispatch(authApi.endpoints.logout.initiate()).unwrap();
  } catch (error) {
    console.warn('Logout call failed; signing out locally', error);
  } finally {
    clearAuthStorage();
    dispatch(sessionEnded());
    if (authApi) dispatch(authApi.util.resetApiState());
    browser.redirect(paths.login);
  }
  return true;
});

/**
 * The sign-in page's call (SPEC.md section 7: a fresh anti-forgery cookie, then POST /web-login),
 * loading the API client with it: the page itself loads without RTK Query. Answers `{ data }` or
 * `{ error }` like the mutation hook.
 */
export const signIn =
  (credentials: LoginRequest) => async (dispatch: ThunkDispatch<unknown, unknown, UnknownAction>) => {
    const { authApi } = await loadAuthApi();
    const request = dispatch(authApi.endpoints.login.initiate(credentials));
    const result = await request;
    request.reset();
    return result;
  };

/** Mutations whose success signs someone in. */
const SIGN_IN_ENDPOINTS = new Set(['login', 'demoLogin', 'register']);

/**
 * `isAnyOf(authApi.endpoints.login.matchFulfilled, …)` by the action's type and endpoint name, so
 * that this slice does not import the API client (api-registry.ts).
 */
function signedIn(action: UnknownAction): action is PayloadAction<Partial<AuthResponse>> {
  const meta = (action as { meta?: { arg?: { type?: string; endpointName?: string } } }).meta;
  return (
    action.type === 'api/executeMutation/fulfilled' &&
    meta?.arg?.type === 'mutation' &&
    SIGN_IN_ENDPOINTS.has(meta.arg.endpointName ?? '')
  );
}

const authSlice = createSlice({
  name: 'auth',
  initialState: loadAuthState,
  reducers: {
    validationStarted(state) {
      state.status = 'validating';
    },
    userUpdated(state, action: PayloadAction<User>) {
      state.user = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(initializeAuth.fulfilled, (state, action) => {
        state.initialized = true;
        state.token = action.payload.token;
        state.user = action.payload.user;
        state.tokenValidated = action.payload.validated;
        state.status = action.payload.token ? 'authenticated' : 'unauthenticated';
      })
      .addCase(initializeAuth.rejected, (state) => {
        state.initialized = true;
        state.status = state.token ? 'authenticated' : 'unauthenticated';
      })
      .addCase(fetchCurrentUser.fulfilled, (state, action) => {
        state.user = action.payload;
        state.tokenValidated = true;
        state.status = 'authenticated';
      })
      .addCase(sessionEnded, (state) => {
        state.token = null;
        state.user = null;
        state.status = 'unauthenticated';
        state.tokenValidated = false;
      })
      .addMatcher(signedIn, (state, action) => {
        // Registration may answer without a token; then nobody is signed in yet.
        if (!action.payload.token) return;
        state.token = action.payload.token;
        state.user = action.payload.user ?? null;
        state.status = 'authenticated';
        state.tokenValidated = true;
      });
  },
});

export const { validationStarted, userUpdated } = authSlice.actions;
export const authReducer = authSlice.reducer;

export const selectAuth = (state: { auth: AuthState }): AuthState => state.auth;
export const selectUser = (state: { auth: AuthState }): User | null => state.auth.user;
export const selectToken = (state: { auth: AuthState }): string | null => state.auth.token;
export const selectIsAuthenticated = (state: { auth: AuthState }): boolean => state.auth.token !== null;
