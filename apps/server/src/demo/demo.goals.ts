import { addCalendarDays, utcCalendarDate } from '@ledgerleaf/domain';
import {
  insertGoal,
  insertGoalAllocations,
  insertOtherIncome,
  toDbTime,
  updateGoal,
  type Db,
  type GoalFields,
  type NewGoalAllocation,
} from '@ledgerleaf/db';
import { awardBadges, trackedValue } from '../areas/goals/goal-engine';

const DAY_MS = 86_400_000;

interface DemoGoal {
  key: 'fund' | 'workstation' | 'tax' | 'expansion' | 'revenue' | 'clients';
  fields: Omit<GoalFields, 'start_date' | 'target_date'>;
  /** Days from today (negative: in the past). */
  start: number;
  target: number;
}

const GOALS: DemoGoal[] = [
  {
    key: 'fund',
    fields: {
      title: 'Emergency fund',
      description: 'Three months of studio costs set aside.',
      type: 'financial',
      target_cents: 15_000_00,
      initial_cents: 1_500_00,
      status: 'active',
      category: 'Savings',
      color: '#2f9e44',
    },
    start: -300,
    target: 60,
  },
  {
    key: 'workstation',
    fields: {
      title: 'New design workstation',
      description: 'A faster machine and a calibrated display for print work.',
      type: 'financial',
      target_cents: 4_500_00,
      initial_cents: 0,
      status: 'active',
      category: 'Equipment',
      color: '#1c7ed6',
    },
    start: -200,
    target: -20,
  },
  {
    key: 'tax',
    fields: {
      title: 'Tax reserve Q4',
      description: 'Estimated taxes for the last quarter.',
      type: 'financial',
      target_cents: 8_000_00,
      initial_cents: 0,
      status: 'in_progress',
      category: 'Taxes',
      color: '#f08c00',
    },
    start: -90,
    target: 45,
  },
  {
    key: 'expansion',
    fields: {
      title: 'Studio expansion',
      description: 'Deposit for the second room next door.',
      type: 'financial',
      target_cents: 50_000_00,
      initial_cents: 2_000_00,
      status: 'paused',
      category: 'Growth',
      color: '#7048e8',
    },
    start: -150,
    target: 400,
  },
  {
    key: 'revenue',
    fields: {
      title: 'Collect $60,000 this half-year',
      description: null,
      type: 'revenue_collected',
      target_cents: 60_000_00,
      initial_cents: 0,
      status: 'active',
      category: 'Revenue',
      color: '#0ca678',
    },
    start: -180,
    target: 5,
  },
  {
    key: 'clients',
    fields: {
      title: 'Win 5 new clients',
      description: null,
      type: 'new_clients',
      target_cents: 5,
      initial_cents: 0,
      status: 'active',
      category: 'Growth',
      color: '#e64980',
    },
    start: -120,
    target: 60,
  },
];

const INCOME = [
  {
    days: -240,
    amount: 1_200_00,
    source: 'Workshop fees',
    reference: 'WS-0412',
    description: 'Two-day branding workshop',
    to: [['fund', 1_200_00]],
  },
  {
    days: -150,
    amount: 2_500_00,
    source: 'Arts Council grant',
    reference: 'AC-2291',
    description: 'Small business creative grant',
    to: [['fund', 1_500_00]],
  },
  {
    days: -60,
    amount: 450_00,
    source: 'Print sales',
    reference: null,
    description: 'Poster sales at the summer market',
    to: [['tax', 300_00]],
  },
  { days: -12, amount: 38_50, source: 'Bank interest', reference: null, description: null, to: [] },
] as const;

/**
 * The demo business's goals, once (a business with any goal is left alone): financial goals filled
 * by allocations from its received payments and some other income (one achieved before its
 * deadline, one paused), a revenue goal and a new-clients goal that track the data, and the badges
 * these earn. Runs after the catalogue and invoices, in the seed's transaction; history is written
 * directly (no events), like the invoices' timeline.
 */
