import { z } from 'zod';

/**
 * The catalogue of goal achievements (`/goals/badges`). Each badge is awarded to a business
 * automatically and exactly once (the server's unique constraint on business and code); the rules
 * that decide them are `earnedBadges` below, pure, so the server and tests agree.
 */

export const GOAL_BADGE_CODES = [
  'first_goal_created',
  'first_goal_achieved',
  'goals_achieved_3',
  'goals_achieved_10',
  'milestone_25',
  'milestone_50',
  'milestone_75',
  'milestone_100',
  'allocated_1000',
  'allocated_10000',
  'allocated_100000',
  'achieved_before_deadline',
] as const;
export type GoalBadgeCode = (typeof GOAL_BADGE_CODES)[number];

export interface GoalBadgeDefinition {
  code: GoalBadgeCode;
  title: string;
  /** How to earn it (shown on unearned badges). */
  how_to_earn: string;
  /** What it is about: number of goals, a milestone on one goal, money allocated, timing. */
  category: 'goals' | 'milestone' | 'amount' | 'deadline';
}

export const GOAL_BADGES: readonly GoalBadgeDefinition[] = [
  { code: 'first_goal_created', title: 'First Step', how_to_earn: 'Create your first goal.', category: 'goals' },
  { code: 'first_goal_achieved', title: 'Goal Getter', how_to_earn: 'Reach the target of a goal.', category: 'goals' },
  { code: 'goals_achieved_3', title: 'Hat Trick', how_to_earn: 'Achieve 3 goals.', category: 'goals' },
  { code: 'goals_achieved_10', title: 'Goal Machine', how_to_earn: 'Achieve 10 goals.', category: 'goals' },
  {
    code: 'milestone_25',
    title: 'Quarter Way',
    how_to_earn: 'Bring a goal to 25% of its target.',
    category: 'milestone',
  },
  {
    code: 'milestone_50',
    title: 'Halfway There',
    how_to_earn: 'Bring a goal to 50% of its target.',
    category: 'milestone',
  },
  {
    code: 'milestone_75',
    title: 'Final Stretch',
    how_to_earn: 'Bring a goal to 75% of its target.',
    category: 'milestone',
  },
  {
    code: 'milestone_100',
    title: 'Full Marks',
    how_to_earn: 'Bring a goal to 100% of its target.',
    category: 'milestone',
  },
  {
    code: 'allocated_1000',
    title: 'Saver',
    how_to_earn: 'Allocate $1,000.00 in total to your financial goals.',
    category: 'amount',
  },
  {
    code: 'allocated_10000',
    title: 'Builder',
    how_to_earn: 'Allocate $10,000.00 in total to your financial goals.',
    category: 'amount',
  },
  {
    code: 'allocated_100000',
    title: 'Tycoon',
    how_to_earn: 'Allocate $100,000.00 in total to your financial goals.',
    category: 'amount',
  },
  {
    code: 'achieved_before_deadline',
    title: 'Ahead of Schedule',
    how_to_earn: 'Reach a goal on or before its target date.',
    category: 'deadline',
  },
];

export const GOAL_BADGE_MILESTONES = [25, 50, 75, 100] as const;
export const GOAL_BADGE_ALLOCATION_THRESHOLDS_CENTS = {
  allocated_1000: 100_000,
  allocated_10000: 1_000_000,
  allocated_100000: 10_000_000,
} as const;

export const GOAL_BADGE_MESSAGES = {
  title: 'Goal Achievements',
  earnedOn: 'Earned on',
  notEarned: 'Not earned yet',
  notificationTitle: 'Badge earned',
  notificationMessage: (title: string) => `You earned the badge "${title}".`,
} as const;

/** What decides the badges of a business at a moment. */
export interface BadgeFacts {
  goals_created: number;
  goals_achieved: number;
  /** Highest progress percent (capped at 100) any goal reached. */
  best_progress_percent: number;
  /** Cumulative cents allocated to goals (payments and other income; reversals subtract). */
  allocated_cents: number;
  /** A goal was achieved on or before its target date. */
  achieved_before_deadline: boolean;
}

/** Every badge these facts earn (already-awarded ones included: the server inserts only new codes). */
export function earnedBadges(facts: BadgeFacts): GoalBadgeCode[] {
  const codes: GoalBadgeCode[] = [];
  if (facts.goals_created >= 1) codes.push('first_goal_created');
  if (facts.goals_achieved >= 1) codes.push('first_goal_achieved');
  if (facts.goals_achieved >= 3) codes.push('goals_achieved_3');
  if (facts.goals_achieved >= 10) codes.push('goals_achieved_10');
  for (const milestone of GOAL_BADGE_MILESTONES)
    if (facts.best_progress_percent >= milestone) codes.push(`milestone_${milestone}`);
  for (const [code, threshold] of Object.entries(GOAL_BADGE_ALLOCATION_THRESHOLDS_CENTS))
    if (facts.allocated_cents >= threshold) codes.push(code as GoalBadgeCode);
  if (facts.achieved_before_deadline) codes.push('achieved_before_deadline');
  return codes;
}

export const goalBadgeSchema = z.object({
  code: z.enum(GOAL_BADGE_CODES),
  title: z.string(),
  how_to_earn: z.string(),
  category: z.enum(['goals', 'milestone', 'amount', 'deadline']),
  earned: z.boolean(),
  /** ISO timestamp, null while not earned. */
  earned_at: z.string().nullable(),
  /** The goal that earned it, when one did (milestones, achievements). */
  goal_id: z.number().int().nullable(),
  goal_title: z.string().nullable(),
});
export type GoalBadge = z.infer<typeof goalBadgeSchema>;
/** `GET /api/goal-badges`: the whole catalogue in catalogue order. */
export const goalBadgeListSchema = z.object({
  data: z.array(goalBadgeSchema),
  meta: z.object({ earned: z.number().int(), total: z.number().int() }),
});
export type GoalBadgeList = z.infer<typeof goalBadgeListSchema>;
