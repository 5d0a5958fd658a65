import type { Meta, StoryObj } from '@storybook/react-vite';
import { screen, userEvent, within } from 'storybook/test';
import { GOAL_MESSAGES } from '@ledgerleaf/domain';
import { invalid, pending, screenStory, serverError, type StoryApi } from '@ledgerleaf/storybook-harness';
import { goalPage } from '../test/fixtures';
import { GoalCreatePage, GoalsPage } from '../goals/goals-page';
import { goalsAnswer } from './canned';

const meta = {
  title: 'Goals/Screens/Tracker',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const tracker = (api: StoryApi, route = '/goals') => screenStory(<GoalsPage />, { path: '/goals', route, api });
const create = (api: StoryApi = {}) =>
  screenStory(<GoalCreatePage />, { path: '/goals/create', api: { 'GET /api/goals': goalsAnswer(), ...api } });

export const Tracker: Story = tracker({ 'GET /api/goals': goalsAnswer() });
export const TrackerLoading: Story = tracker({ 'GET /api/goals': pending });
export const TrackerEmpty: Story = tracker({ 'GET /api/goals': { status: 200, body: goalPage([]) } });
/** A filter that matches nothing. */
export const TrackerNoMatches: Story = tracker(
  { 'GET /api/goals': { status: 200, body: goalPage([]) } },
  '/goals?status=paused',
);
export const TrackerError: Story = tracker({ 'GET /api/goals': serverError });

/** `/goals/create`: the tracker with the create modal open. */
export const CreateGoal: Story = create();

/** Creating with nothing filled in: the domain's messages in the modal. */
export const CreateGoalValidationErrors: Story = {
  ...create(),
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Create goal' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create goal' }));
  },
};

/** The server's 422 under its field. */
export const CreateGoalServerErrors: Story = {
  ...create({ 'POST /api/goals': invalid({ target_date: [GOAL_MESSAGES.targetDateBeforeStart] }) }),
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Create goal' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'Studio rent buffer');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Target amount/ }), '3000');
    await userEvent.type(within(dialog).getByLabelText(/^Target date/), '2027-06-30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create goal' }));
  },
};

/** Editing from a card's menu. */
export const EditGoal: Story = {
  ...tracker({ 'GET /api/goals': goalsAnswer() }),
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Rent reserve' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
  },
};
