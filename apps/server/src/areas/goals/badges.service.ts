import { GOAL_BADGES, type GoalBadgeList } from '@ledgerleaf/domain';
import { findGoalsByIds, listGoalBadges } from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../lib/context';

/** The whole catalogue in catalogue order: earned ones with their date (and goal), the others with how to earn them. */
export async function listBadges(deps: Deps, params: { auth: AuthContext }): Promise<GoalBadgeList> {
  const { businessId } = params.auth;
  const earned = new Map((await listGoalBadges(deps.db, { businessId })).map((row) => [row.code, row]));
  const goalIds = [
    ...new Set([...earned.values()].map((row) => row.goal_id).filter((id): id is number => id !== null)),
  ];
  const titles = new Map((await findGoalsByIds(deps.db, { businessId, goalIds })).map((goal) => [goal.id, goal.title]));
  const data = GOAL_BADGES.map((badge) => {
    const row = earned.get(badge.code);
    const goalId = row?.goal_id ?? null;
    return {
      ...badge,
      earned: row !== undefined,
      earned_at: row?.earned_at ?? null,
      goal_id: goalId,
      goal_title: goalId === null ? null : (titles.get(goalId) ?? null),
    };
  });
  return { data, meta: { earned: data.filter((badge) => badge.earned).length, total: data.length } };
}
