import type { Meta, StoryObj } from '@storybook/react-vite';
import { ok, pending, screenStory, serverError, type StoryApi } from '@ledgerleaf/storybook-harness';
import { CalendarPage } from '../calendar/calendar-page';
import { activityEvent, calendarEvent, eventsAnswer, feedOff, feedOn, TODAY } from '../test/fixtures';

const meta = { title: 'Calendar/Screens/Calendar', parameters: { layout: 'fullscreen' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const people = { 'GET /api/calendar/people': ok({ data: [{ id: 1, name: 'Olive Owner' }] }) };
const calendar = (api: StoryApi) =>
  screenStory(<CalendarPage />, {
    path: '/calendar',
    route: '/calendar',
    api: { 'GET /api/calendar/feed': ok(feedOff), ...people, ...api },
  });

const many = eventsAnswer([
  calendarEvent(),
  calendarEvent({ id: 'invoice_due-2', title: 'INV-2030-0002 due · Blue Cedar', overdue: true, status: 'overdue' }),
  calendarEvent({ id: 'invoice_due-3', title: 'INV-2030-0003 due · Harbor Co', status: 'paid' }),
  calendarEvent({
    id: 'recurring_run-4-x',
    kind: 'recurring_run',
    title: 'Recurring invoice · Maple',
    record: { type: 'recurring_invoice', id: 4 },
  }),
  calendarEvent({ id: 'goal_target-5', kind: 'goal_target', title: 'Goal target: New van', start: TODAY }),
  activityEvent,
]);

export const Month: Story = calendar({ 'GET /api/calendar/events': ok(many) });
export const Loading: Story = calendar({ 'GET /api/calendar/events': pending });
export const Empty: Story = calendar({ 'GET /api/calendar/events': ok(eventsAnswer([])) });
export const LoadFailed: Story = calendar({ 'GET /api/calendar/events': serverError });
export const FeedOn: Story = calendar({
  'GET /api/calendar/events': ok(many),
  'GET /api/calendar/feed': ok(feedOn()),
});
export const FeedJustMade: Story = calendar({
  'GET /api/calendar/events': ok(many),
  'GET /api/calendar/feed': ok(feedOff),
  'PUT /api/calendar/feed': ok(
    feedOn('http://localhost:3000/api/calendar/feeds/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG.ics'),
  ),
});
export const FeedFailed: Story = calendar({
  'GET /api/calendar/events': ok(many),
  'GET /api/calendar/feed': serverError,
});
