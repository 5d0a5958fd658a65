import { Link, useLocation } from 'react-router';
import { Button, Group } from '@mantine/core';

export const GOALS_NAV = [
  { to: '/goals', label: 'Goal Tracker' },
  { to: '/goals/analytics', label: 'Analytics' },
  { to: '/goals/badges', label: 'Achievements' },
  { to: '/goals/income', label: 'Other income' },
  { to: '/goals-info', label: 'How goals work' },
];

/** Which entry a path belongs to: the tracker for `/goals`, `/goals/create` and a goal's details. */
export function activeGoalsNav(pathname: string): string {
  return GOALS_NAV.find((entry) => entry.to !== '/goals' && (pathname === entry.to || pathname.startsWith(`${entry.to}/`)))?.to ?? '/goals';
}

/** The goals area's own navigation (links, the current one marked `aria-current="page"`). */
export function GoalsNav() {
  const active = activeGoalsNav(useLocation().pathname);
  return (
    <nav aria-label="Goals area">
      <Group gap={4} mb="lg" wrap="wrap">
        {GOALS_NAV.map((entry) => (
          <Button
            key={entry.to}
            component={Link}
            to={entry.to}
            size="compact-md"
            variant={entry.to === active ? 'light' : 'subtle'}
            color={entry.to === active ? undefined : 'gray'}
            aria-current={entry.to === active ? 'page' : undefined}
            style={{ flexShrink: 0 }}
          >
            {entry.label}
          </Button>
        ))}
      </Group>
    </nav>
  );
}
