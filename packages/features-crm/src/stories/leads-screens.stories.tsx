import type { Meta, StoryObj } from '@storybook/react-vite';
import { screen, userEvent, within } from 'storybook/test';
import { CRM_MESSAGES } from '@ledgerleaf/domain';
import { invalid, ok, pending, screenStory, serverError, type StoryApi } from '@ledgerleaf/storybook-harness';
import { importPreview, lead, page } from '../test/fixtures';
import { LeadsPage } from '../leads/leads-page';
import { LeadCreatePage, LeadEditPage } from '../leads/lead-form-page';
import { configAnswers, leadAnswer, leadsAnswer } from './canned';

const meta = { title: 'CRM/Screens/Leads', parameters: { layout: 'fullscreen' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const list = (api: StoryApi, route = '/crm/leads') =>
  screenStory(<LeadsPage />, { path: '/crm/leads', route, api: { ...configAnswers, ...api } });
const editor = (api: StoryApi = {}) =>
  screenStory(<LeadEditPage />, {
    path: '/crm/leads/:id/edit',
    route: '/crm/leads/1/edit',
    api: { ...configAnswers, 'GET /api/crm/leads/1': leadAnswer, ...api },
  });

export const List: Story = list({ 'GET /api/crm/leads': leadsAnswer });
export const ListLoading: Story = list({ 'GET /api/crm/leads': pending });
export const ListEmpty: Story = list({ 'GET /api/crm/leads': ok(page([])) });
export const ListNoMatches: Story = list({ 'GET /api/crm/leads': ok(page([])) }, '/crm/leads?status=unqualified');
export const ListError: Story = list({ 'GET /api/crm/leads': serverError });

/** Two leads selected: the bulk actions, and the delete confirmation. */
export const BulkDelete: Story = {
  ...list({ 'GET /api/crm/leads': leadsAnswer }),
  play: async () => {
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Ada Lovelace' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Bolt Inc' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
  },
};

/** The import preview with a row's errors (Import stays disabled). */
export const ImportPreviewErrors: Story = {
  ...list({ 'GET /api/crm/leads': leadsAnswer, 'POST /api/crm/leads/import/preview': ok(importPreview()) }),
  play: async () => {
    await userEvent.click((await screen.findAllByRole('button', { name: 'Import CSV' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Import leads from CSV' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Paste CSV text' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'CSV text' }), 'person_name,email');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
  },
};

export const Create: Story = screenStory(<LeadCreatePage />, { path: '/crm/leads/create', api: configAnswers });
export const CreateValidationErrors: Story = {
  ...Create,
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Create lead' }));
  },
};
export const CreateServerErrors: Story = {
  ...screenStory(<LeadCreatePage />, {
    path: '/crm/leads/create',
    api: { ...configAnswers, 'POST /api/crm/leads': invalid({ email: [CRM_MESSAGES.duplicateEmailInBusiness] }) },
  }),
  play: async () => {
    await userEvent.type(await screen.findByRole('textbox', { name: "Person's name" }), 'Ada');
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@analytical.test');
    await userEvent.click(screen.getByRole('button', { name: 'Create lead' }));
  },
};

export const Edit: Story = editor();
export const EditLoading: Story = editor({ 'GET /api/crm/leads/1': pending });
export const EditError: Story = editor({ 'GET /api/crm/leads/1': serverError });
export const EditNotFound: Story = editor({
  'GET /api/crm/leads/1': { status: 404, body: { message: CRM_MESSAGES.leadNotFound } },
});
export const Converted: Story = editor({
  'GET /api/crm/leads/1': ok({
    data: lead({
      status: 'converted',
      read_only: true,
      conversion: {
        converted_at: '2026-11-21T10:00:00Z',
        converted_by_user_id: 1,
        client_id: 5,
        client_name: 'Analytical Ltd',
        opportunity_id: 11,
        opportunity_title: 'Analytical Ltd',
      },
    }),
  }),
});

/** The Convert dialog offering the client with the same email. */
export const ConvertWithMatch: Story = {
  ...editor({
    'GET /api/crm/leads/1/client-matches': ok({
      data: [{ id: 5, name: 'Analytical Ltd', email: 'ada@analytical.test', matched_on: 'email' }],
    }),
  }),
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Convert' }));
  },
};
