import type { Meta, StoryObj } from '@storybook/react-vite';
import { ok, pending, screenStory, serverError, type StoryApi } from '@ledgerleaf/storybook-harness';
import { DashboardPage } from '../dashboard-page';
import {
  activityFixture,
  crmFixture,
  goalsFixture,
  leadsFixture,
  newBusinessSummary,
  pipelineFixture,
  revenueFixture,
  summaryFixture,
} from '../test/fixtures';

const meta = { title: 'Dashboard/Screens/Dashboard', parameters: { layout: 'fullscreen' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const answers: StoryApi = {
  'GET /api/dashboard/summary': ok(summaryFixture),
  'GET /api/dashboard/revenue-data': ok(revenueFixture),
  'GET /api/goals': ok(goalsFixture),
  'GET /api/dashboard/crm-overview': ok(crmFixture),
  'GET /api/dashboard/crm-pipeline': ok(pipelineFixture),
  'GET /api/dashboard/recent-activity': ok(activityFixture),
  'GET /api/dashboard/lead-analytics': ok(leadsFixture),
};

const at = (api: StoryApi = {}) => screenStory(<DashboardPage />, { path: '/dashboard', api: { ...answers, ...api } });

/** The demo business: every figure. */
export const Loaded: Story = at();
/** The four KPI skeletons while the summary loads. */
export const Loading: Story = at({ 'GET /api/dashboard/summary': pending });
/** A new business: the welcome banner. */
export const NewBusiness: Story = at({ 'GET /api/dashboard/summary': ok(newBusinessSummary) });
/** The staged load failed: the Dashboard Error box. */
export const LoadError: Story = at({ 'GET /api/dashboard/summary': serverError });
/** Widgets failing: their yellow fallbacks. */
export const WidgetErrors: Story = at({
  'GET /api/dashboard/revenue-data': serverError,
  'GET /api/goals': serverError,
  'GET /api/dashboard/crm-pipeline': serverError,
  'GET /api/dashboard/lead-analytics': serverError,
  'GET /api/dashboard/recent-activity': serverError,
});
/** Last month had no revenue: the trend says New. */
export const NewTrend: Story = at({ 'GET /api/dashboard/summary': ok({ ...summaryFixture, revenueTrend: null }) });
