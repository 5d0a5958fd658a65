import { Link, useLocation } from 'react-router';
import { SectionNav } from '@ledgerleaf/ui';

export const GOALS_NAV = [
  { to: '/goals', label: 'Goal Tracker' },
  { to: '/goals/analytics', label: 'Analytics' },
  { to: '/goals/badges', label: 'Achievements' },
  { to: '/goals/income', label: 'Other income' },
  { to: '/goals-info', label: 'How goals work' },
];

/** Which entry a path belongs to: the tracker for `/goals`, `/goals/create` and a goal's details. */
export function activeGoalsNav(pathname: string): string {
  return (
    GOALS_NAV.find((entry) => entry.to !== '/goals' && (pathname === entry.to || pathname.startsWith(`${entry.to}/`)))
      ?.to ?? '/goals'
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
