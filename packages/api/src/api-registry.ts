import type { Api, setupListeners } from '@reduxjs/toolkit/query';

/**
 * The API client (`api.ts`, RTK Query: about 15 KiB gzipped) is not part of the store at start-up:
 * the sign-in page neither reads nor writes its cache, so the app's first page loads without it. The
 * first module that imports `api.ts` (a screen's chunk, or the sign-in call) registers it here, and
 * every store (`makeStore`) adds its reducer and middleware then.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any endpoint set; the stores only attach it
export type AnyApi = Api<any, any, 'api', any, any>;

export interface RegisteredApi {
  api: AnyApi;
  /** RTK Query's refetch-on-focus/reconnect listeners, for a store that asks for them. */
  setupListeners: typeof setupListeners;
}

let registered: RegisteredApi | null = null;
const waiting = new Set<(api: RegisteredApi) => void>();

/** Called once, by `api.ts` when it is evaluated. */
export function registerApi(api: RegisteredApi): void {
  registered = api;
  for (const attach of waiting) attach(api);
  waiting.clear();
}

/** Runs `attach` with the API client now if it is loaded, or as soon as it is. */
export function whenApiLoaded(attach: (api: RegisteredApi) => void): void {
  if (registered) attach(registered);
  else waiting.add(attach);
}
