import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  CRM_MESSAGES,
  activityTypeInputSchema,
  activityTypeListSchema,
  activityTypeResponseSchema,
  crmArchivedQuerySchema,
  crmOwnerListSchema,
  crmSettingsInputSchema,
  crmSettingsResponseSchema,
  idParamsSchema,
  leadSourceInputSchema,
  leadSourceListSchema,
  leadSourceResponseSchema,
  lostReasonInputSchema,
  lostReasonListSchema,
  lostReasonResponseSchema,
  pipelineStageDeleteSchema,
  pipelineStageInputSchema,
  pipelineStageListSchema,
  pipelineStageOrderSchema,
  pipelineStageResponseSchema,
} from '@ledgerleaf/domain';
import type { AuthContext, Deps } from '../../lib/context';
import { defineRoute } from '../../lib/route';
import { CRM_TAGS as tags, crmCaller, crmMessageSchema } from './crm-common';
import { CRM_ERRORS as e } from './errors';
import * as config from './crm-config.service';

/** The CRM's configuration routes: everyone reads, owners and admins write (`access: 'admin'`). */
export function registerCrmConfigRoutes(app: FastifyInstance, deps: Deps): void {
  const caller = (request: Parameters<typeof crmCaller>[1]) => crmCaller(deps, request);

  /**
   * The routes of a configuration list a person archives rather than deletes while in use (lead
   * sources, lost reasons, activity types): list, add, replace, archive, restore and delete.
   */
  function configListRoutes<Body extends z.ZodTypeAny, Row>(list: {
    path: string;
    response: z.ZodTypeAny;
    list: {
      summary: string;
      description: string;
      schema: z.ZodTypeAny;
      run: (d: Deps, p: { auth: AuthContext; includeArchived: boolean }) => Promise<unknown>;
    };
    create: { summary: string; body: Body; run: (auth: AuthContext, body: z.output<Body>) => Promise<Row> };
    update: {
      summary: string;
      body: Body;
      run: (auth: AuthContext, id: number, body: z.output<Body>) => Promise<Row>;
    };
    archive: {
      archiveSummary: string;
      restoreSummary: string;
      run: (auth: AuthContext, id: number, archived: boolean) => Promise<Row>;
    };
    remove: { summary: string; inUse: string; run: (auth: AuthContext, id: number) => Promise<void> };
  }): void {
    defineRoute(app, {
      method: 'GET',
      url: list.path,
      summary: list.list.summary,
      tags,
      auth: true,
      query: crmArchivedQuerySchema,
      responses: { 200: { description: list.list.description, schema: list.list.schema } },
      handler: async ({ request, query }) => ({
        data: await list.list.run(deps, { auth: await caller(request), includeArchived: query.include_archived }),
      }),
    });

    defineRoute(app, {
      method: 'POST',
      url: list.path,
      summary: list.create.summary,
      tags,
      auth: true,
      access: 'admin',
      body: list.create.body,
      responses: { 201: { description: 'Created', schema: list.response } },
      handler: async ({ request, reply, body }) => {
        const data = await list.create.run(await caller(request), body as z.output<Body>);
        reply.code(201);
        return { data, message: CRM_MESSAGES.saved };
      },
    });

    defineRoute(app, {
      method: 'PUT',
      url: `${list.path}/:id`,
      summary: list.update.summary,
      tags,
      auth: true,
      access: 'admin',
      params: idParamsSchema,
      body: list.update.body,
      responses: { 200: { description: 'Saved', schema: list.response }, 404: e.notFound },
      handler: async ({ request, params, body }) => ({
        data: await list.update.run(await caller(request), params.id, body as z.output<Body>),
        message: CRM_MESSAGES.saved,
      }),
    });

    for (const [action, archived] of [
      ['archive', true],
      ['restore', false],
    ] as const) {
      defineRoute(app, {
        method: 'POST',
        url: `${list.path}/:id/${action}`,
        summary: archived ? list.archive.archiveSummary : list.archive.restoreSummary,
        tags,
        auth: true,
        access: 'admin',
        params: idParamsSchema,
        responses: { 200: { description: archived ? 'Archived' : 'Restored', schema: list.response }, 404: e.notFound },
        handler: async ({ request, params }) => ({
          data: await list.archive.run(await caller(request), params.id, archived),
          message: archived ? CRM_MESSAGES.archived : CRM_MESSAGES.restored,
        }),
      });
    }

    defineRoute(app, {
      method: 'DELETE',
      url: `${list.path}/:id`,
      summary: list.remove.summary,
      tags,
      auth: true,
      access: 'admin',
      params: idParamsSchema,
      responses: {
        200: { description: 'Deleted', schema: crmMessageSchema },
        404: e.notFound,
        409: { ...e.inUse, description: list.remove.inUse },
      },
      handler: async ({ request, params }) => {
        await list.remove.run(await caller(request), params.id);
        return { message: CRM_MESSAGES.deleted };
      },
    });
  }

  // ---------------------------------------------------------------- stages

  defineRoute(app, {
    method: 'GET',
    url: '/api/crm/pipeline-stages',
    summary: 'The pipeline stages in order, each with its type (open, won, lost) and how many opportunities it holds',
    tags,
    auth: true,
    responses: { 200: { description: 'The stages', schema: pipelineStageListSchema } },
    handler: async ({ request }) => ({ data: await config.listPipelineStages(deps, { auth: await caller(request) }) }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/crm/pipeline-stages',
    summary: 'Add a stage at the end of the pipeline (won stages are 100 %, lost 0 %; rotting days for open stages)',
    tags,
    auth: true,
    access: 'admin',
    body: pipelineStageInputSchema,
    responses: { 201: { description: 'Created', schema: pipelineStageResponseSchema }, 422: e.validation },
    handler: async ({ request, reply, body }) => {
      const data = await config.createStage(deps, { auth: await caller(request), input: body });
      reply.code(201);
      return { data, message: CRM_MESSAGES.stageSaved };
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/crm/pipeline-stages/order',
    summary: 'Reorder the pipeline: every stage id of the business, each once, in the new order',
    tags,
    auth: true,
    access: 'admin',
    body: pipelineStageOrderSchema,
    responses: { 200: { description: 'The stages in their new order', schema: pipelineStageListSchema } },
    handler: async ({ request, body }) => ({
      data: await config.reorderPipelineStages(deps, { auth: await caller(request), ids: body.ids }),
    }),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/crm/pipeline-stages/:id',
    summary:
      'Replace a stage (409 when a type change would leave no open, won or lost stage, or the stage holds opportunities)',
    tags,
    auth: true,
    access: 'admin',
    params: idParamsSchema,
    body: pipelineStageInputSchema,
    responses: {
      200: { description: 'Saved', schema: pipelineStageResponseSchema },
      404: e.notFound,
      409: e.invariant,
    },
    handler: async ({ request, params, body }) => ({
      data: await config.updateStage(deps, { auth: await caller(request), stageId: params.id, input: body }),
      message: CRM_MESSAGES.stageSaved,
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/crm/pipeline-stages/:id/delete',
    summary:
      'Delete a stage; its opportunities move to move_to_stage_id (422 when it holds some and none is named; a lost stage needs lost_reason_id). 409 when the pipeline would lose its last open, won or lost stage',
    tags,
    auth: true,
    access: 'admin',
    params: idParamsSchema,
    body: pipelineStageDeleteSchema,
    responses: { 200: { description: 'Deleted', schema: crmMessageSchema }, 404: e.notFound, 409: e.invariant },
    handler: async ({ request, params, body }) => {
      await config.deleteStage(deps, { auth: await caller(request), stageId: params.id, input: body });
      return { message: CRM_MESSAGES.stageDeleted };
    },
  });

  // ---------------------------------------------------------------- sources and lost reasons

  const namedLists = [
    {
      path: '/api/crm/lead-sources',
      what: 'lead source',
      list: leadSourceListSchema,
      response: leadSourceResponseSchema,
      input: leadSourceInputSchema,
      inUse: 'In use by leads or opportunities: archive it instead',
      service: {
        list: config.listSources,
        create: config.createSource,
        rename: (d: Deps, p: { auth: AuthContext; id: number; name: string }) =>
          config.renameSource(d, { auth: p.auth, sourceId: p.id, name: p.name }),
        archive: (d: Deps, p: { auth: AuthContext; id: number; archived: boolean }) =>
          config.archiveSource(d, { auth: p.auth, sourceId: p.id, archived: p.archived }),
        remove: (d: Deps, p: { auth: AuthContext; id: number }) =>
          config.deleteSource(d, { auth: p.auth, sourceId: p.id }),
      },
    },
    {
      path: '/api/crm/lost-reasons',
      what: 'lost reason',
      list: lostReasonListSchema,
      response: lostReasonResponseSchema,
      input: lostReasonInputSchema,
      inUse: 'In use by lost opportunities: archive it instead',
      service: {
        list: config.listReasons,
        create: config.createReason,
        rename: (d: Deps, p: { auth: AuthContext; id: number; name: string }) =>
          config.renameReason(d, { auth: p.auth, reasonId: p.id, name: p.name }),
        archive: (d: Deps, p: { auth: AuthContext; id: number; archived: boolean }) =>
          config.archiveReason(d, { auth: p.auth, reasonId: p.id, archived: p.archived }),
        remove: (d: Deps, p: { auth: AuthContext; id: number }) =>
          config.deleteReason(d, { auth: p.auth, reasonId: p.id }),
      },
    },
  ] as const;

  for (const list of namedLists) {
    configListRoutes({
      path: list.path,
      response: list.response,
      list: {
        summary: `The ${list.what}s in order with their usage; archived ones only with include_archived=true`,
        description: `The ${list.what}s`,
        schema: list.list,
        run: list.service.list,
      },
      create: {
        summary: `Add a ${list.what} (names are unique in the business, ignoring case: 422 name)`,
        body: list.input,
        run: (auth, body) => list.service.create(deps, { auth, name: body.name }),
      },
      update: {
        summary: `Rename a ${list.what}`,
        body: list.input,
        run: (auth, id, body) => list.service.rename(deps, { auth, id, name: body.name }),
      },
      archive: {
        archiveSummary: `Archive a ${list.what}: kept on the records that have it, no longer offered`,
        restoreSummary: `Restore an archived ${list.what}`,
        run: (auth, id, archived) => list.service.archive(deps, { auth, id, archived }),
      },
      remove: {
        summary: `Delete a ${list.what} nothing uses (409 otherwise: archive it; deleting never changes a lead or an opportunity)`,
        inUse: list.inUse,
        run: (auth, id) => list.service.remove(deps, { auth, id }),
      },
    });
  }

  // ---------------------------------------------------------------- activity types

  configListRoutes({
    path: '/api/crm/activity-types',
    response: activityTypeResponseSchema,
    list: {
      summary:
        'Activity types in order (icon, default due offset and reminder, suggested next type); archived ones only with include_archived=true',
      description: 'The activity types',
      schema: activityTypeListSchema,
      run: config.listTypes,
    },
    create: {
      summary: 'Add an activity type (next_type_id must be one of the business’s types: 422)',
      body: activityTypeInputSchema,
      run: (auth, input) => config.createType(deps, { auth, input }),
    },
    update: {
      summary: 'Replace an activity type',
      body: activityTypeInputSchema,
      run: (auth, typeId, input) => config.updateType(deps, { auth, typeId, input }),
    },
    archive: {
      archiveSummary: 'Archive an activity type: kept on its activities, no longer offered',
      restoreSummary: 'Restore an archived activity type',
      run: (auth, typeId, archived) => config.archiveType(deps, { auth, typeId, archived }),
    },
    remove: {
      summary: 'Delete an activity type no activity has (409 otherwise: archive it)',
      inUse: 'In use by activities: archive it instead',
      run: (auth, typeId) => config.deleteType(deps, { auth, typeId }),
    },
  });

  // ---------------------------------------------------------------- settings and owners

  defineRoute(app, {
    method: 'GET',
    url: '/api/crm/settings',
    summary: 'The CRM settings: rate window, reminder delivery (in-app, email), default owner of new leads',
    tags,
    auth: true,
    responses: { 200: { description: 'The settings', schema: crmSettingsResponseSchema } },
    handler: async ({ request }) => ({ data: await config.getSettings(deps, { auth: await caller(request) }) }),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/crm/settings',
    summary: 'Save the CRM settings (at least one reminder channel; the default owner must be a team member: 422)',
    tags,
    auth: true,
    access: 'admin',
    body: crmSettingsInputSchema,
    responses: { 200: { description: 'Saved', schema: crmSettingsResponseSchema } },
    handler: async ({ request, body }) => ({
      data: await config.saveSettings(deps, { auth: await caller(request), input: body }),
      message: CRM_MESSAGES.settingsSaved,
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/crm/owners',
    summary: 'Team members who can own leads and opportunities and be assigned activities',
    tags,
    auth: true,
    responses: { 200: { description: 'The team members', schema: crmOwnerListSchema } },
    handler: async ({ request }) => ({ data: await config.listOwners(deps, { auth: await caller(request) }) }),
  });
}
