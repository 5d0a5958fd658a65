import type {
  ActivityInput,
  ActivityPage,
  ActivityResponse,
  ActivitySnoozeInput,
  ActivityType,
  ActivityTypeInput,
  BoardColumn,
  Client360,
  CrmNamedItemInput,
  CrmNote,
  CrmNoteInput,
  CrmSettings,
  CrmSettingsInput,
  CsvImportRequest,
  ImportResult,
  Lead,
  LeadBulkInput,
  LeadBulkResponse,
  LeadClientMatch,
  LeadConvertInput,
  LeadConvertResponse,
  LeadImportPreview,
  LeadInput,
  LeadListQueryInput,
  LeadPage,
  LeadSource,
  LostReason,
  Opportunity,
  OpportunityCard,
  OpportunityDocumentLink,
  OpportunityInput,
  OpportunityListQueryInput,
  OpportunityMoveInput,
  OpportunityPage,
  PipelineStage,
  PipelineStageInput,
  ReminderPage,
  Timeline,
} from '@ledgerleaf/domain';
import { api } from './api';
import { listParams } from './catalog-endpoints';

/** A `{ message }` answer (deletes). */
export interface CrmMessage {
  message: string;
}

/** A write's answer: the record and the server's message (shown in the toast). */
export interface CrmWrite<T> {
  data: T;
  message?: string;
}

/** A team member who can own leads and opportunities (`GET /api/crm/owners`). */
export interface CrmOwner {
  id: number;
  name: string;
  email: string;
  role: string;
}

/** The board's filters (every column's cards and figures). */
export interface BoardFilters {
  owner_id?: number | 'none';
  search?: string;
  limit?: number;
}

/** Which record an activity list, a note or a timeline is about: exactly one id. */
export interface CrmSubjectQuery {
  lead_id?: number;
  opportunity_id?: number;
  client_id?: number;
}

const LIST = 'LIST' as const;

/**
 * The CRM (issue 14; the HTTP contract is /work/crm-endpoints.md and apps/server's crm README):
 * configuration (stages, sources, lost reasons, activity types, settings, owners), leads (list,
 * bulk, CSV, conversion), opportunities and the board, activities, notes, reminders, timelines and
 * client 360. Lists are tagged `LIST`, records by id. The board is its own tag: a card moved on it
 * is updated in place by the board screen, so the move does not refetch the columns (their "load
 * more" pages stay); every other opportunity write refreshes it.
 */
