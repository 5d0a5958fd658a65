import type { Meta, StoryObj } from '@storybook/react-vite';
import { screen, userEvent } from 'storybook/test';
import {
  ACCOUNT_MESSAGES,
  DEFAULT_EMAIL_TEMPLATES,
  EMAIL_PLACEHOLDERS,
  EMAIL_TEMPLATE_KEYS,
  EMAIL_TEMPLATE_LABELS,
  type EmailTemplateView,
} from '@ledgerleaf/domain';
import { invalid, ok, pending, screenStory, serverError, type StoryApi } from '@ledgerleaf/storybook-harness';
import { withRole } from '../stories/canned';
import { EmailTemplatesPage } from './email-templates-page';

const meta = {
  title: 'Account/Screens/Email templates',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every template at its default, as the server lists them; the reminder customised. */
const templates: EmailTemplateView[] = EMAIL_TEMPLATE_KEYS.map((key) => ({
  key,
  label: EMAIL_TEMPLATE_LABELS[key],
  ...DEFAULT_EMAIL_TEMPLATES[key],
  ...(key === 'reminder'
    ? {
        subject: 'Friendly reminder: invoice {{invoice_number}} is due',
        body: 'Hi {{client_name}},\n\nJust a nudge: {{balance_due}} is due on {{due_date}}.\n\nThanks!',
      }
    : {}),
  is_default: key !== 'reminder',
  placeholders: [...EMAIL_PLACEHOLDERS[key]],
}));

const page = (api: StoryApi, role = 'owner') =>
  screenStory(<EmailTemplatesPage />, {
    path: '/user/settings/email-templates',
    user: withRole(role),
    api: { 'GET /api/email-templates': ok({ data: templates }), ...api },
  });

/** The invoice email (first) with its live preview and the placeholders to insert. */
export const Default: Story = page({});
/** A customised template: "Reset to default" is offered. */
export const Customised: Story = {
  ...page({}),
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: /^Payment reminder/ }));
  },
};
export const Loading: Story = page({ 'GET /api/email-templates': pending });
export const LoadError: Story = page({ 'GET /api/email-templates': serverError });
export const ReadOnly: Story = page({}, 'accountant');

/** A placeholder this email does not have, and an empty subject: refused in the browser. */
export const ValidationErrors: Story = {
  ...page({}),
  play: async () => {
    await userEvent.clear(await screen.findByRole('textbox', { name: 'Subject' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), ' {{{{estimate_number}}');
    await userEvent.click(screen.getByRole('button', { name: 'Save template' }));
  },
};

/** The server's 422 under the subject. */
export const ServerErrors: Story = {
  ...page({ 'PUT /api/email-templates/invoice': invalid({ subject: [ACCOUNT_MESSAGES.subjectOneLine] }) }),
  play: async () => {
    await userEvent.type(await screen.findByRole('textbox', { name: 'Subject' }), ' (updated)');
    await userEvent.click(screen.getByRole('button', { name: 'Save template' }));
  },
};
