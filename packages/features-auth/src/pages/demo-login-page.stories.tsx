import type { Meta, StoryObj } from '@storybook/react-vite';
import { screen, userEvent } from 'storybook/test';
import { fail, ok, pending, screenStory, storyUser, type StoryApi } from '@ledgerleaf/storybook-harness';
import { DemoLoginPage } from './demo-login-page';

const meta = {
  title: 'Auth/Demo login',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const demoUser = {
  ...storyUser,
  id: 42,
  name: 'Demo User',
  email: 'demo@ledgerleaf.test',
  business_name: 'Demo Bakery',
};
const page = (api: StoryApi = {}, signedIn = false) =>
  screenStory(<DemoLoginPage />, { path: '/demo-login', user: signedIn ? demoUser : null, api });
const clickDemo = async () => userEvent.click(await screen.findByRole('button', { name: 'Login as Demo User' }));

/** Signed out: the diagnostics say so. */
export const SignedOut: Story = page();
/** Already signed in as the demo user. */
export const SignedIn: Story = page({}, true);

export const Success: Story = {
  ...page({ 'POST /api/debug/demo-login': ok({ token: 'demo-token', user: demoUser, message: 'Welcome' }) }),
  play: clickDemo,
};
export const SigningIn: Story = {
  ...page({ 'POST /api/debug/demo-login': pending }),
  play: clickDemo,
};
/** The demo is switched off on this server (404). */
export const DemoDisabled: Story = {
  ...page({ 'POST /api/debug/demo-login': fail(404, 'Not found.') }),
  play: clickDemo,
};
export const Failed: Story = {
  ...page({ 'POST /api/debug/demo-login': fail(500, 'The demo data is being reset. Please try again in a minute.') }),
  play: clickDemo,
};
