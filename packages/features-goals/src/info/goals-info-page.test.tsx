import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { GOAL_BADGES } from '@ledgerleaf/domain';
import { renderPage, stubFetch } from '../test/render';
import { GoalsInfoPage } from './goals-info-page';

afterEach(() => vi.unstubAllGlobals());

describe('Goals guide', () => {
  it('explains goals, allocations, other income and every badge, with links into the area', () => {
    stubFetch({});
    renderPage(<GoalsInfoPage />, { path: '/goals-info', route: '/goals-info' });
    expect(screen.getByRole('heading', { name: 'How goals work', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Allocating a payment' })).toBeInTheDocument();
    const badges = screen.getByRole('table', { name: 'Badges' });
    for (const badge of GOAL_BADGES) expect(within(badges).getByText(badge.title)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Goal Achievements' })).toHaveAttribute('href', '/goals/badges');
    expect(screen.getByRole('link', { name: 'How goals work' })).toHaveAttribute('aria-current', 'page');
  });
});
