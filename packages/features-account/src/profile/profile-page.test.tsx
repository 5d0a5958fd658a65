import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ACCOUNT_MESSAGES, MESSAGES } from '@ledgerleaf/domain';
import { browser } from '@ledgerleaf/api';
import { json, renderPage, stubFetch } from '../test/render';
import { profile, signIn } from '../test/fixtures';
import { ProfilePage } from './profile-page';

beforeEach(() => signIn('owner'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const render = () => renderPage(<ProfilePage />, { path: '/profile', route: '/profile' });

describe('ProfilePage', () => {
  it('shows name and business name read-only and saves email and phone', async () => {
    const calls = stubFetch({
      'GET /api/profile': json(200, { data: profile() }),
      'PUT /api/profile': (call) =>
        json(200, {
          data: profile({ email: (call.body as { email: string }).email }),
          message: ACCOUNT_MESSAGES.profileSaved,
        }),
    });
    const { user } = render();
    expect(await screen.findByRole('textbox', { name: 'Full name' })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Business Name' })).toHaveValue('Olive Bakery');
    expect(screen.getByText('Name and Business Name cannot be changed after registration.')).toBeInTheDocument();
    const email = screen.getByRole('textbox', { name: /Email address/ });
    await user.clear(email);
    await user.type(email, 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        email: 'new@example.com',
        phone: '(415) 555-0100',
      }),
    );
    expect(await screen.findByText(ACCOUNT_MESSAGES.profileSaved)).toBeInTheDocument();
  });

  it('checks the phone and the password change in the browser with the domain messages', async () => {
    const calls = stubFetch({ 'GET /api/profile': json(200, { data: profile() }) });
    const { user } = render();
    const phone = await screen.findByRole('textbox', { name: /Phone number/ });
    await user.clear(phone);
    await user.type(phone, '123');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText(MESSAGES.phoneInvalid)).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^New password/), 'a long new secret');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'something else');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.currentPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.confirmationMismatch)).toBeInTheDocument();
    expect(calls.some((call) => call.method !== 'GET')).toBe(false);
  });

  it('shows the server refusal of a wrong current password under its field', async () => {
    stubFetch({
      'GET /api/profile': json(200, { data: profile() }),
      'POST /api/profile/password': json(422, {
        message: ACCOUNT_MESSAGES.currentPasswordWrong,
        errors: { current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] },
      }),
    });
    const { user } = render();
    const passwords = await screen.findByRole('region', { name: 'Password and sessions' });
    await user.type(within(passwords).getByLabelText(/^Current password/), 'wrong one');
    await user.type(screen.getByLabelText(/^New password/), 'a long new secret');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'a long new secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await within(passwords).findByText(ACCOUNT_MESSAGES.currentPasswordWrong, {
        selector: '.mantine-InputWrapper-error',
      }),
    ).toBeInTheDocument();
  });

  it('refuses a file of the wrong type before uploading', async () => {
    const calls = stubFetch({ 'GET /api/profile': json(200, { data: profile() }) });
    render();
    await screen.findByText('Avatar');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(['<svg/>'], 'a.svg', { type: 'image/svg+xml' })] } });
    expect(await screen.findByText(ACCOUNT_MESSAGES.uploadType)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('deletes the account after the confirmation and goes to /login', async () => {
    const redirect = vi.spyOn(browser, 'redirect').mockImplementation(() => undefined);
    const calls = stubFetch({
      'GET /api/profile': json(200, { data: profile() }),
      'POST /api/profile/delete': json(200, { business_deleted: true, message: ACCOUNT_MESSAGES.businessDeleted }),
    });
    const { user } = render();
    const card = await screen.findByRole('region', { name: 'Delete account' });
    await user.type(within(card).getByLabelText(/^Current password/), 'correct horse battery');
    await user.type(within(card).getByRole('textbox', { name: /Type DELETE to confirm/ }), 'DELETE');
    await user.click(within(card).getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/login'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      current_password: 'correct horse battery',
      confirmation: 'DELETE',
    });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows the export to admins only, and the error state with a retry', async () => {
    stubFetch({ 'GET /api/profile': json(200, { data: profile() }) });
    render();
    expect(await screen.findByRole('button', { name: 'Download export' })).toBeInTheDocument();
  });

  it('hides the export and the logo upload from a member', async () => {
    signIn('member');
    stubFetch({ 'GET /api/profile': json(200, { data: profile({ role: 'member', roles: [{ name: 'member' }] }) }) });
    render();
    await screen.findByText('Avatar');
    expect(screen.queryByRole('button', { name: 'Download export' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload company logo' })).not.toBeInTheDocument();
    expect(screen.getByText('Only an owner or an admin can change the company logo.')).toBeInTheDocument();
  });

  it('shows a load error with a retry', async () => {
    stubFetch({ 'GET /api/profile': json(500, { message: 'Something went wrong on our side. Please try again.' }) });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your profile could not be loaded');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
