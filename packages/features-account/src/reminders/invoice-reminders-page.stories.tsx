import type { Meta, StoryObj } from '@storybook/react-vite';
import { screen, userEvent } from 'storybook/test';
import { DEFAULT_REMINDER_STEPS } from '@ledgerleaf/domain';
import { ok, pending, screenStory, serverError, type StoryApi } from '@ledgerleaf/storybook-harness';
import { withRole } from '../stories/canned';
import { InvoiceRemindersPage } from './invoice-reminders-page';

const meta = {
  title: 'Account/Screens/Invoice reminders',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const page = (api: StoryApi, role = 'owner') =>
  screenStory(<InvoiceRemindersPage />, { path: '/settings/invoice-reminders', user: withRole(role), api });

/** The default schedule, all steps off. */
export const Default: Story = page({ 'GET /api/settings/invoice-reminders': ok({ data: DEFAULT_REMINDER_STEPS }) });
/** Reminders three days before, on the day and a week after. */
export const Configured: Story = page({
  'GET /api/settings/invoice-reminders': ok({
    data: [
      { offset_days: -3, enabled: true },
      { offset_days: 0, enabled: true },
      { offset_days: 7, enabled: true },
      { offset_days: 14, enabled: false },
    ],
  }),
});
export const Empty: Story = page({ 'GET /api/settings/invoice-reminders': ok({ data: [] }) });
export const Loading: Story = page({ 'GET /api/settings/invoice-reminders': pending });
export const LoadError: Story = page({ 'GET /api/settings/invoice-reminders': serverError });
export const ReadOnly: Story = page(
  { 'GET /api/settings/invoice-reminders': ok({ data: DEFAULT_REMINDER_STEPS }) },
  'accountant',
);

/** The same day twice: refused in the browser with the domain's message. */
export const ValidationErrors: Story = {
  ...page({ 'GET /api/settings/invoice-reminders': ok({ data: DEFAULT_REMINDER_STEPS }) }),
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Add reminder' }));
    const days = screen.getAllByRole('textbox', { name: /Days from the due date/ });
    await userEvent.type(days[days.length - 1]!, '7');
    await userEvent.click(screen.getByRole('button', { name: 'Save schedule' }));
  },
};
