import type { Meta, StoryObj } from '@storybook/react-vite';
import { ok, pending, screenStory, serverError, type StoryApi } from '@ledgerleaf/storybook-harness';
import { page } from '../test/fixtures';
import { RemindersPage } from '../reminders/reminders-page';
import { Client360Page } from '../client360/client-360-page';
import { client360Answer, configAnswers, remindersAnswer } from './canned';

const meta = { title: 'CRM/Screens/Reminders and client 360', parameters: { layout: 'fullscreen' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const reminders = (api: StoryApi, route = '/crm/reminders') =>
  screenStory(<RemindersPage />, { path: '/crm/reminders', route, api: { ...configAnswers, ...api } });
const c360 = (api: StoryApi, route = '/crm/client-360?client=5') =>
  screenStory(<Client360Page />, { path: '/crm/client-360', route, api: { ...configAnswers, ...api } });

export const Reminders: Story = reminders({ 'GET /api/crm/reminders': remindersAnswer });
export const RemindersEveryone: Story = reminders(
  { 'GET /api/crm/reminders': remindersAnswer },
  '/crm/reminders?scope=everyone',
);
export const RemindersLoading: Story = reminders({ 'GET /api/crm/reminders': pending });
export const RemindersEmpty: Story = reminders({
  'GET /api/crm/reminders': ok({ ...page([]), counts: { overdue: 0, today: 0, upcoming: 0 } }),
});
export const RemindersError: Story = reminders({ 'GET /api/crm/reminders': serverError });

export const Client360: Story = c360({ 'GET /api/crm/client-360/5': client360Answer });
export const Client360Pick: Story = c360({}, '/crm/client-360');
export const Client360Loading: Story = c360({ 'GET /api/crm/client-360/5': pending });
export const Client360Error: Story = c360({ 'GET /api/crm/client-360/5': serverError });
export const Client360NotFound: Story = c360({
  'GET /api/crm/client-360/5': { status: 404, body: { message: 'Client not found.' } },
});
