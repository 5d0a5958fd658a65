import { createApi } from '@reduxjs/toolkit/query/react';
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
