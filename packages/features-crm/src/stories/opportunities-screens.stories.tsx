import type { Meta, StoryObj } from '@storybook/react-vite';
import { screen, userEvent } from 'storybook/test';
import { CRM_MESSAGES } from '@ledgerleaf/domain';
import { ok, pending, screenStory, serverError, type StoryApi } from '@ledgerleaf/storybook-harness';
import { board, column, opportunity, page, stages } from '../test/fixtures';
import { OpportunitiesPage } from '../opportunities/opportunities-page';
import { OpportunityCreatePage, OpportunityEditPage } from '../opportunities/opportunity-form-page';
import { boardAnswer, configAnswers, opportunitiesAnswer, opportunityAnswer } from './canned';

const meta = { title: 'CRM/Screens/Opportunities', parameters: { layout: 'fullscreen' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const screenAt = (api: StoryApi, route = '/crm/opportunities') =>
  screenStory(<OpportunitiesPage />, { path: '/crm/opportunities', route, api: { ...configAnswers, ...api } });
const editor = (api: StoryApi = {}) =>
  screenStory(<OpportunityEditPage />, {
    path: '/crm/opportunities/:id/edit',
    route: '/crm/opportunities/11/edit',
    api: { ...configAnswers, 'GET /api/crm/opportunities/11': opportunityAnswer, ...api },
  });

export const Board: Story = screenAt({ 'GET /api/crm/board': boardAnswer });
export const BoardLoading: Story = screenAt({ 'GET /api/crm/board': pending });
export const BoardEmpty: Story = screenAt({
  'GET /api/crm/board': ok({ data: { columns: stages.map((stage) => column(stage, [])) } }),
});
export const BoardError: Story = screenAt({ 'GET /api/crm/board': serverError });
/** A long column: its first page and "Load more". */
export const BoardLoadMore: Story = screenAt({
  'GET /api/crm/board': ok({
    data: { columns: board().map((c, i) => (i === 0 ? { ...c, count: 2000, next_cursor: 'next' } : c)) },
  }),
});
/** A card moved to a lost stage: the lost reason is asked. */
export const BoardLostReason: Story = {
  ...screenAt({ 'GET /api/crm/board': boardAnswer }),
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Move Bakery website to' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Lost' }));
  },
};

export const List: Story = screenAt(
  { 'GET /api/crm/opportunities': opportunitiesAnswer },
  '/crm/opportunities?view=list',
);
export const ListEmpty: Story = screenAt(
  { 'GET /api/crm/opportunities': ok({ ...page([]), summary: { count: 0, total_amount: 0, weighted_amount: 0 } }) },
  '/crm/opportunities?view=list',
);
export const ListError: Story = screenAt({ 'GET /api/crm/opportunities': serverError }, '/crm/opportunities?view=list');

export const Create: Story = screenStory(<OpportunityCreatePage />, {
  path: '/crm/opportunities/create',
  api: configAnswers,
});
export const CreateValidationErrors: Story = {
  ...Create,
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Create opportunity' }));
  },
};
export const Edit: Story = editor();
export const EditLoading: Story = editor({ 'GET /api/crm/opportunities/11': pending });
export const EditError: Story = editor({ 'GET /api/crm/opportunities/11': serverError });
export const EditNotFound: Story = editor({
  'GET /api/crm/opportunities/11': { status: 404, body: { message: CRM_MESSAGES.opportunityNotFound } },
});
/** Won: Create estimate / Create invoice and the linked documents. */
export const Won: Story = editor({
  'GET /api/crm/opportunities/11': ok({
    data: opportunity({
      stage_id: 3,
      stage_name: 'Won',
      stage_type: 'won',
      probability: 100,
      weighted_amount: 1200,
      closed_at: '2026-11-22T10:00:00Z',
      documents: [
        {
          kind: 'invoice',
          id: 77,
          number: 'INV-0007',
          status: 'sent',
          total: 1200,
          paid: 400,
          issue_date: '2026-11-22',
        },
      ],
    }),
  }),
});
