import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CRM_MESSAGES } from '@ledgerleaf/domain';
import { json, renderPage, stubFetch } from '../test/render';
import { activityTypes, lostReason, owners, settings, source, stages } from '../test/fixtures';
import { PipelineStagesPage } from './pipeline-stages-page';
import { LeadSourcesPage } from './lead-sources-page';
import { CrmSettingsPage } from './crm-settings-page';
import { ActivityTypesPage } from './activity-types-page';

afterEach(() => vi.unstubAllGlobals());

const realRect = Element.prototype.getBoundingClientRect;

describe('Pipeline stages', () => {
  function setup(routes: Parameters<typeof stubFetch>[0] = {}, roles = ['owner']) {
    const calls = stubFetch({
      'GET /api/crm/pipeline-stages': json(200, { data: stages }),
      'GET /api/crm/lost-reasons': json(200, { data: [lostReason()] }),
      'PUT /api/crm/pipeline-stages/order': ({ body }) =>
        json(200, {
          data: (body as { ids: number[] }).ids.map((id, index) => ({
            ...stages.find((s) => s.id === id)!,
            position: index + 1,
          })),
        }),
      ...routes,
    });
    return { ...renderPage(<PipelineStagesPage />, { path: '/', route: '/', roles }), calls };
  }
  const orderCall = (calls: { path: string; method: string; body: unknown }[]) =>
    calls.find((call) => call.method === 'PUT' && call.path === '/api/crm/pipeline-stages/order');

  it('lists the stages in order with their type and probability', async () => {
    setup();
    const list = await screen.findByRole('list', { name: 'Pipeline stages' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['New', 'Proposal', 'Won', 'Lost']);
    expect(within(list).getByText(/10% · rotting after 14 days · 2 opportunities/)).toBeInTheDocument();
  });

  it('reorders with the Move down button and saves the whole order', async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'Move New down' }));
    await waitFor(() => expect(orderCall(calls)?.body).toEqual({ ids: [2, 1, 3, 4] }));
    expect(await screen.findByText(CRM_MESSAGES.stagesReordered)).toBeInTheDocument();
  });

  it('reorders with the keyboard: Space, arrow down, Space', async () => {
    Element.prototype.getBoundingClientRect = function (this: Element) {
      const item = this.closest('li[aria-label]');
      if (!item) return realRect.call(this);
      const index = [...document.querySelectorAll('li[aria-label]')].indexOf(item);
      const top = index * 70;
      return {
        x: 0,
        y: top,
        left: 0,
        top,
        width: 600,
        height: 60,
        right: 600,
        bottom: top + 60,
        toJSON: () => ({}),
      } as DOMRect;
    };
    try {
      const { calls } = setup();
      const handle = await screen.findByRole('button', { name: 'Reorder New' });
      act(() => handle.focus());
      fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
      await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
      fireEvent.keyDown(document, { code: 'ArrowDown', key: 'ArrowDown' });
      await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
      fireEvent.keyDown(document, { code: 'Space', key: ' ' });
      await waitFor(() => expect(orderCall(calls)?.body).toEqual({ ids: [2, 1, 3, 4] }));
    } finally {
      Element.prototype.getBoundingClientRect = realRect;
    }
  });

  it('deleting a stage with opportunities asks where they go', async () => {
    const { user, calls } = setup({
      'POST /api/crm/pipeline-stages/1/delete': json(200, { message: CRM_MESSAGES.stageDeleted }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete New' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete New?' });
    expect(within(dialog).getByText(/holds 2 opportunities/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete stage' }));
    expect(await within(dialog).findByText(CRM_MESSAGES.moveToStageRequired)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Move them to' }));
    await user.click(await within(dialog).findByRole('option', { name: 'Proposal' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete stage' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/crm/pipeline-stages/1/delete')?.body).toEqual({
        move_to_stage_id: 2,
        lost_reason_id: null,
      }),
    );
  });

  it('refuses to delete the only won stage before asking the server', async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Won' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Won?' });
    expect(within(dialog).getByText(CRM_MESSAGES.pipelineNeedsWon)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete stage' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('a member reads the stages without the controls', async () => {
    setup({}, ['member']);
    await screen.findByRole('list', { name: 'Pipeline stages' });
    expect(screen.queryByRole('button', { name: 'Add stage' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete New' })).not.toBeInTheDocument();
  });
});

describe('Lead sources', () => {
  it('a source in use can be archived, not deleted; an unused one can be deleted', async () => {
    const calls = stubFetch({
      'GET /api/crm/lead-sources': json(200, {
        data: [source(), source({ id: 2, name: 'Podcast', lead_count: 0, opportunity_count: 0 })],
      }),
      'POST /api/crm/lead-sources/1/archive': json(200, {
        data: source({ status: 'archived' }),
        message: CRM_MESSAGES.archived,
      }),
      'DELETE /api/crm/lead-sources/2': json(200, { message: CRM_MESSAGES.deleted }),
    });
    const { user } = renderPage(<LeadSourcesPage />);
    await user.click(await screen.findByRole('button', { name: 'Actions for Website' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete (in use: archive it)' })).toBeDisabled();
    await user.click(screen.getByRole('menuitem', { name: 'Archive' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/crm/lead-sources/1/archive')).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Actions for Podcast' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete source?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/crm/lead-sources/2')).toBe(true),
    );
  });

  it('adds a source and shows the server’s name error under the field', async () => {
    stubFetch({
      'GET /api/crm/lead-sources': json(200, { data: [source()] }),
      'POST /api/crm/lead-sources': json(422, {
        message: CRM_MESSAGES.nameTaken,
        errors: { name: [CRM_MESSAGES.nameTaken] },
      }),
    });
    const { user } = renderPage(<LeadSourcesPage />);
    await user.type(await screen.findByRole('textbox', { name: 'New source' }), 'website');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(CRM_MESSAGES.nameTaken)).toBeInTheDocument();
  });
});

describe('CRM settings', () => {
  function setup() {
    const calls = stubFetch({
      'GET /api/crm/settings': json(200, { data: settings() }),
      'GET /api/crm/lost-reasons': json(200, { data: [lostReason()] }),
      'GET /api/crm/owners': json(200, { data: owners }),
      'PUT /api/crm/settings': ({ body }) =>
        json(200, { data: settings(body as never), message: CRM_MESSAGES.settingsSaved }),
    });
    return { ...renderPage(<CrmSettingsPage />), calls };
  }

  it('keeps at least one reminder channel, then saves', async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('checkbox', { name: 'In the app' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(CRM_MESSAGES.reminderChannelRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: 'By email' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        rate_window_days: 90,
        reminder_in_app: false,
        reminder_email: true,
        default_owner_user_id: null,
      }),
    );
  });

  it('links the three configuration screens and lists the lost reasons', async () => {
    setup();
    const nav = await screen.findByRole('navigation', { name: 'CRM configuration' });
    expect(within(nav).getByRole('link', { name: /Pipeline stages/ })).toHaveAttribute(
      'href',
      '/crm/pipeline-stages-management',
    );
    expect(within(nav).getByRole('link', { name: /Lead sources/ })).toHaveAttribute(
      'href',
      '/crm/lead-sources-management',
    );
    expect(within(nav).getByRole('link', { name: /Activity types/ })).toHaveAttribute('href', '/crm/activity-types');
    expect(await screen.findByRole('table', { name: 'Lost reasons' })).toHaveTextContent('Price too high');
  });
});

describe('Activity types', () => {
  it('lists each type with its defaults and edits one', async () => {
    const calls = stubFetch({
      'GET /api/crm/activity-types': json(200, { data: activityTypes }),
      'PUT /api/crm/activity-types/1': json(200, { data: activityTypes[0], message: CRM_MESSAGES.saved }),
    });
    const { user } = renderPage(<ActivityTypesPage />);
    const table = await screen.findByRole('table', { name: 'Activity types' });
    const call = within(table)
      .getAllByRole('row')
      .find((row) => row.textContent?.startsWith('Call'))!;
    expect(within(call).getByText('1 day')).toBeInTheDocument();
    expect(within(call).getByText('15 minutes before')).toBeInTheDocument();
    expect(within(call).getByText('Follow-up')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit Call' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Call' });
    await user.click(within(dialog).getByRole('button', { name: 'Save type' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        name: 'Call',
        icon: 'phone',
        default_due_offset_minutes: 1440,
        default_reminder_offset_minutes: 15,
        next_type_id: 2,
      }),
    );
  });

  it('archives a type in use instead of deleting it', async () => {
    const calls = stubFetch({
      'GET /api/crm/activity-types': json(200, { data: activityTypes }),
      'POST /api/crm/activity-types/1/archive': json(200, { data: activityTypes[0], message: CRM_MESSAGES.archived }),
    });
    const { user } = renderPage(<ActivityTypesPage />);
    expect(await screen.findByRole('button', { name: 'Delete Call' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Archive Call' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/crm/activity-types/1/archive')).toBe(true));
    expect(calls.find((c) => c.path === '/api/crm/activity-types')!.query).toMatchObject({ include_archived: 'true' });
  });
});