export const crmApi = api
  .enhanceEndpoints({
    addTagTypes: [
      'CrmStage',
      'CrmSource',
      'CrmLostReason',
      'CrmActivityType',
      'CrmSettings',
      'CrmOwner',
      'Lead',
      'Opportunity',
      'CrmBoard',
      'CrmActivity',
      'CrmTimeline',
      'Client360',
      // Converting a lead may create a client: the clients list refreshes.
      'Client',
    ],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      // ------------------------------------------------------------ configuration
      listPipelineStages: build.query<PipelineStage[], void>({
        query: () => '/api/crm/pipeline-stages',
        transformResponse: (response: { data: PipelineStage[] }) => response.data,
        providesTags: [{ type: 'CrmStage', id: LIST }],
      }),
      createPipelineStage: build.mutation<CrmWrite<PipelineStage>, PipelineStageInput>({
        query: (body) => ({ url: '/api/crm/pipeline-stages', method: 'POST', body }),
        invalidatesTags: [{ type: 'CrmStage', id: LIST }, 'CrmBoard'],
      }),
      updatePipelineStage: build.mutation<CrmWrite<PipelineStage>, { id: number; body: PipelineStageInput }>({
        query: ({ id, body }) => ({ url: `/api/crm/pipeline-stages/${id}`, method: 'PUT', body }),
        invalidatesTags: [{ type: 'CrmStage', id: LIST }, 'CrmBoard', 'Opportunity'],
      }),
      reorderPipelineStages: build.mutation<PipelineStage[], number[]>({
        query: (ids) => ({ url: '/api/crm/pipeline-stages/order', method: 'PUT', body: { ids } }),
        transformResponse: (response: { data: PipelineStage[] }) => response.data,
        invalidatesTags: [{ type: 'CrmStage', id: LIST }, 'CrmBoard'],
      }),
      deletePipelineStage: build.mutation<
        CrmMessage,
        { id: number; move_to_stage_id?: number | null; lost_reason_id?: number | null }
      >({
        query: ({ id, ...body }) => ({ url: `/api/crm/pipeline-stages/${id}/delete`, method: 'POST', body }),
        invalidatesTags: [{ type: 'CrmStage', id: LIST }, 'CrmBoard', 'Opportunity'],
      }),

      listLeadSources: build.query<LeadSource[], { include_archived?: boolean } | void>({
        query: (query) => ({
          url: '/api/crm/lead-sources',
          params: query?.include_archived ? { include_archived: 'true' } : {},
        }),
        transformResponse: (response: { data: LeadSource[] }) => response.data,
        providesTags: [{ type: 'CrmSource', id: LIST }],
      }),
      createLeadSource: build.mutation<CrmWrite<LeadSource>, CrmNamedItemInput>({
        query: (body) => ({ url: '/api/crm/lead-sources', method: 'POST', body }),
        invalidatesTags: [{ type: 'CrmSource', id: LIST }],
      }),
      updateLeadSource: build.mutation<CrmWrite<LeadSource>, { id: number; body: CrmNamedItemInput }>({
        query: ({ id, body }) => ({ url: `/api/crm/lead-sources/${id}`, method: 'PUT', body }),
        invalidatesTags: [
          { type: 'CrmSource', id: LIST },
          { type: 'Lead', id: LIST },
        ],
      }),
      setLeadSourceArchived: build.mutation<CrmWrite<LeadSource>, { id: number; archived: boolean }>({
        query: ({ id, archived }) => ({
          url: `/api/crm/lead-sources/${id}/${archived ? 'archive' : 'restore'}`,
          method: 'POST',
        }),
        invalidatesTags: [{ type: 'CrmSource', id: LIST }],
      }),
      deleteLeadSource: build.mutation<CrmMessage, number>({
        query: (id) => ({ url: `/api/crm/lead-sources/${id}`, method: 'DELETE' }),
        invalidatesTags: [{ type: 'CrmSource', id: LIST }],
      }),

      listLostReasons: build.query<LostReason[], { include_archived?: boolean } | void>({
        query: (query) => ({
          url: '/api/crm/lost-reasons',
          params: query?.include_archived ? { include_archived: 'true' } : {},
        }),
        transformResponse: (response: { data: LostReason[] }) => response.data,
        providesTags: [{ type: 'CrmLostReason', id: LIST }],
      }),
      createLostReason: build.mutation<CrmWrite<LostReason>, CrmNamedItemInput>({
        query: (body) => ({ url: '/api/crm/lost-reasons', method: 'POST', body }),
        invalidatesTags: [{ type: 'CrmLostReason', id: LIST }],
      }),
      updateLostReason: build.mutation<CrmWrite<LostReason>, { id: number; body: CrmNamedItemInput }>({
        query: ({ id, body }) => ({ url: `/api/crm/lost-reasons/${id}`, method: 'PUT', body }),
        invalidatesTags: [{ type: 'CrmLostReason', id: LIST }],
      }),
      setLostReasonArchived: build.mutation<CrmWrite<LostReason>, { id: number; archived: boolean }>({
        query: ({ id, archived }) => ({
          url: `/api/crm/lost-reasons/${id}/${archived ? 'archive' : 'restore'}`,
          method: 'POST',
        }),
        invalidatesTags: [{ type: 'CrmLostReason', id: LIST }],
      }),
      deleteLostReason: build.mutation<CrmMessage, number>({
        query: (id) => ({ url: `/api/crm/lost-reasons/${id}`, method: 'DELETE' }),
        invalidatesTags: [{ type: 'CrmLostReason', id: LIST }],
      }),

      listActivityTypes: build.query<ActivityType[], { include_archived?: boolean } | void>({
        query: (query) => ({
          url: '/api/crm/activity-types',
          params: query?.include_archived ? { include_archived: 'true' } : {},
        }),
        transformResponse: (response: { data: ActivityType[] }) => response.data,
        providesTags: [{ type: 'CrmActivityType', id: LIST }],
      }),
      createActivityType: build.mutation<CrmWrite<ActivityType>, ActivityTypeInput>({
        query: (body) => ({ url: '/api/crm/activity-types', method: 'POST', body }),
        invalidatesTags: [{ type: 'CrmActivityType', id: LIST }],
      }),
      updateActivityType: build.mutation<CrmWrite<ActivityType>, { id: number; body: ActivityTypeInput }>({
        query: ({ id, body }) => ({ url: `/api/crm/activity-types/${id}`, method: 'PUT', body }),
        invalidatesTags: [{ type: 'CrmActivityType', id: LIST }],
      }),
      setActivityTypeArchived: build.mutation<CrmWrite<ActivityType>, { id: number; archived: boolean }>({
        query: ({ id, archived }) => ({
          url: `/api/crm/activity-types/${id}/${archived ? 'archive' : 'restore'}`,
          method: 'POST',
        }),
        invalidatesTags: [{ type: 'CrmActivityType', id: LIST }],
      }),
      deleteActivityType: build.mutation<CrmMessage, number>({
        query: (id) => ({ url: `/api/crm/activity-types/${id}`, method: 'DELETE' }),
        invalidatesTags: [{ type: 'CrmActivityType', id: LIST }],
      }),

      getCrmSettings: build.query<CrmSettings, void>({
        query: () => '/api/crm/settings',
        transformResponse: (response: { data: CrmSettings }) => response.data,
        providesTags: ['CrmSettings'],
      }),
      updateCrmSettings: build.mutation<CrmWrite<CrmSettings>, CrmSettingsInput>({
        query: (body) => ({ url: '/api/crm/settings', method: 'PUT', body }),
        invalidatesTags: ['CrmSettings'],
      }),
      listCrmOwners: build.query<CrmOwner[], void>({
        query: () => '/api/crm/owners',
        transformResponse: (response: { data: CrmOwner[] }) => response.data,
        providesTags: ['CrmOwner'],
      }),

      // ------------------------------------------------------------ leads
      listLeads: build.query<LeadPage, LeadListQueryInput>({
        query: (query) => ({ url: '/api/crm/leads', params: listParams(query) }),
        providesTags: (result) => [
          { type: 'Lead' as const, id: LIST },
          ...(result?.data ?? []).map((lead) => ({ type: 'Lead' as const, id: lead.id })),
        ],
      }),
      getLead: build.query<Lead, number>({
        query: (id) => `/api/crm/leads/${id}`,
        transformResponse: (response: { data: Lead }) => response.data,
        providesTags: (_result, _error, id) => [{ type: 'Lead', id }],
      }),
      createLead: build.mutation<CrmWrite<Lead>, LeadInput>({
        query: (body) => ({ url: '/api/crm/leads', method: 'POST', body }),
        invalidatesTags: [{ type: 'Lead', id: LIST }, 'Client360'],
      }),
      updateLead: build.mutation<CrmWrite<Lead>, { id: number; body: LeadInput }>({
        query: ({ id, body }) => ({ url: `/api/crm/leads/${id}`, method: 'PUT', body }),
        invalidatesTags: (_result, _error, { id }) => [{ type: 'Lead', id: LIST }, { type: 'Lead', id }, 'CrmTimeline'],
      }),
      deleteLead: build.mutation<CrmMessage, number>({
        query: (id) => ({ url: `/api/crm/leads/${id}`, method: 'DELETE' }),
        invalidatesTags: [{ type: 'Lead', id: LIST }],
      }),
      bulkLeads: build.mutation<LeadBulkResponse, LeadBulkInput>({
        query: (body) => ({ url: '/api/crm/leads/bulk', method: 'POST', body }),
        invalidatesTags: ['Lead'],
      }),
      /** The CSV of the leads matching the list's filters. A mutation: a download is never cached. */
      exportLeadsCsv: build.mutation<string, Partial<LeadListQueryInput>>({
        query: (query) => ({ url: '/api/crm/leads/export.csv', params: listParams(query), responseHandler: 'text' }),
      }),
      previewLeadImport: build.mutation<LeadImportPreview, CsvImportRequest>({
        query: (body) => ({ url: '/api/crm/leads/import/preview', method: 'POST', body }),
      }),
      importLeads: build.mutation<ImportResult, CsvImportRequest>({
        query: (body) => ({ url: '/api/crm/leads/import', method: 'POST', body }),
        invalidatesTags: [{ type: 'Lead', id: LIST }],
      }),
      leadClientMatches: build.query<LeadClientMatch[], number>({
        query: (id) => `/api/crm/leads/${id}/client-matches`,
        transformResponse: (response: { data: LeadClientMatch[] }) => response.data,
      }),
      convertLead: build.mutation<LeadConvertResponse, { id: number; body: LeadConvertInput }>({
        query: ({ id, body }) => ({ url: `/api/crm/leads/${id}/convert`, method: 'POST', body }),
        invalidatesTags: (result, _error, { id }) => [
          { type: 'Lead', id: LIST },
          { type: 'Lead', id },
          { type: 'Opportunity', id: LIST },
          { type: 'Client', id: LIST },
          // The client gained the lead's person as a contact.
          ...(result ? [{ type: 'Client' as const, id: result.data.client_id }] : []),
          'CrmBoard',
          'CrmTimeline',
          'Client360',
        ],
      }),

      // ------------------------------------------------------------ opportunities and the board
      listOpportunities: build.query<OpportunityPage, OpportunityListQueryInput>({
        query: (query) => ({ url: '/api/crm/opportunities', params: listParams(query) }),
        providesTags: (result) => [
          { type: 'Opportunity' as const, id: LIST },
          ...(result?.data ?? []).map((opportunity) => ({ type: 'Opportunity' as const, id: opportunity.id })),
        ],
      }),
      getOpportunity: build.query<Opportunity, number>({
        query: (id) => `/api/crm/opportunities/${id}`,
        transformResponse: (response: { data: Opportunity }) => response.data,
        providesTags: (_result, _error, id) => [{ type: 'Opportunity', id }],
      }),
      createOpportunity: build.mutation<CrmWrite<Opportunity>, OpportunityInput>({
        query: (body) => ({ url: '/api/crm/opportunities', method: 'POST', body }),
        invalidatesTags: [{ type: 'Opportunity', id: LIST }, 'CrmBoard', 'Client360'],
      }),
      updateOpportunity: build.mutation<CrmWrite<Opportunity>, { id: number; body: OpportunityInput }>({
        query: ({ id, body }) => ({ url: `/api/crm/opportunities/${id}`, method: 'PUT', body }),
        invalidatesTags: (_result, _error, { id }) => [
          { type: 'Opportunity', id: LIST },
          { type: 'Opportunity', id },
          'CrmBoard',
          'CrmTimeline',
          'Client360',
        ],
      }),
      deleteOpportunity: build.mutation<CrmMessage, number>({
        query: (id) => ({ url: `/api/crm/opportunities/${id}`, method: 'DELETE' }),
        invalidatesTags: [{ type: 'Opportunity', id: LIST }, 'CrmBoard', 'Client360'],
      }),
      /** A drop on the board (or the card's "Move to"): the board screen updates its columns itself. */
      moveOpportunity: build.mutation<CrmWrite<OpportunityCard>, { id: number; body: OpportunityMoveInput }>({
        query: ({ id, body }) => ({ url: `/api/crm/opportunities/${id}/move`, method: 'POST', body }),
        invalidatesTags: (_result, _error, { id }) => [
          { type: 'Opportunity', id: LIST },
          { type: 'Opportunity', id },
          'CrmTimeline',
          'Client360',
        ],
      }),
      linkOpportunityDocument: build.mutation<CrmWrite<Opportunity>, { id: number; body: OpportunityDocumentLink }>({
        query: ({ id, body }) => ({ url: `/api/crm/opportunities/${id}/documents`, method: 'POST', body }),
        invalidatesTags: (_result, _error, { id }) => [{ type: 'Opportunity', id }, 'Client360'],
      }),
      exportOpportunitiesCsv: build.mutation<string, Partial<OpportunityListQueryInput>>({
        query: (query) => ({
          url: '/api/crm/opportunities/export.csv',
          params: listParams(query),
          responseHandler: 'text',
        }),
      }),
      getBoard: build.query<BoardColumn[], BoardFilters>({
        query: (query) => ({ url: '/api/crm/board', params: listParams(query) }),
        transformResponse: (response: { data: { columns: BoardColumn[] } }) => response.data.columns,
        providesTags: ['CrmBoard'],
      }),
      /** The next page of one column (by its cursor); the board appends the cards. */
      getBoardColumn: build.query<BoardColumn, BoardFilters & { stageId: number; cursor: string }>({
        query: ({ stageId, ...query }) => ({ url: `/api/crm/board/columns/${stageId}`, params: listParams(query) }),
        transformResponse: (response: { data: BoardColumn }) => response.data,
        keepUnusedDataFor: 0,
      }),

      // ------------------------------------------------------------ activities, notes, reminders
      listActivities: build.query<ActivityPage, CrmSubjectQuery & { done?: 'all' | 'open' | 'done'; page?: number }>({
        query: (query) => ({ url: '/api/crm/activities', params: listParams(query) }),
        providesTags: [{ type: 'CrmActivity', id: LIST }],
      }),
      createActivity: build.mutation<ActivityResponse, ActivityInput>({
        query: (body) => ({ url: '/api/crm/activities', method: 'POST', body }),
        invalidatesTags: ['CrmActivity', 'CrmTimeline', 'CrmBoard', 'Client360'],
      }),
      updateActivity: build.mutation<ActivityResponse, { id: number; body: ActivityInput }>({
        query: ({ id, body }) => ({ url: `/api/crm/activities/${id}`, method: 'PUT', body }),
        invalidatesTags: ['CrmActivity', 'CrmTimeline', 'CrmBoard', 'Client360'],
      }),
      deleteActivity: build.mutation<CrmMessage, number>({
        query: (id) => ({ url: `/api/crm/activities/${id}`, method: 'DELETE' }),
        invalidatesTags: ['CrmActivity', 'CrmTimeline', 'CrmBoard', 'Client360'],
      }),
      markActivityDone: build.mutation<ActivityResponse, { id: number; done: boolean }>({
        query: ({ id, done }) => ({ url: `/api/crm/activities/${id}/done`, method: 'POST', body: { done } }),
        invalidatesTags: ['CrmActivity', 'CrmTimeline', 'CrmBoard', 'Client360'],
      }),
      snoozeActivity: build.mutation<ActivityResponse, { id: number; body: ActivitySnoozeInput }>({
        query: ({ id, body }) => ({ url: `/api/crm/activities/${id}/snooze`, method: 'POST', body }),
        invalidatesTags: ['CrmActivity', 'CrmTimeline', 'CrmBoard', 'Client360'],
      }),
      /** Sends an activity's failed reminder deliveries again. */
      retryActivityReminders: build.mutation<ActivityResponse, number>({
        query: (id) => ({ url: `/api/crm/activities/${id}/retry-reminders`, method: 'POST' }),
        invalidatesTags: ['CrmActivity', 'CrmTimeline', 'Client360'],
      }),
      listReminders: build.query<
        ReminderPage,
        { bucket: string; scope: 'mine' | 'everyone'; page?: number; per_page?: number }
      >({
        query: (query) => ({ url: '/api/crm/reminders', params: listParams(query) }),
        providesTags: [{ type: 'CrmActivity', id: LIST }],
      }),
      createCrmNote: build.mutation<CrmWrite<CrmNote>, CrmNoteInput>({
        query: (body) => ({ url: '/api/crm/notes', method: 'POST', body }),
        invalidatesTags: ['CrmTimeline', 'Client360'],
      }),
      getTimeline: build.query<Timeline, CrmSubjectQuery & { before?: string; limit?: number }>({
        query: (query) => ({ url: '/api/crm/timeline', params: listParams(query) }),
        transformResponse: (response: { data: Timeline }) => response.data,
        providesTags: ['CrmTimeline'],
      }),
      getClient360: build.query<Client360, number>({
        query: (clientId) => `/api/crm/client-360/${clientId}`,
        transformResponse: (response: { data: Client360 }) => response.data,
        providesTags: (_result, _error, id) => [{ type: 'Client360', id }],
      }),
    }),
  });

