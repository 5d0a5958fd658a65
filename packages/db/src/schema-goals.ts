import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = string;
type Flag = ColumnType<boolean | number, boolean | undefined, boolean>;

/**
 * Tables of issue 4 (goals, other income, allocations, badges; migration 0007). `Database` in
 * schema.ts extends this interface, so each area keeps its tables (and their row types) in its own
 * file. Money is integer cents; a `new_clients` goal keeps counts in the same columns.
 */
export interface GoalsTables {
  goals: GoalsTable;
  other_income: OtherIncomeTable;
  goal_allocations: GoalAllocationsTable;
  goal_badges: GoalBadgesTable;
  goal_allocation_preferences: GoalAllocationPreferencesTable;
}

export interface GoalsTable {
  id: Generated<number>;
  business_id: number;
  title: string;
  description: string | null;
  /** Domain `GoalType`: financial | revenue_collected | amount_invoiced | new_clients. */
  type: string;
  /** Cents (a count for new_clients). */
  target_cents: number;
  /** Saved before the goal was set (financial goals): current = initial + allocations. */
  initial_cents: number;
  /** Kept by every write: initial + allocations (financial), or recomputed from the data (tracked). */
  current_cents: number;
  start_date: string;
  target_date: string;
  /** Domain `GoalStatus`. */
  status: string;
  category: string | null;
  color: string | null;
  /** First time current reached target (badges "achieved", "before its deadline"); kept afterwards. */
  achieved_at: Timestamp | null;
  completed_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type GoalRow = Selectable<GoalsTable>;

export interface OtherIncomeTable {
  id: Generated<number>;
  business_id: number;
  user_id: number | null;
  amount_cents: number;
  income_date: string;
  source: string;
  reference_number: string | null;
  description: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type OtherIncomeRow = Selectable<OtherIncomeTable>;

/**
 * Money that went to a financial goal: from a payment (`payment_id`, `invoice_id`) or from other
 * income (`other_income_id`). `payment_id` and `invoice_id` carry no foreign key: deleting a payment
 * reverses its allocations in a `payment.deleted` subscriber, which runs after the row is gone.
 */
export interface GoalAllocationsTable {
  id: Generated<number>;
  business_id: number;
  goal_id: number;
  /** 'payment' | 'other_income' */
  source_type: string;
  payment_id: number | null;
  invoice_id: number | null;
  other_income_id: number | null;
  amount_cents: number;
  /** The day the money came in (payment date or income date), `yyyy-MM-dd`. */
  allocated_on: string;
  created_at: Timestamp;
}
export type GoalAllocationRow = Selectable<GoalAllocationsTable>;

/** Earned badges; unique (business_id, code): each is awarded exactly once. */
export interface GoalBadgesTable {
  id: Generated<number>;
  business_id: number;
  code: string;
  goal_id: number | null;
  earned_at: Timestamp;
}
export type GoalBadgeRow = Selectable<GoalBadgesTable>;

/** Per user: whether the "Allocate Payment to Goals" modal opens after a payment (default yes: no row). */
export interface GoalAllocationPreferencesTable {
  user_id: number;
  business_id: number;
  show_allocation_modal: Flag;
  updated_at: Timestamp;
}
