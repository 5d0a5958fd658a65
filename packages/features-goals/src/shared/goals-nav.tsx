import { Link, useLocation } from 'react-router';
import { SectionNav } from '@ledgerleaf/ui';
import { paths } from '@ledgerleaf/api';

export const GOALS_NAV = [
  { to: paths.goals.list, label: 'Goal Tracker' },
  { to: paths.goals.analytics, label: 'Analytics' },
  { to: paths.goals.badges, label: 'Achievements' },
  { to: paths.goals.income, label: 'Other income' },
  { to: paths.goals.info, label: 'How goals work' },
];

/** Which entry a path belongs to: the tracker for `/goals`, `/goals/create` and a goal's details. */
export function activeGoalsNav(pathname: string): string {
  return (
    GOALS_NAV.find(
      (entry) => entry.to !== paths.goals.list && (pathname === entry.to || pathname.startsWith(`${entry.to}/`)),
    )?.to ?? paths.goals.list
  );
}

/** The goals area's own navigation (links, the current one marked `aria-current="page"`). */
export function GoalsNav() {
  return (
    <SectionNav
      label="Goals area"
      items={GOALS_NAV}
      active={activeGoalsNav(useLocation().pathname)}
      linkComponent={Link}
    />
  );
}
