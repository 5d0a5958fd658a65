import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { GOAL_BADGE_MESSAGES } from '@ledgerleaf/domain';
import { json, renderPage, stubFetch } from '../test/render';
import { badge } from '../test/fixtures';
import { BadgesPage } from './badges-page';

afterEach(() => vi.unstubAllGlobals());

const list = (
  data = [
    badge(),
    badge({
      code: 'milestone_50',
      title: 'Halfway There',
      how_to_earn: 'Bring a goal to 50% of its target.',
      category: 'milestone',
      earned: false,
      earned_at: null,
      goal_id: null,
      goal_title: null,
    }),
  ],
) => ({
  data,
  meta: { earned: data.filter((item) => item.earned).length, total: data.length },
});

describe('Goal Achievements', () => {
  it('shows earned badges with their date and unearned ones with how to earn them', async () => {
    stubFetch({ 'GET /api/goal-badges': json(200, list()) });
    renderPage(<BadgesPage />);
    expect(screen.getByRole('heading', { name: GOAL_BADGE_MESSAGES.title, level: 1 })).toBeInTheDocument();
    const earned = await screen.findByRole('listitem', { name: 'First Step: earned' });
    expect(within(earned).getByText('Earned on 11/02/26')).toBeInTheDocument();
    expect(within(earned).getByRole('link', { name: 'Emergency fund' })).toHaveAttribute('href', '/goals/1');
    const unearned = screen.getByRole('listitem', { name: 'Halfway There: not earned yet' });
    expect(within(unearned).getByText(GOAL_BADGE_MESSAGES.notEarned)).toBeInTheDocument();
    expect(within(unearned).getByText('Bring a goal to 50% of its target.')).toBeInTheDocument();
    expect(screen.getByText('1 of 2 badges earned')).toBeInTheDocument();
  });

  it('invites to create a goal when none is earned', async () => {
    stubFetch({ 'GET /api/goal-badges': json(200, list([badge({ earned: false, earned_at: null })])) });
    renderPage(<BadgesPage />);
    expect(await screen.findByRole('link', { name: 'Create your first goal' })).toHaveAttribute(
      'href',
      '/goals/create',
    );
  });

  it('shows skeletons while loading and an error with a retry', async () => {
    stubFetch({ 'GET /api/goal-badges': json(500, {}) });
    renderPage(<BadgesPage />);
    expect(screen.getAllByTestId('card-skeleton').length).toBeGreaterThan(0);
    expect(await screen.findByText('Achievements could not be loaded')).toBeInTheDocument();
  });
});