export async function seedDemoGoals(tx: Db, params: { businessId: number; userId: number; now: Date }): Promise<void> {
  const { businessId, userId, now } = params;
  const existing = await tx
    .selectFrom('goals')
    .select('id')
    .where('business_id', '=', businessId)
    .limit(1)
    .executeTakeFirst();
  if (existing) return;
  const today = utcCalendarDate(now);
  const ids = new Map<DemoGoal['key'], number>();
  const dates = new Map<DemoGoal['key'], { start: string; target: string }>();
  for (const goal of GOALS) {
    const start = addCalendarDays(today, goal.start);
    const target = addCalendarDays(today, goal.target);
    const createdAt = new Date(now.getTime() + goal.start * DAY_MS);
    const row = await insertGoal(tx, {
      businessId,
      fields: { ...goal.fields, start_date: start, target_date: target },
      currentCents: goal.fields.initial_cents,
      now: createdAt,
    });
    ids.set(goal.key, row.id);
    dates.set(goal.key, { start, target });
  }
  const id = (key: DemoGoal['key']) => ids.get(key) as number;
  const totals = new Map<number, number>();
  const allocations: NewGoalAllocation[] = [];
  const add = (row: NewGoalAllocation) => {
    allocations.push(row);
    totals.set(row.goalId, (totals.get(row.goalId) ?? 0) + row.amountCents);
  };

  // Part of what clients paid went to the goals open at the time.
  const payments = await tx
    .selectFrom('payments')
    .select(['id', 'invoice_id', 'amount_cents', 'payment_date'])
    .where('business_id', '=', businessId)
    .orderBy('payment_date')
    .orderBy('id')
    .execute();
  let workstationDone: string | null = null;
  for (const payment of payments) {
    let left = Number(payment.amount_cents);
    const open = (key: DemoGoal['key']) => {
      const period = dates.get(key) as { start: string; target: string };
      return payment.payment_date >= period.start && payment.payment_date <= period.target;
    };
    const take = (key: DemoGoal['key'], share: number, cap: number) => {
      const goalId = id(key);
      const amount = Math.min(Math.round(Number(payment.amount_cents) * share), cap - (totals.get(goalId) ?? 0), left);
      if (amount <= 0) return;
      left -= amount;
      add({
        goalId,
        sourceType: 'payment',
        paymentId: payment.id,
        invoiceId: payment.invoice_id,
        amountCents: amount,
        allocatedOn: payment.payment_date,
      });
      if (key === 'workstation' && (totals.get(goalId) ?? 0) >= 4_500_00) workstationDone = payment.payment_date;
    };
    if (open('workstation') && !workstationDone) take('workstation', 0.3, 4_500_00);
    if (open('fund')) take('fund', 0.12, 9_000_00);
    if (open('tax')) take('tax', 0.15, 6_000_00);
  }

  for (const entry of INCOME) {
    const date = addCalendarDays(today, entry.days);
    const income = await insertOtherIncome(tx, {
      businessId,
      userId,
      fields: {
        amount_cents: entry.amount,
        income_date: date,
        source: entry.source,
        reference_number: entry.reference,
        description: entry.description,
      },
      now: new Date(now.getTime() + entry.days * DAY_MS),
    });
    for (const [key, amount] of entry.to) {
      if (amount > 0)
        add({
          goalId: id(key),
          sourceType: 'other_income',
          otherIncomeId: income.id,
          amountCents: amount,
          allocatedOn: date,
        });
    }
  }
  for (let start = 0; start < allocations.length; start += 300) {
    await insertGoalAllocations(tx, { businessId, rows: allocations.slice(start, start + 300), now });
  }

  for (const goal of GOALS) {
    const goalId = id(goal.key);
    const period = dates.get(goal.key) as { start: string; target: string };
    const current =
      goal.fields.type === 'financial'
        ? goal.fields.initial_cents + (totals.get(goalId) ?? 0)
        : await trackedValue(tx, businessId, {
            type: goal.fields.type,
            start_date: period.start,
            target_date: period.target,
          });
    const reached =
      current >= goal.fields.target_cents && (goal.fields.status === 'active' || goal.fields.status === 'in_progress');
    const doneAt = reached
      ? toDbTime(new Date(`${(goal.key === 'workstation' && workstationDone) || today}T16:00:00.000Z`))
      : null;
    await updateGoal(tx, {
      businessId,
      goalId,
      set: {
        current_cents: current,
        ...(reached ? { status: 'completed', achieved_at: doneAt, completed_at: doneAt } : {}),
      },
      now,
    });
  }
  await awardBadges(tx, { businessId, userId, now });
}
