import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { CRM_MESSAGES } from '@ledgerleaf/domain';
import { json, renderPage, stubFetch } from '../test/render';
import { activity, activityTypes, owners, timeline } from '../test/fixtures';
import { TimelineCard } from './timeline-card';

afterEach(() => vi.unstubAllGlobals());

const older = timeline({
  next_activity: null,
  items: [
    {
      kind: 'stage_change',
      key: 'stage_change-3',
      at: '2026-10-01T10:00:00.000Z',
      title: 'Moved from New to Proposal',
      body: null,
      user_name: 'Sam Seller',
      about: { kind: 'lead', id: 1, name: 'Ada Lovelace' },
      activity: null,
    },
  ],
});

function setup(routes: Parameters<typeof stubFetch>[0] = {}) {
  const calls = stubFetch({
    'GET /api/crm/timeline': ({ query }) =>
      json(200, { data: query.before ? older : timeline({ next_before: '2026-11-19T10:00:00.000Z' }) }),
    'GET /api/crm/activity-types': json(200, { data: activityTypes }),
    'GET /api/crm/owners': json(200, { data: owners }),
    ...routes,
  });
  return { ...renderPage(<TimelineCard subject={{ lead_id: 1 }} />), calls };
}

describe('Timeline', () => {
  it('keeps the first page and adds the older entries below it', async () => {
    const { user, calls } = setup();
    expect(await screen.findByText('Wants a quote before Christmas.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Older entries' }));
    expect(await screen.findByText('Moved from New to Proposal')).toBeInTheDocument();
    expect(screen.getByText('Wants a quote before Christmas.')).toBeInTheDocument();
    expect(calls.find((call) => call.query.before)!.query).toMatchObject({
      lead_id: '1',
      before: '2026-11-19T10:00:00.000Z',
    });
    expect(screen.queryByRole('button', { name: 'Older entries' })).not.toBeInTheDocument();
  });

  it('marking the next activity done offers the activity its type suggests', async () => {
    const { user, calls } = setup({
      'POST /api/crm/activities/21/done': json(200, {
        data: activity({ done: true }),
        message: CRM_MESSAGES.activityDone,
        suggested_next: { type_id: 2, type_name: 'Follow-up', due_at: '2026-12-02T09:00:00.000Z' },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Mark Call Ada about the quote done' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add activity' });
    expect(calls.find((call) => call.path === '/api/crm/activities/21/done')!.body).toEqual({ done: true });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Subject' })).toHaveValue('Follow-up'));
  });

  it('picking the activity type already chosen keeps it (issue 27 item 10)', async () => {
    const { user } = setup({
      'POST /api/crm/activities/21/done': json(200, {
        data: activity({ done: true }),
        message: CRM_MESSAGES.activityDone,
        suggested_next: { type_id: 2, type_name: 'Follow-up', due_at: '2026-12-02T09:00:00.000Z' },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Mark Call Ada about the quote done' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add activity' });
    const type = within(dialog).getByRole('combobox', { name: /^Type/ });
    await waitFor(() => expect(type).toHaveValue('Follow-up'));
    await user.click(type);
    await user.click(await screen.findByRole('option', { name: 'Follow-up' }));
    expect(type).toHaveValue('Follow-up');
    expect(within(dialog).queryByText(CRM_MESSAGES.activityTypeInvalid)).not.toBeInTheDocument();
  });

  it('refuses an empty note with the domain message', async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'Save note' }));
    expect(await screen.findByText(CRM_MESSAGES.noteRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/crm/notes')).toBe(false);
  });
});
