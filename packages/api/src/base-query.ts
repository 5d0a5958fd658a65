import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query';
import { browser } from './browser';
import { readXsrfToken, XSRF_HEADER } from './csrf';
import { paths } from './paths';
import { beginLogout, isLogoutRunning, sessionEnded } from './session';
import { clearAuthStorage, readToken } from './storage';

/**
 * Calls whose 401 is part of their own flow (a wrong password, an expired token found while
 * validating it, a logout of a token that is already gone): SPEC.md section 8 keeps them out of the
 * automatic logout.
 */
const AUTH_FLOW_PATH = /\/(?:web-login|login|register|logout|csrf-cookie)\/?$|\/api\/user\/?$/;

function pathOf(url: string): string {
  try {
    return new URL(url, 'http://x').pathname;
  } catch {
    return url.split('?')[0] ?? url;
  }
}

export function isAuthFlowUrl(url: string): boolean {
  const path = pathOf(url);
  return AUTH_FLOW_PATH.test(path) || /-login\/?$/.test(path);
}

/**
 * A 401 logs the user out only when all four hold (SPEC.md section 8): a token is stored, the page
 * is not the sign-in page, the call is not part of an auth flow, and no logout is under way.
 */
export function shouldLogoutOn401(url: string): boolean {
  return readToken() !== null && browser.pathname() !== paths.login && !isAuthFlowUrl(url) && !isLogoutRunning();
}

const BODYLESS_METHODS = new Set(['GET', 'HEAD']);

function normalise(args: string | FetchArgs): FetchArgs {
  const request: FetchArgs = typeof args === 'string' ? { url: args } : { ...args };
  const method = (request.method ?? 'GET').toUpperCase();
  // Every request says Content-Type: application/json, and a JSON server refuses an empty body
  // under that header, so state-changing calls without a payload send `{}`.
  if (!BODYLESS_METHODS.has(method) && request.body === undefined) request.body = {};
  return request;
}

export type ApiError = FetchBaseQueryError;

/**
 * The one base query (SPEC.md sections 6-8): page origin, cookies included, JSON and XMLHttpRequest
 * headers, the bearer token from local storage, the anti-forgery header from the `XSRF-TOKEN`
 * cookie; a 419 reloads the page, a 401 logs out under the four conditions of section 8.
 */
export const baseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  object,
  FetchBaseQueryMeta
> = async (args, api, extraOptions) => {
  const request = normalise(args);
  // Created per call: the base is the page origin, read when the call is made.
  const rawBaseQuery = fetchBaseQuery({
    baseUrl: browser.origin(),
    credentials: 'include',
    prepareHeaders: (headers) => {
      headers.set('Accept', 'application/json');
      headers.set('Content-Type', 'application/json');
      headers.set('X-Requested-With', 'XMLHttpRequest');
      const token = readToken();
      if (token) headers.set('Authorization', `Bearer ${token}`);
      const xsrf = readXsrfToken(browser.cookie());
      if (xsrf) headers.set(XSRF_HEADER, xsrf);
      return headers;
    },
  });
  const result = await rawBaseQuery(request, api, extraOptions);
  const status = result.error?.status;
  if (status === 419) {
    browser.reload();
  } else if (status === 401 && shouldLogoutOn401(request.url) && beginLogout()) {
    clearAuthStorage();
    api.dispatch(sessionEnded());
    browser.redirect(paths.login);
  }
  return result;
};
