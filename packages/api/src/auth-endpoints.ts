import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import {
  DEMO_ACCOUNT,
  MESSAGES,
  type AuthResponse,
  type DemoLoginResponse,
  type ForgotPasswordRequest,
  type LoginRequest,
  type MessageResponse,
  type RegisterRequest,
  type ResetPasswordRequest,
  type User,
  type WaitlistRequest,
  type WaitlistResponse,
} from '@ledgerleaf/domain';
import { api } from './api';
import { writeToken, writeUser } from './storage';

const CSRF_COOKIE_URL = '/sanctum/csrf-cookie';

/** Registration may answer without a token (SPEC.md section 3: "may carry token and user"). */
export type RegisterResponse = Partial<AuthResponse>;

function noToken(message: string, data: unknown): FetchBaseQueryError {
  return { status: 'CUSTOM_ERROR', error: message, data };
}

function hasToken(data: unknown): data is { token: string } {
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as { token?: unknown }).token === 'string' &&
    (data as { token: string }).token !== ''
  );
}

/** Saves token and user where the base query and the next page load find them. */
function persist(data: Partial<AuthResponse>): void {
  if (data.token) writeToken(data.token);
  if (data.user) writeUser(data.user);
}

async function persistOnSuccess(queryFulfilled: Promise<{ data: Partial<AuthResponse> }>): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    persist(data);
  } catch {
    // The error reaches the caller through the hook or unwrap(); nothing to store.
  }
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Sets the `XSRF-TOKEN` cookie. A side-effecting GET, so a mutation: never cached. */
    csrfCookie: build.mutation<null, void>({
      query: () => ({ url: CSRF_COOKIE_URL, method: 'GET' }),
    }),

    /** POST /web-login after a fresh anti-forgery cookie (SPEC.md section 7). */
    login: build.mutation<AuthResponse, LoginRequest>({
      async queryFn(credentials, _api, _extra, baseQuery) {
        const csrf = await baseQuery({ url: CSRF_COOKIE_URL, method: 'GET' });
        if (csrf.error) console.warn('Could not refresh the anti-forgery cookie before login', csrf.error);
        const result = await baseQuery({ url: '/web-login', method: 'POST', body: credentials });
        if (result.error) return { error: result.error };
        if (!hasToken(result.data)) return { error: noToken(MESSAGES.noToken, result.data) };
        return { data: result.data as AuthResponse };
      },
      invalidatesTags: ['User'],
      onQueryStarted: (_arg, { queryFulfilled }) => persistOnSuccess(queryFulfilled),
    }),

    register: build.mutation<RegisterResponse, RegisterRequest>({
      async queryFn(payload, _api, _extra, baseQuery) {
        const csrf = await baseQuery({ url: CSRF_COOKIE_URL, method: 'GET' });
        if (csrf.error) console.warn('Could not refresh the anti-forgery cookie before registration', csrf.error);
        const result = await baseQuery({ url: '/api/register', method: 'POST', body: payload });
        if (result.error) return { error: result.error };
        return { data: (result.data ?? {}) as RegisterResponse };
      },
      invalidatesTags: ['User'],
      onQueryStarted: (_arg, { queryFulfilled }) => persistOnSuccess(queryFulfilled),
    }),

    /** The demo account's credentials come from the domain; the endpoint exists only when DEMO is on. */
    demoLogin: build.mutation<DemoLoginResponse, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const csrf = await baseQuery({ url: CSRF_COOKIE_URL, method: 'GET' });
        if (csrf.error) console.warn('Could not refresh the anti-forgery cookie before demo login', csrf.error);
        const result = await baseQuery({
          url: '/api/debug/demo-login',
          method: 'POST',
          body: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
        });
        if (result.error) return { error: result.error };
        if (!hasToken(result.data)) return { error: noToken(MESSAGES.demoNoToken, result.data) };
        return { data: result.data as DemoLoginResponse };
      },
      invalidatesTags: ['User'],
      onQueryStarted: (_arg, { queryFulfilled }) => persistOnSuccess(queryFulfilled),
    }),

    /** Revokes the bearer token on the server. Use the `logout` thunk, which also clears and redirects. */
    logout: build.mutation<MessageResponse | null, void>({
      query: () => ({ url: '/api/logout', method: 'POST' }),
    }),

    currentUser: build.query<User, void>({
      query: () => '/api/user',
      providesTags: ['User'],
    }),

    earlyAccess: build.mutation<WaitlistResponse, WaitlistRequest>({
      query: (body) => ({ url: '/early-access', method: 'POST', body }),
    }),

    forgotPassword: build.mutation<MessageResponse, ForgotPasswordRequest>({
      query: (body) => ({ url: '/api/forgot-password', method: 'POST', body }),
    }),

    resetPassword: build.mutation<MessageResponse, ResetPasswordRequest>({
      query: (body) => ({ url: '/api/reset-password', method: 'POST', body }),
    }),
  }),
});

export const {
  useCsrfCookieMutation,
  useLoginMutation,
  useRegisterMutation,
  useDemoLoginMutation,
  useLogoutMutation,
  useCurrentUserQuery,
  useLazyCurrentUserQuery,
  useEarlyAccessMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
} = authApi;
