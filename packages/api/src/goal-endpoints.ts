import type {
  AllocationInput,
  AllocationPreferenceResponse,
  AllocationResponse,
  Goal,
  GoalAction,
  GoalAnalytics,
  GoalBadgeList,
  GoalContributionPage,
  GoalInput,
  GoalListQueryInput,
  GoalResponse,
  OtherIncome,
  OtherIncomeInput,
  OtherIncomeListQueryInput,
  OtherIncomePage,
  OtherIncomeResponse,
  PageMeta,
} from '@ledgerleaf/domain';
import { MAX_PER_PAGE } from '@ledgerleaf/domain';
import { api } from './api';
import { listParams, type CatalogMessage } from './catalog-endpoints';

/** A list of goals as the web reads it: `GET /api/goals` may answer a bare list or `{ data: [...] }` (SPEC.md section 7). */
export interface GoalList {
  data: Goal[];
  meta: PageMeta | null;
}

/** Accepts both answers of `GET /api/goals`: a list, or an object with a `data` list (anything else is an empty list). */
export function normaliseGoalList(response: unknown): GoalList {
  if (Array.isArray(response)) return { data: response as Goal[], meta: null };
  if (typeof response === 'object' && response !== null) {
    const { data, meta } = response as { data?: unknown; meta?: unknown };
    if (Array.isArray(data)) return { data: data as Goal[], meta: (meta as PageMeta | undefined) ?? null };
  }
  return { data: [], meta: null };
}

/** The most pages `listAllGoals` reads (`MAX_PER_PAGE` goals each): a stop should a server never reach its last page. */
export const ALL_GOALS_MAX_PAGES = 50;

/** The goals a list provides: the list and each goal by id. */
const goalListTags = (result: GoalList | undefined) => [
  { type: 'Goal' as const, id: 'LIST' },
  ...(result?.data ?? []).map((goal) => ({ type: 'Goal' as const, id: goal.id })),
];

/** Tags a goal write refreshes: every goal view, the badges and analytics they feed, the income list. */
const GOAL_VIEWS = ['Goal', 'GoalContribution', 'GoalAnalytics', 'GoalBadge'] as const;
export const MONEY_INTO_GOALS = [...GOAL_VIEWS, 'OtherIncome'] as const;

function idempotencyHeaders(key: string | undefined) {
  return key ? { headers: { 'Idempotency-Key': key } } : {};
}

/**
 * Goals, their contributions, analytics and badges, other income, payment allocations and the
 * allocation preference (issue 4). Every write that moves money into goals invalidates every goal
 * view (`Goal`, `GoalContribution`, `GoalAnalytics`, `GoalBadge`) and the income list; the web also
 * fires the `goals-updated` window event (features-goals). Money writes carry an `Idempotency-Key`.
 */
