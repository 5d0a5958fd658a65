import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ACCOUNT_MESSAGES, MESSAGES, type TeamMember, type TeamResponse } from '@ledgerleaf/domain';
import { json, renderPage, stubFetch } from '../test/render';
import { signIn } from '../test/fixtures';
import { RolesPage } from './roles-page';

beforeEach(() => signIn('owner'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const member = (overrides: Partial<TeamMember>): TeamMember => ({
  id: 1,
  name: 'Olive Owner',
  email: 'olive@example.com',
  role: 'owner',
  avatar_path: null,
  created_at: '2026-11-01T10:00:00Z',
  is_you: true,
  ...overrides,
});
const team: TeamResponse = {
  members: [member({}), member({ id: 2, name: 'Mona Mate', email: 'mona@example.com', role: 'member', is_you: false })],
  invitations: [
    {
      id: 5,
      email: 'pending@example.com',
      role: 'accountant',
      expires_at: '2026-11-29T10:00:00Z',
      created_at: '2026-11-22T10:00:00Z',
    },
  ],
};

describe('RolesPage', () => {
  it('lists members and invitations; the last owner is locked', async () => {
    stubFetch({ 'GET /api/team': json(200, team) });
    renderPage(<RolesPage />, { path: '/x', route: '/x' });
    const table = await screen.findByRole('table', { name: 'Team members' });
    expect(await within(table).findByText('Mona Mate')).toBeInTheDocument();
    expect(within(table).getByRole('combobox', { name: 'Role of Olive Owner' })).toBeDisabled();
    expect(within(table).queryByRole('button', { name: 'Remove Olive Owner' })).not.toBeInTheDocument();
    expect(screen.getByText('pending@example.com')).toBeInTheDocument();
  });

  it('changes a role after confirmation', async () => {
    const calls = stubFetch({
      'GET /api/team': json(200, team),
      'PUT /api/team/members/2/role': json(200, {
        data: member({ id: 2, role: 'accountant', is_you: false }),
        message: ACCOUNT_MESSAGES.roleChanged,
      }),
    });
    const { user } = renderPage(<RolesPage />, { path: '/x', route: '/x' });
    await user.click(await screen.findByRole('combobox', { name: 'Role of Mona Mate' }));
    await user.click(await screen.findByRole('option', { name: 'Accountant (read-only)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make Mona Mate Accountant (read-only)?' });
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ role: 'accountant' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.roleChanged)).toBeInTheDocument();
  });

  it('removes a member after confirmation, and nothing without it', async () => {
    const calls = stubFetch({
      'GET /api/team': json(200, team),
      'DELETE /api/team/members/2': json(200, { message: ACCOUNT_MESSAGES.memberRemoved }),
    });
    const { user } = renderPage(<RolesPage />, { path: '/x', route: '/x' });
    await user.click(await screen.findByRole('button', { name: 'Remove Mona Mate' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Remove Mona Mate' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/team/members/2')).toBe(true),
    );
  });

  it('invites by email with a role and shows the server refusal under the field', async () => {
    const calls = stubFetch({
      'GET /api/team': json(200, team),
      'POST /api/team/invitations': json(422, {
        message: ACCOUNT_MESSAGES.emailUsedElsewhere,
        errors: { email: [ACCOUNT_MESSAGES.emailUsedElsewhere] },
      }),
    });
    const { user } = renderPage(<RolesPage />, { path: '/x', route: '/x' });
    await user.click(await screen.findByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a team member' });
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText(MESSAGES.emailRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Email address/ }), 'x@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ email: 'x@example.com', role: 'member' }),
    );
    expect(
      await within(dialog).findByText(ACCOUNT_MESSAGES.emailUsedElsewhere, { selector: '.mantine-InputWrapper-error' }),
    ).toBeInTheDocument();
  });

  it('refuses a member and calls nothing', async () => {
    signIn('member');
    const calls = stubFetch({});
    renderPage(<RolesPage />, { path: '/x', route: '/x' });
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.adminOnly);
    expect(calls).toHaveLength(0);
  });

  it('shows a load error with a retry', async () => {
    stubFetch({ 'GET /api/team': json(500, { message: 'Something went wrong on our side. Please try again.' }) });
    renderPage(<RolesPage />, { path: '/x', route: '/x' });
    expect(await screen.findByText('The team could not be loaded')).toBeInTheDocument();
  });
});
