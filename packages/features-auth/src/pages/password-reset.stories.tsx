import type { Meta, StoryObj } from '@storybook/react-vite';
import { screen, userEvent } from 'storybook/test';
import { MESSAGES } from '@ledgerleaf/domain';
import { fail, ok, pending, screenStory, type StoryApi } from '@ledgerleaf/storybook-harness';
import { ForgotPasswordPage } from './forgot-password-page';
import { ResetPasswordPage } from './reset-password-page';

const meta = {
  title: 'Auth/Password reset',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

// /forgot-password
const forgot = (api: StoryApi = {}) =>
  screenStory(<ForgotPasswordPage />, { path: '/forgot-password', user: null, api });
const request = async (email = 'olive@olive.test') => {
  await userEvent.type(await screen.findByLabelText(/^Email address/), email);
  await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
};

export const Forgot: Story = forgot();
export const ForgotValidationErrors: Story = { ...forgot(), play: () => request('olive@olive') };
/** The same answer whether or not the address has an account. */
export const ForgotRequested: Story = {
  ...forgot({ 'POST /api/forgot-password': ok({ message: MESSAGES.resetRequested }) }),
  play: () => request(),
};
export const ForgotSending: Story = { ...forgot({ 'POST /api/forgot-password': pending }), play: () => request() };
export const ForgotThrottled: Story = {
  ...forgot({ 'POST /api/forgot-password': fail(429, 'Too many requests. Please slow down and try again shortly.') }),
  play: () => request(),
};

// /reset-password/:token
const reset = (api: StoryApi = {}) =>
  screenStory(<ResetPasswordPage />, {
    path: '/reset-password/:token',
    route: '/reset-password/abc123',
    user: null,
    api,
  });
const choose = async (password: string, confirmation = password) => {
  await userEvent.type(await screen.findByLabelText(/^New password/), password);
  await userEvent.type(screen.getByLabelText(/^Confirm new password/), confirmation);
  await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
};

export const Reset: Story = reset();
export const ResetValidationErrors: Story = { ...reset(), play: () => choose('short', 'other') };
export const ResetDone: Story = {
  ...reset({ 'POST /api/reset-password': ok({ message: MESSAGES.resetDone }) }),
  play: () => choose('a-new-password'),
};
/** An expired or used link: the message and a way to ask for a new one. */
export const ResetLinkExpired: Story = {
  ...reset({
    'POST /api/reset-password': fail(422, 'The given data was invalid.', { token: [MESSAGES.resetInvalid] }),
  }),
  play: () => choose('a-new-password'),
};
