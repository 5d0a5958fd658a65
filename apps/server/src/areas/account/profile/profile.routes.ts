import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import {
  ACCOUNT_MESSAGES,
  UPLOAD_MAX_BYTES,
  accountDeletionResponseSchema,
  accountDeletionSchema,
  passwordChangeSchema,
  profileResponseSchema,
  profileUpdateSchema,
  signOutOthersResponseSchema,
} from '@ledgerleaf/domain';
import type { Deps } from '../../../lib/context';
import { fileDoc } from '../../../lib/error-docs';
import { defineRoute, requireAuth } from '../../../lib/route';
import { ACCOUNT_ERRORS as e } from '../errors';
import {
  changePassword,
  clearUpload,
  deleteAccount,
  exportBusinessData,
  getProfile,
  saveUpload,
  signOutOtherDevices,
  updateProfile,
} from './profile.service';
import { readImageUpload } from './uploads';

export function registerProfileRoutes(app: FastifyInstance, deps: Deps): void {
  const tags = ['profile'];
  defineRoute(app, {
    method: 'GET',
    url: '/api/profile',
    summary: 'The signed-in person: name, business, email, phone, avatar, logo, role',
    tags,
    auth: true,
    responses: { 200: { description: 'Profile', schema: profileResponseSchema }, 401: e.unauthenticated },
    handler: async ({ request }) => ({ data: await getProfile(deps, { auth: requireAuth(request) }) }),
  });
  defineRoute(app, {
    method: 'PUT',
    url: '/api/profile',
    summary: 'Change own email and phone (name and business name cannot change after registration)',
    tags,
    auth: true,
    access: 'self',
    body: profileUpdateSchema,
    responses: {
      200: { description: 'Saved', schema: profileResponseSchema },
      401: e.unauthenticated,
      422: e.validation,
    },
    handler: async ({ request, body }) => ({
      data: await updateProfile(deps, { auth: requireAuth(request), input: body }),
      message: ACCOUNT_MESSAGES.profileSaved,
    }),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/profile/password',
    summary: 'Change own password (current password required); every other session is signed out',
    tags,
    auth: true,
    access: 'self',
    body: passwordChangeSchema,
    responses: {
      200: { description: 'Changed', schema: signOutOthersResponseSchema },
      401: e.unauthenticated,
      422: e.validation,
    },
    handler: async ({ request, body }) => ({
      ...(await changePassword(deps, { auth: requireAuth(request), input: body })),
      message: ACCOUNT_MESSAGES.passwordChanged,
    }),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/profile/sign-out-others',
    summary: 'Revoke every token of the caller but the one of this request',
    tags,
    auth: true,
    access: 'self',
    responses: { 200: { description: 'Signed out', schema: signOutOthersResponseSchema }, 401: e.unauthenticated },
    handler: async ({ request }) => {
      const { revoked } = await signOutOtherDevices(deps, { auth: requireAuth(request) });
      return { revoked, message: ACCOUNT_MESSAGES.otherDevicesSignedOut(revoked) };
    },
  });
  defineRoute(app, {
    method: 'GET',
    url: '/api/profile/export',
    summary: 'Everything of the business as a zip (data.json, one CSV per table, uploaded images); owners and admins',
    tags,
    auth: true,
    access: 'admin',
    responses: { 200: fileDoc('The zip of the business', 'application/zip'), 401: e.unauthenticated, 403: e.forbidden },
    handler: async ({ request, reply }) => {
      const { filename, zip } = await exportBusinessData(deps, { auth: requireAuth(request) });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(zip));
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/profile/delete',
    summary:
      'Delete own account (password and the word DELETE); the last owner deletes the business and everything of it',
    tags,
    auth: true,
    access: 'self',
    body: accountDeletionSchema,
    responses: {
      200: { description: 'Deleted', schema: accountDeletionResponseSchema },
      401: e.unauthenticated,
      422: e.validation,
    },
    handler: async ({ request, body }) => deleteAccount(deps, { auth: requireAuth(request), input: body }),
  });

  // Uploads: the multipart parser exists only inside this scope, so every other route still refuses multipart (415).
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 2 } });
    for (const kind of ['avatar', 'logo'] as const) {
      const url = kind === 'avatar' ? '/api/profile/avatar' : '/api/settings/business/logo';
      const access = kind === 'avatar' ? 'self' : 'admin';
      defineRoute(scope, {
        method: 'POST',
        url,
        summary: `Upload the ${kind === 'avatar' ? 'avatar' : 'company logo'}: multipart field "file", PNG, JPEG or WebP (checked by content), at most 2 MB`,
        tags,
        auth: true,
        access,
        upload: { field: 'file', description: 'PNG, JPEG or WebP (checked by content), at most 2 MB' },
        // Any role may change their own avatar (read-only ones too): no 403. The logo is for owners and
        // admins: its 403 follows from its access (documentedResponses).
        responses: {
          200: { description: 'Saved', schema: profileResponseSchema },
          401: e.unauthenticated,
          415: e.unsupported,
          422: e.validation,
        },
        handler: async ({ request }) => {
          const auth = requireAuth(request);
          const file = await readImageUpload(request, kind);
          return { data: await saveUpload(deps, { auth, kind, file }), message: ACCOUNT_MESSAGES.uploadSaved };
        },
      });
      defineRoute(scope, {
        method: 'DELETE',
        url,
        summary: `Remove the ${kind === 'avatar' ? 'avatar' : 'company logo'}`,
        tags,
        auth: true,
        access,
        responses: {
          200: { description: 'Removed', schema: profileResponseSchema },
          401: e.unauthenticated,
        },
        handler: async ({ request }) => ({
          data: await clearUpload(deps, { auth: requireAuth(request), kind }),
          message: ACCOUNT_MESSAGES.uploadRemoved,
        }),
      });
    }
  });
}
