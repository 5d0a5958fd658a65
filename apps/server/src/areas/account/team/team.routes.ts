import type { FastifyInstance } from 'fastify';
import {
  ACCOUNT_MESSAGES,
  authResponseSchema,
  idParamsSchema,
  invitationAcceptSchema,
  invitationCreateSchema,
  invitationPreviewResponseSchema,
  invitationResponseSchema,
  invitationTokenParamsSchema,
  messageResponseSchema,
  roleChangeSchema,
  teamMemberResponseSchema,
  teamResponseSchema,
} from '@ledgerleaf/domain';
import type { Deps } from '../../../lib/context';
import { defineRoute, requireAuth } from '../../../lib/route';
import { ACCOUNT_ERRORS as e } from '../errors';
import {
  acceptInvitation,
  cancelInvitation,
  changeRole,
  getTeam,
  inviteMember,
  previewInvitation,
  removeMember,
} from './team.service';

/** `/admin/roles` (owners and admins) and the guest invitation page. */
export function registerTeamRoutes(app: FastifyInstance, deps: Deps): void {
  const tags = ['team'];
  defineRoute(app, {
    method: 'GET',
    url: '/api/team',
    summary: 'Members with their roles and pending invitations; owners and admins',
    tags,
    auth: true,
    access: 'admin',
    responses: { 200: { description: 'Team', schema: teamResponseSchema }, 401: e.unauthenticated, 403: e.forbidden },
    handler: async ({ request }) => getTeam(deps, { auth: requireAuth(request) }),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/team/invitations',
    summary: 'Invite a person by email with a role (only an owner may invite an owner)',
    tags,
    auth: true,
    access: 'admin',
    body: invitationCreateSchema,
    responses: {
      201: { description: 'Invited', schema: invitationResponseSchema },
      401: e.unauthenticated,
      403: e.forbidden,
      422: e.validation,
    },
    handler: async ({ request, reply, body }) => {
      const data = await inviteMember(deps, { auth: requireAuth(request), input: body });
      void reply.code(201);
      return { data, message: ACCOUNT_MESSAGES.invitationSent };
    },
  });
  defineRoute(app, {
    method: 'DELETE',
    url: '/api/team/invitations/:id',
    summary: 'Revoke a pending invitation',
    tags,
    auth: true,
    access: 'admin',
    params: idParamsSchema,
    responses: {
      200: { description: 'Revoked', schema: messageResponseSchema },
      401: e.unauthenticated,
      403: e.forbidden,
      404: e.notFound,
    },
    handler: async ({ request, params }) => {
      await cancelInvitation(deps, { auth: requireAuth(request), invitationId: params.id });
      return { message: ACCOUNT_MESSAGES.invitationRevoked };
    },
  });
  defineRoute(app, {
    method: 'PUT',
    url: '/api/team/members/:id/role',
    summary: "Change a member's role (the last owner keeps theirs; only an owner gives or takes the owner role)",
    tags,
    auth: true,
    access: 'admin',
    params: idParamsSchema,
    body: roleChangeSchema,
    responses: {
      200: { description: 'Changed', schema: teamMemberResponseSchema },
      401: e.unauthenticated,
      403: e.forbidden,
      404: e.notFound,
      422: e.validation,
    },
    handler: async ({ request, params, body }) => ({
      data: await changeRole(deps, { auth: requireAuth(request), userId: params.id, role: body.role }),
      message: ACCOUNT_MESSAGES.roleChanged,
    }),
  });
  defineRoute(app, {
    method: 'DELETE',
    url: '/api/team/members/:id',
    summary: 'Remove a member from the business (never oneself, never the last owner)',
    tags,
    auth: true,
    access: 'admin',
    params: idParamsSchema,
    responses: {
      200: { description: 'Removed', schema: messageResponseSchema },
      401: e.unauthenticated,
      403: e.forbidden,
      404: e.notFound,
      409: { description: 'Oneself or the last owner', schema: e.validation.schema },
    },
    handler: async ({ request, params }) => {
      await removeMember(deps, { auth: requireAuth(request), userId: params.id });
      return { message: ACCOUNT_MESSAGES.memberRemoved };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/invitations/:token',
    summary: 'Guest: who invites whom, before accepting',
    tags,
    params: invitationTokenParamsSchema,
    rateLimit: deps.rateLimits.passwordReset,
    responses: { 200: { description: 'Invitation', schema: invitationPreviewResponseSchema }, 404: e.notFound },
    handler: async ({ params }) => ({ data: await previewInvitation(deps, { token: params.token }) }),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/invitations/:token/accept',
    summary: 'Guest: accept an invitation with a name and password; answers a token like registration',
    tags,
    params: invitationTokenParamsSchema,
    body: invitationAcceptSchema,
    rateLimit: deps.rateLimits.passwordReset,
    responses: {
      201: { description: 'Account created and signed in', schema: authResponseSchema },
      404: e.notFound,
      422: e.validation,
    },
    handler: async ({ reply, params, body }) => {
      const result = await acceptInvitation(deps, { token: params.token, input: body });
      void reply.code(201);
      return result;
    },
  });
}
