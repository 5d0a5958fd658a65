import type { Meta, StoryObj } from '@storybook/react-vite';
import { screen, userEvent, within } from 'storybook/test';
import { ACCOUNT_MESSAGES, type TeamMember, type TeamResponse } from '@ledgerleaf/domain';
import { invalid, ok, pending, screenStory, serverError, type StoryApi } from '@ledgerleaf/storybook-harness';
import { withRole } from '../stories/canned';
import { RolesPage } from './roles-page';

const meta = {
  title: 'Account/Screens/Team and roles',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const member = (overrides: Partial<TeamMember>): TeamMember => ({
  id: 1,
  name: 'Olive Owner',
  email: 'olive@olive.test',
  role: 'owner',
  avatar_path: null,
  created_at: '2026-01-10T10:00:00Z',
  is_you: true,
  ...overrides,
});
const team: TeamResponse = {
  members: [
    member({}),
    member({
      id: 2,
      name: 'Adam Admin',
      email: 'adam@olive.test',
      role: 'admin',
      is_you: false,
      created_at: '2026-03-02T10:00:00Z',
    }),
    member({
      id: 3,
      name: 'Mona Mate',
      email: 'mona@olive.test',
      role: 'member',
      is_you: false,
      created_at: '2026-05-20T10:00:00Z',
    }),
    member({
      id: 4,
      name: 'Cal Counter',
      email: 'cal@books.test',
      role: 'accountant',
      is_you: false,
      created_at: '2026-09-01T10:00:00Z',
    }),
  ],
  invitations: [
    {
      id: 5,
      email: 'newhire@olive.test',
      role: 'member',
      expires_at: '2026-11-29T10:00:00Z',
      created_at: '2026-11-22T10:00:00Z',
    },
  ],
};

const page = (api: StoryApi, role = 'owner') =>
  screenStory(<RolesPage />, { path: '/admin/roles', user: withRole(role), api });

export const Team: Story = page({ 'GET /api/team': ok(team) });
/** Only the owner, no invitation. */
export const JustYou: Story = page({ 'GET /api/team': ok({ members: [member({})], invitations: [] }) });
export const Loading: Story = page({ 'GET /api/team': pending });
export const LoadError: Story = page({ 'GET /api/team': serverError });
/** A member is refused the page (the server refuses their calls too). */
export const NotAnAdmin: Story = page({}, 'member');

/** Changing a role asks first. */
export const ChangeRoleConfirm: Story = {
  ...page({ 'GET /api/team': ok(team) }),
  play: async () => {
    await userEvent.click(await screen.findByRole('combobox', { name: 'Role of Mona Mate' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Accountant (read-only)' }));
  },
};

/** The invite dialog. */
export const InviteDialog: Story = {
  ...page({ 'GET /api/team': ok(team) }),
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Invite member' }));
  },
};

/** The server refuses the invited address (422 under the field). */
export const InviteServerErrors: Story = {
  ...page({
    'GET /api/team': ok(team),
    'POST /api/team/invitations': invalid({ email: [ACCOUNT_MESSAGES.emailUsedElsewhere] }),
  }),
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a team member' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Email address/ }), 'dana@whitfield.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
  },
};
