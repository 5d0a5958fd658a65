import type { Meta, StoryObj } from '@storybook/react-vite';
import { screen, userEvent, within } from 'storybook/test';
import { fail, pending, screenStory, type StoryApi } from '@ledgerleaf/storybook-harness';
import { LoginPage } from './login-page';

const meta = {
  title: 'Auth/Login',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const page = (api: StoryApi = {}) => screenStory(<LoginPage />, { path: '/login', user: null, api });

async function signIn(email = 'olive@olive.test', password = 'correct horse battery') {
  await userEvent.type(await screen.findByLabelText(/^Email/), email);
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

/** The sign-in form beside the marketing panel (stealth mode, waiting list). */
export const Default: Story = page();

/** Submitting the empty form: the domain's messages under both fields. */
export const ValidationErrors: Story = {
  ...page(),
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
  },
};

/** Wrong credentials: the server's message in the alert. */
export const WrongCredentials: Story = {
  ...page({ 'POST /web-login': fail(422, 'These credentials do not match our records.') }),
  play: () => signIn('olive@olive.test', 'not my password'),
};

/** Too many attempts: the throttle's message. */
export const Throttled: Story = {
  ...page({ 'POST /web-login': fail(429, 'Too many sign-in attempts. Please try again in 60 seconds.') }),
  play: () => signIn(),
};

/** While the server answers: the button is busy. */
export const SigningIn: Story = {
  ...page({ 'POST /web-login': pending }),
  play: () => signIn(),
};

/** The waiting list modal, from the marketing panel. */
export const WaitlistModal: Story = {
  ...page(),
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Join the waiting list' }));
    await within(await screen.findByRole('dialog')).findByLabelText(/Email address/);
  },
};
