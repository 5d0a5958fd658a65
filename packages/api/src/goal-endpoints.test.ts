import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALL_GOALS_MAX_PAGES, goalApi, invalidateGoalViews, normaliseGoalList } from './goal-endpoints';
import { makeStore } from './store';
import { json, stubFetch } from './test-utils';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const goal = {
  id: 3,
  title: 'Emergency fund',
  status: 'active',
  type: 'financial',
  target_amount: 1000,
  current_amount: 100,
};

describe('goal endpoints', () => {
  it('reads GET /api/goals as a bare list or as { data: [...] }', () => {
    expect(normaliseGoalList([goal])).toEqual({ data: [goal], meta: null });
    const meta = { page: 1, per_page: 25, total: 1, last_page: 1 };
    expect(normaliseGoalList({ data: [goal], meta })).toEqual({ data: [goal], meta });
    expect(normaliseGoalList({ data: [goal] })).toEqual({ data: [goal], meta: null });
    expect(normaliseGoalList(null)).toEqual({ data: [], meta: null });
    expect(normaliseGoalList({ message: 'x' })).toEqual({ data: [], meta: null });
  });

  it('asks for active financial goals with the query of SPEC.md section 7', async () => {
    const { calls } = stubFetch({ 'GET /api/goals': json(200, [goal]) });
    const store = makeStore();
    const result = await store.dispatch(goalApi.endpoints.listGoals.initiate({ type: 'financial', status: 'active' }));
    expect(new URL(calls[0]!.url).search).toBe('?type=financial&status=active');
    expect(result.data?.data).toEqual([goal]);
  });

  it('reads every page of goals at the largest page size for the modals', async () => {
    const goals = Array.from({ length: 230 }, (_, index) => ({ ...goal, id: index + 1, title: `Goal ${index + 1}` }));
    const { calls } = stubFetch({
      'GET /api/goals': (call) => {
        const query = new URL(call.url).searchParams;
        const page = Number(query.get('page') ?? '1');
        const perPage = Number(query.get('per_page'));
        return json(200, {
          data: goals.slice((page - 1) * perPage, page * perPage),
          meta: { page, per_page: perPage, total: goals.length, last_page: Math.ceil(goals.length / perPage) },
        });
      },
    });
    const store = makeStore();
    const result = await store.dispatch(
      goalApi.endpoints.listAllGoals.initiate({ type: 'financial', status: 'active' }),
    );
    expect(calls.map((call) => new URL(call.url).search)).toEqual([
      '?type=financial&status=active&per_page=100',
      '?type=financial&status=active&per_page=100&page=2',
      '?type=financial&status=active&per_page=100&page=3',
    ]);
    expect(result.data?.data.map((entry) => entry.id)).toEqual(goals.map((entry) => entry.id));
  });

  it('all goals: one request for a bare list, and a failure of any page fails the whole', async () => {
    const bare = stubFetch({ 'GET /api/goals': json(200, [goal]) });
    const first = await makeStore().dispatch(
      goalApi.endpoints.listAllGoals.initiate({ type: 'financial', status: 'active' }),
    );
    expect(bare.calls).toHaveLength(1);
    expect(first.data).toEqual({ data: [goal], meta: null });

    stubFetch({
      'GET /api/goals': (call) =>
        new URL(call.url).searchParams.get('page') === '2'
          ? json(500, { message: 'Boom' })
          : json(200, { data: [goal], meta: { page: 1, per_page: 100, total: 101, last_page: 2 } }),
    });
    const failed = await makeStore().dispatch(
      goalApi.endpoints.listAllGoals.initiate({ type: 'financial', status: 'active' }),
    );
    expect(failed.error).toMatchObject({ status: 500 });
  });

  it('all goals: stops after ALL_GOALS_MAX_PAGES even if the server never reaches its last page', async () => {
    const { calls } = stubFetch({
      'GET /api/goals': json(200, {
        data: [goal],
        meta: { page: 1, per_page: 100, total: 1_000_000, last_page: 10_000 },
      }),
    });
    await makeStore().dispatch(goalApi.endpoints.listAllGoals.initiate({ status: 'active' }));
    expect(calls).toHaveLength(ALL_GOALS_MAX_PAGES);
  });

  it('reads one other income with GET /api/other-income/{id}', async () => {
    const income = { id: 7, amount: 500, source: 'Grant', goal_allocations: [] };
    stubFetch({ 'GET /api/other-income/7': json(200, { data: income }) });
    const result = await makeStore().dispatch(goalApi.endpoints.getOtherIncome.initiate(7));
    expect(result.data).toEqual(income);
  });

  it('records other income with its Idempotency-Key and refreshes the goals', async () => {
    const { calls } = stubFetch({
      'GET /api/goals': json(200, { data: [goal], meta: { page: 1, per_page: 25, total: 1, last_page: 1 } }),
      'POST /api/other-income/multiple-goals': json(201, {
        data: { id: 1 },
        goals: [],
        message: 'Other income recorded successfully',
      }),
    });
    const store = makeStore();
    const subscription = store.dispatch(goalApi.endpoints.listGoals.initiate({ status: 'all' }));
    await subscription;
    const body = {
      amount: 50,
      income_date: '2026-11-22',
      source: 'Grant',
      reference_number: '',
      description: '',
      goal_allocations: [{ goal_id: 3, amount: 50 }],
    };
    await store.dispatch(goalApi.endpoints.recordOtherIncome.initiate({ body, idempotencyKey: 'income-1' }));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.headers.get('Idempotency-Key')).toBe('income-1');
    expect(post.body).toEqual(body);
    await vi.waitFor(() => expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2));
    subscription.unsubscribe();
  });

  it('allocates a payment, sets the preference, and the goals-updated refresh asks again', async () => {
    const { calls } = stubFetch({
      'GET /api/goals/3': json(200, { data: goal }),
      'POST /api/invoice-payments/allocate-to-goals': json(200, { data: {}, goals: [], message: 'ok' }),
      'POST /api/goal-allocation-preferences': json(200, { data: { show_allocation_modal: false } }),
    });
    const store = makeStore();
    const subscription = store.dispatch(goalApi.endpoints.getGoal.initiate(3));
    expect((await subscription).data).toEqual(goal);
    const body = { invoice_id: 5, payment_id: 9, payment_amount: 100, allocations: [{ goal_id: 3, amount: 100 }] };
    await store.dispatch(goalApi.endpoints.allocatePaymentToGoals.initiate({ body, idempotencyKey: 'alloc-1' }));
    await store.dispatch(goalApi.endpoints.setAllocationPreference.initiate({ show_allocation_modal: false }));
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => [new URL(call.url).pathname, call.body])).toEqual([
      ['/api/invoice-payments/allocate-to-goals', body],
      ['/api/goal-allocation-preferences', { show_allocation_modal: false }],
    ]);
    expect(posts[0]!.headers.get('Idempotency-Key')).toBe('alloc-1');
    await vi.waitFor(() => expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2));
    store.dispatch(invalidateGoalViews());
    await vi.waitFor(() => expect(calls.filter((call) => call.method === 'GET')).toHaveLength(3));
    subscription.unsubscribe();
  });

  it('runs a status action with POST /api/goals/{id}/{action}', async () => {
    const { calls } = stubFetch({ 'POST /api/goals/3/pause': json(200, { data: { ...goal, status: 'paused' } }) });
    const store = makeStore();
    const result = await store.dispatch(goalApi.endpoints.goalAction.initiate({ id: 3, action: 'pause' }));
    expect(result.data?.data.status).toBe('paused');
    expect(calls[0]!.method).toBe('POST');
  });
});
