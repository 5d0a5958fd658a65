import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@ledgerleaf/domain';
import { json, renderPage, stubFetch } from '../test/render';
import { ForgotPasswordPage } from './forgot-password-page';
import { ResetPasswordPage } from './reset-password-page';

afterEach(() => vi.unstubAllGlobals());

describe('ForgotPasswordPage', () => {
  it('validates the email with the domain rules and makes no call when invalid', async () => {
    const calls = stubFetch({});
    const { user } = renderPage(<ForgotPasswordPage />, { path: '/forgot-password', route: '/forgot-password' });
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(MESSAGES.emailRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email address/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends the request and shows the neutral answer', async () => {
    const calls = stubFetch({ 'POST /api/forgot-password': json(200, { message: MESSAGES.resetRequested }) });
    const { user } = renderPage(<ForgotPasswordPage />, { path: '/forgot-password', route: '/forgot-password' });
    await user.type(screen.getByLabelText(/^Email address/), 'owner@shop.co');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.resetRequested);
    expect(calls[0]!.body).toEqual({ email: 'owner@shop.co' });
    expect(screen.queryByRole('button', { name: 'Send reset link' })).not.toBeInTheDocument();
  });

  it('shows a server error', async () => {
    stubFetch({
      'POST /api/forgot-password': json(429, { message: 'Too many requests. Please slow down and try again shortly.' }),
    });
    const { user } = renderPage(<ForgotPasswordPage />, { path: '/forgot-password', route: '/forgot-password' });
    await user.type(screen.getByLabelText(/^Email address/), 'owner@shop.co');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests');
  });
});

describe('ResetPasswordPage', () => {
  const route = { path: '/reset-password/:token', route: '/reset-password/abc123' };

  it('applies the password rules of the domain', async () => {
    const calls = stubFetch({});
    const { user } = renderPage(<ResetPasswordPage />, route);
    await user.type(screen.getByLabelText(/^New password/), 'short');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'other');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(MESSAGES.passwordTooShort)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.confirmationMismatch)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('resets with the token from the URL and offers to sign in', async () => {
    const calls = stubFetch({ 'POST /api/reset-password': json(200, { message: MESSAGES.resetDone }) });
    const { user } = renderPage(<ResetPasswordPage />, route);
    await user.type(screen.getByLabelText(/^New password/), 'a-new-password');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.resetDone);
    expect(calls[0]!.body).toEqual({
      token: 'abc123',
      password: 'a-new-password',
      password_confirmation: 'a-new-password',
    });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('explains an invalid or expired link and links to a new request', async () => {
    stubFetch({
      'POST /api/reset-password': json(422, { message: 'invalid', errors: { token: [MESSAGES.resetInvalid] } }),
    });
    const { user } = renderPage(<ResetPasswordPage />, route);
    await user.type(screen.getByLabelText(/^New password/), 'a-new-password');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.resetInvalid));
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });
});