export const {
  useListPipelineStagesQuery,
  useCreatePipelineStageMutation,
  useUpdatePipelineStageMutation,
  useReorderPipelineStagesMutation,
  useDeletePipelineStageMutation,
  useListLeadSourcesQuery,
  useCreateLeadSourceMutation,
  useUpdateLeadSourceMutation,
  useSetLeadSourceArchivedMutation,
  useDeleteLeadSourceMutation,
  useListLostReasonsQuery,
  useCreateLostReasonMutation,
  useUpdateLostReasonMutation,
  useSetLostReasonArchivedMutation,
  useDeleteLostReasonMutation,
  useListActivityTypesQuery,
  useCreateActivityTypeMutation,
  useUpdateActivityTypeMutation,
  useSetActivityTypeArchivedMutation,
  useDeleteActivityTypeMutation,
  useGetCrmSettingsQuery,
  useUpdateCrmSettingsMutation,
  useListCrmOwnersQuery,
  useListLeadsQuery,
  useGetLeadQuery,
  useCreateLeadMutation,
  useUpdateLeadMutation,
  useDeleteLeadMutation,
  useBulkLeadsMutation,
  useExportLeadsCsvMutation,
  usePreviewLeadImportMutation,
  useImportLeadsMutation,
  useLeadClientMatchesQuery,
  useConvertLeadMutation,
  useListOpportunitiesQuery,
  useGetOpportunityQuery,
  useCreateOpportunityMutation,
  useUpdateOpportunityMutation,
  useDeleteOpportunityMutation,
  useMoveOpportunityMutation,
  useLinkOpportunityDocumentMutation,
  useExportOpportunitiesCsvMutation,
  useGetBoardQuery,
  useLazyGetBoardColumnQuery,
  useListActivitiesQuery,
  useCreateActivityMutation,
  useUpdateActivityMutation,
  useDeleteActivityMutation,
  useMarkActivityDoneMutation,
  useSnoozeActivityMutation,
  useRetryActivityRemindersMutation,
  useListRemindersQuery,
  useCreateCrmNoteMutation,
  useGetTimelineQuery,
  useGetClient360Query,
} = crmApi;
