import type { Meta, StoryObj } from '@storybook/react-vite';
import { screen, userEvent, within } from 'storybook/test';
import { ACCOUNT_MESSAGES } from '@ledgerleaf/domain';
import { invalid, ok, pending, screenStory, serverError, type StoryApi } from '@ledgerleaf/storybook-harness';
import { withRole } from '../stories/canned';
import { profile } from '../test/fixtures';
import { ProfilePage } from './profile-page';

const meta = {
  title: 'Account/Screens/Profile',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const page = (api: StoryApi, role = 'owner') =>
  screenStory(<ProfilePage />, { path: '/profile', api, user: withRole(role) });
const loaded = { 'GET /api/profile': ok({ data: profile() }) };

/** The owner: details, avatar and logo, password and sessions, export, delete account. */
export const Owner: Story = page(loaded);
/** A member: no export, the logo is read-only. */
export const Member: Story = page(
  {
    'GET /api/profile': ok({
      data: profile({ name: 'Mona Mate', email: 'mona@olive.test', role: 'member', roles: [{ name: 'member' }] }),
    }),
  },
  'member',
);
export const Loading: Story = page({ 'GET /api/profile': pending });
export const LoadError: Story = page({ 'GET /api/profile': serverError });

/** A bad phone number and a mismatched new password: the domain's messages, nothing sent. */
export const ValidationErrors: Story = {
  ...page(loaded),
  play: async () => {
    const phone = await screen.findByRole('textbox', { name: /Phone number/ });
    await userEvent.clear(phone);
    await userEvent.type(phone, '123');
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    await userEvent.type(screen.getByLabelText(/^New password/), 'a long new secret');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'something else');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  },
};

/** The server refuses the current password (422) and the email (taken). */
export const ServerErrors: Story = {
  ...page({
    ...loaded,
    'PUT /api/profile': invalid({ email: [ACCOUNT_MESSAGES.emailTaken] }),
    'POST /api/profile/password': invalid({ current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] }),
  }),
  play: async () => {
    const email = await screen.findByRole('textbox', { name: /Email address/ });
    await userEvent.clear(email);
    await userEvent.type(email, 'mona@olive.test');
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    const passwords = screen.getByRole('region', { name: 'Password and sessions' });
    await userEvent.type(within(passwords).getByLabelText(/^Current password/), 'wrong one');
    await userEvent.type(within(passwords).getByLabelText(/^New password/), 'a long new secret');
    await userEvent.type(within(passwords).getByLabelText(/^Confirm new password/), 'a long new secret');
    await userEvent.click(within(passwords).getByRole('button', { name: 'Change password' }));
  },
};

/** Deleting the account asks once more (the confirmation dialog open). */
export const DeleteConfirm: Story = {
  ...page(loaded),
  play: async () => {
    const card = await screen.findByRole('region', { name: 'Delete account' });
    await userEvent.type(within(card).getByLabelText(/^Current password/), 'correct horse battery');
    await userEvent.type(within(card).getByRole('textbox', { name: /Type DELETE to confirm/ }), 'DELETE');
    await userEvent.click(within(card).getByRole('button', { name: 'Delete my account' }));
  },
};

/** Deleting without typing DELETE. */
export const DeleteValidationErrors: Story = {
  ...page(loaded),
  play: async () => {
    const card = await screen.findByRole('region', { name: 'Delete account' });
    await userEvent.click(within(card).getByRole('button', { name: 'Delete my account' }));
  },
};