export const goalApi = api
  .enhanceEndpoints({
    addTagTypes: ['Goal', 'GoalContribution', 'GoalAnalytics', 'GoalBadge', 'OtherIncome', 'GoalPreference'],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      /** `GET /api/goals?status=&type=&sort=&direction=&search=&page=&per_page=`; the modals ask `type=financial&status=active`. */
      listGoals: build.query<GoalList, GoalListQueryInput | void>({
        query: (query) => ({ url: '/api/goals', params: listParams(query ?? {}) }),
        transformResponse: normaliseGoalList,
        providesTags: goalListTags,
      }),
      /**
       * Every goal matching the filters as one list (`meta` null): `GET /api/goals` page after page
       * at the server's largest page size until the last, so the allocation and other income modals
       * offer every active financial goal, not the first 25. A bare list answer has no pages.
       */
      listAllGoals: build.query<GoalList, Omit<GoalListQueryInput, 'page' | 'per_page'>>({
        async queryFn(query, _api, _extra, fetchWithBaseQuery) {
          const goals = new Map<number, Goal>();
          for (let page = 1; page <= ALL_GOALS_MAX_PAGES; page += 1) {
            const params = listParams({ ...query, per_page: MAX_PER_PAGE, page: page === 1 ? undefined : page });
            const result = await fetchWithBaseQuery({ url: '/api/goals', params });
            if (result.error) return { error: result.error };
            const list = normaliseGoalList(result.data);
            // Keyed by id: a goal created meanwhile shifts the pages, and one may come twice.
            for (const goal of list.data) goals.set(goal.id, goal);
            if (list.meta === null || list.data.length === 0 || page >= list.meta.last_page) break;
          }
          return { data: { data: [...goals.values()], meta: null } };
        },
        providesTags: goalListTags,
      }),
      getGoal: build.query<Goal, number>({
        query: (id) => `/api/goals/${id}`,
        transformResponse: (response: GoalResponse) => response.data,
        providesTags: (_result, _error, id) => [{ type: 'Goal', id }],
      }),
      createGoal: build.mutation<GoalResponse, GoalInput>({
        query: (body) => ({ url: '/api/goals', method: 'POST', body }),
        invalidatesTags: [...GOAL_VIEWS],
      }),
      updateGoal: build.mutation<GoalResponse, { id: number; body: GoalInput }>({
        query: ({ id, body }) => ({ url: `/api/goals/${id}`, method: 'PUT', body }),
        invalidatesTags: [...GOAL_VIEWS],
      }),
      deleteGoal: build.mutation<CatalogMessage, number>({
        query: (id) => ({ url: `/api/goals/${id}`, method: 'DELETE' }),
        invalidatesTags: [...MONEY_INTO_GOALS],
      }),
      /** `POST /api/goals/{id}/pause|resume|complete|cancel` */
      goalAction: build.mutation<GoalResponse, { id: number; action: GoalAction }>({
        query: ({ id, action }) => ({ url: `/api/goals/${id}/${action}`, method: 'POST', body: {} }),
        invalidatesTags: [...GOAL_VIEWS],
      }),
      listGoalContributions: build.query<GoalContributionPage, { id: number; page?: number; per_page?: number }>({
        query: ({ id, ...query }) => ({ url: `/api/goals/${id}/contributions`, params: listParams(query) }),
        providesTags: (_result, _error, { id }) => [{ type: 'GoalContribution', id }],
      }),
      getGoalAnalytics: build.query<GoalAnalytics, void>({
        query: () => '/api/goals/analytics',
        transformResponse: (response: { data: GoalAnalytics }) => response.data,
        providesTags: ['GoalAnalytics'],
      }),
      listGoalBadges: build.query<GoalBadgeList, void>({
        query: () => '/api/goal-badges',
        providesTags: ['GoalBadge'],
      }),
      listOtherIncome: build.query<OtherIncomePage, OtherIncomeListQueryInput | void>({
        query: (query) => ({ url: '/api/other-income', params: listParams(query ?? {}) }),
        providesTags: ['OtherIncome'],
      }),
      /** `GET /api/other-income/{id}`: one income with its allocations (the goal details link to it). */
      getOtherIncome: build.query<OtherIncome, number>({
        query: (id) => `/api/other-income/${id}`,
        transformResponse: (response: { data: OtherIncome }) => response.data,
        providesTags: ['OtherIncome'],
      }),
      /** `POST /api/other-income/multiple-goals` (SPEC.md section 7) with one `Idempotency-Key` per submission. */
      recordOtherIncome: build.mutation<OtherIncomeResponse, { body: OtherIncomeInput; idempotencyKey: string }>({
        query: ({ body, idempotencyKey }) => ({
          url: '/api/other-income/multiple-goals',
          method: 'POST',
          body,
          ...idempotencyHeaders(idempotencyKey),
        }),
        invalidatesTags: [...MONEY_INTO_GOALS],
      }),
      updateOtherIncome: build.mutation<OtherIncomeResponse, { id: number; body: OtherIncomeInput }>({
        query: ({ id, body }) => ({ url: `/api/other-income/${id}`, method: 'PUT', body }),
        invalidatesTags: [...MONEY_INTO_GOALS],
      }),
      deleteOtherIncome: build.mutation<CatalogMessage, number>({
        query: (id) => ({ url: `/api/other-income/${id}`, method: 'DELETE' }),
        invalidatesTags: [...MONEY_INTO_GOALS],
      }),
      getAllocationPreference: build.query<AllocationPreferenceResponse, void>({
        query: () => '/api/goal-allocation-preferences',
        providesTags: ['GoalPreference'],
      }),
      /** `POST /api/goal-allocation-preferences` with `show_allocation_modal: false` ("Don't show this again"). */
      setAllocationPreference: build.mutation<AllocationPreferenceResponse, { show_allocation_modal: boolean }>({
        query: (body) => ({ url: '/api/goal-allocation-preferences', method: 'POST', body }),
        invalidatesTags: ['GoalPreference'],
      }),
      /** `POST /api/invoice-payments/allocate-to-goals` (SPEC.md section 7). */
      allocatePaymentToGoals: build.mutation<AllocationResponse, { body: AllocationInput; idempotencyKey?: string }>({
        query: ({ body, idempotencyKey }) => ({
          url: '/api/invoice-payments/allocate-to-goals',
          method: 'POST',
          body,
          ...idempotencyHeaders(idempotencyKey),
        }),
        invalidatesTags: [...MONEY_INTO_GOALS],
      }),
    }),
  });

export const {
  useListGoalsQuery,
  useListAllGoalsQuery,
  useGetGoalQuery,
  useCreateGoalMutation,
  useUpdateGoalMutation,
  useDeleteGoalMutation,
  useGoalActionMutation,
  useListGoalContributionsQuery,
  useGetGoalAnalyticsQuery,
  useListGoalBadgesQuery,
  useListOtherIncomeQuery,
  useGetOtherIncomeQuery,
  useRecordOtherIncomeMutation,
  useUpdateOtherIncomeMutation,
  useDeleteOtherIncomeMutation,
  useGetAllocationPreferenceQuery,
  useLazyGetAllocationPreferenceQuery,
  useSetAllocationPreferenceMutation,
  useAllocatePaymentToGoalsMutation,
} = goalApi;

/** Refreshes every goal view (after the `goals-updated` window event, for instance). */
export const invalidateGoalViews = () => goalApi.util.invalidateTags([...MONEY_INTO_GOALS]);
