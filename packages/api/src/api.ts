import { createApi, setupListeners } from '@reduxjs/toolkit/query/react';
import { registerApi } from './api-registry';
import { baseQuery } from './base-query';

/**
 * The one RTK Query API of the web app. Each area adds its endpoints with `api.injectEndpoints`
 * (see `auth-endpoints.ts`) and declares the tags it provides and invalidates here.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['User'],
  endpoints: () => ({}),
});

// Stores made before this module loaded (the app's, at start-up) add the API's reducer and
// middleware now (api-registry.ts).
registerApi({ api, setupListeners });
