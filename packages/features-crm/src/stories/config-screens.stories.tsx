import type { Meta, StoryObj } from '@storybook/react-vite';
import { screen, userEvent } from 'storybook/test';
import { ok, pending, screenStory, serverError, type StoryApi } from '@ledgerleaf/storybook-harness';
import { CrmSettingsPage } from '../config/crm-settings-page';
import { PipelineStagesPage } from '../config/pipeline-stages-page';
import { LeadSourcesPage } from '../config/lead-sources-page';
import { ActivityTypesPage } from '../config/activity-types-page';
import { configAnswers } from './canned';

const meta = { title: 'CRM/Screens/Configuration', parameters: { layout: 'fullscreen' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const at = (element: React.ReactElement, path: string, api: StoryApi = {}) =>
  screenStory(element, { path, api: { ...configAnswers, ...api } });

export const Settings: Story = at(<CrmSettingsPage />, '/crm/settings');
export const SettingsLoading: Story = at(<CrmSettingsPage />, '/crm/settings', { 'GET /api/crm/settings': pending });
export const SettingsError: Story = at(<CrmSettingsPage />, '/crm/settings', { 'GET /api/crm/settings': serverError });
export const SettingsNoChannel: Story = {
  ...Settings,
  play: async () => {
    await userEvent.click(await screen.findByRole('checkbox', { name: 'In the app' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
  },
};

export const Stages: Story = at(<PipelineStagesPage />, '/crm/pipeline-stages-management');
export const StagesLoading: Story = at(<PipelineStagesPage />, '/crm/pipeline-stages-management', {
  'GET /api/crm/pipeline-stages': pending,
});
export const StagesError: Story = at(<PipelineStagesPage />, '/crm/pipeline-stages-management', {
  'GET /api/crm/pipeline-stages': serverError,
});
/** Deleting a stage that holds opportunities asks where they go. */
export const StageDelete: Story = {
  ...Stages,
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Delete New' }));
  },
};
export const StageEdit: Story = {
  ...Stages,
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Proposal' }));
  },
};

export const Sources: Story = at(<LeadSourcesPage />, '/crm/lead-sources-management');
export const SourcesEmpty: Story = at(<LeadSourcesPage />, '/crm/lead-sources-management', {
  'GET /api/crm/lead-sources': ok({ data: [] }),
});
export const SourcesLoading: Story = at(<LeadSourcesPage />, '/crm/lead-sources-management', {
  'GET /api/crm/lead-sources': pending,
});
export const SourcesError: Story = at(<LeadSourcesPage />, '/crm/lead-sources-management', {
  'GET /api/crm/lead-sources': serverError,
});

export const ActivityTypes: Story = at(<ActivityTypesPage />, '/crm/activity-types');
export const ActivityTypesEmpty: Story = at(<ActivityTypesPage />, '/crm/activity-types', {
  'GET /api/crm/activity-types': ok({ data: [] }),
});
export const ActivityTypesLoading: Story = at(<ActivityTypesPage />, '/crm/activity-types', {
  'GET /api/crm/activity-types': pending,
});
export const ActivityTypesError: Story = at(<ActivityTypesPage />, '/crm/activity-types', {
  'GET /api/crm/activity-types': serverError,
});
