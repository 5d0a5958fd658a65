import type { Meta, StoryObj } from '@storybook/react-vite';
import { screen, userEvent } from 'storybook/test';
import { MESSAGES } from '@ledgerleaf/domain';
import { fail, pending, screenStory, type StoryApi } from '@ledgerleaf/storybook-harness';
import { RegisterPage } from './register-page';

const meta = {
  title: 'Auth/Register',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const page = (api: StoryApi = {}) => screenStory(<RegisterPage />, { path: '/register', user: null, api });
const field = (label: string) => screen.findByLabelText(new RegExp(`^${label}`));

async function fillValid() {
  await userEvent.type(await field('Full name'), 'Olive Owner');
  await userEvent.type(await field('Business Name'), 'Olive Bakery');
  await userEvent.type(await field('Email address'), 'olive@olive.test');
  await userEvent.type(await field('Phone number'), '4155550100');
  await userEvent.type(await field('Password'), 'sourdough-since-1998');
  await userEvent.type(await field('Confirm password'), 'sourdough-since-1998');
}

const submit = () => userEvent.click(screen.getByRole('button', { name: /Create Account/ }));

/** The empty form: Create Account stays disabled until the required fields hold. */
export const Default: Story = page();

/** A short password, a different confirmation and a bad phone: the domain's messages and the strength meter. */
export const ValidationErrors: Story = {
  ...page(),
  play: async () => {
    await userEvent.type(await field('Email address'), 'olive@olive');
    await userEvent.type(await field('Phone number'), '123');
    await userEvent.type(await field('Password'), 'abc');
    await userEvent.type(await field('Confirm password'), 'abd');
    await userEvent.tab();
  },
};

/** The server's 422: each field's message under it, all of them in the alert. */
export const ServerValidationErrors: Story = {
  ...page({
    'POST /api/register': fail(422, 'The given data was invalid.', {
      email: ['An account with this email address already exists'],
      phone: [MESSAGES.phoneInvalid],
    }),
  }),
  play: async () => {
    await fillValid();
    await submit();
  },
};

/** The server failed: its message in the alert. */
export const ServerError: Story = {
  ...page({ 'POST /api/register': fail(500, 'Something went wrong on our side. Please try again.') }),
  play: async () => {
    await fillValid();
    await submit();
  },
};

/** While the account is created: the button is busy. */
export const Creating: Story = {
  ...page({ 'POST /api/register': pending }),
  play: async () => {
    await fillValid();
    await submit();
  },
};
