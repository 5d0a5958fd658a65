import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ACCOUNT_MESSAGES, MESSAGES } from '@ledgerleaf/domain';
import { browser } from '@ledgerleaf/api';
import { json, renderPage, stubFetch } from '../test/render';
import { AcceptInvitationPage } from './accept-invitation-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const token = 'a'.repeat(43);
const render = () =>
  renderPage(<AcceptInvitationPage />, { path: '/invitations/:token', route: `/invitations/${token}` });

describe('AcceptInvitationPage', () => {
  it('accepts with a name and password, stores the session and opens the dashboard', async () => {
    const redirect = vi.spyOn(browser, 'redirect').mockImplementation(() => undefined);
    const user = {
      id: 3,
      name: 'Mona Mate',
      email: 'mona@example.com',
      business_name: 'Olive Bakery',
      company_logo: null,
      avatar_path: null,
      roles: [{ name: 'accountant' }],
    };
    const calls = stubFetch({
      [`GET /api/invitations/${token}`]: json(200, {
        data: { email: 'mona@example.com', business_name: 'Olive Bakery', role: 'accountant' },
      }),
      'GET /sanctum/csrf-cookie': new Response(null, { status: 204 }),
      [`POST /api/invitations/${token}/accept`]: json(201, { token: 'new-token', user }),
    });
    const view = render();
    expect(await screen.findByText('Olive Bakery')).toBeInTheDocument();
    expect(screen.getByText(/as Accountant \(read-only\)\. Choose your name and password\./)).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText(MESSAGES.nameRequired)).toBeInTheDocument();
    await view.user.type(screen.getByRole('textbox', { name: /Full name/ }), 'Mona Mate');
    await view.user.type(screen.getByLabelText(/^Password/), 'member password 1');
    await view.user.type(screen.getByLabelText(/^Confirm password/), 'member password 1');
    await view.user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/dashboard'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Mona Mate',
      password: 'member password 1',
      password_confirmation: 'member password 1',
    });
    expect(localStorage.getItem('token')).toBe('new-token');
  });

  it('says when the link is invalid or expired', async () => {
    stubFetch({ [`GET /api/invitations/${token}`]: json(404, { message: ACCOUNT_MESSAGES.invitationInvalid }) });
    render();
    expect(await screen.findByText(ACCOUNT_MESSAGES.invitationInvalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeInTheDocument();
  });
});
