import type { Meta, StoryObj } from '@storybook/react-vite';
import { screen, userEvent, within } from 'storybook/test';
import { ESTIMATE_MESSAGES, type EstimateListItem, type EstimatePage } from '@ledgerleaf/domain';
import { fail, ok, pending, screenStory, serverError, type StoryApi } from '@ledgerleaf/storybook-harness';
import { editorApi, estimateDetail, publicEstimateOf } from '../stories/canned';
import { EstimateDetailPage } from './estimate-detail-page';
import { EstimateCreatePage } from './estimate-editor';
import { EstimatesPage } from './estimates-page';
import { PublicEstimatePage } from './public-estimate-page';

const meta = {
  title: 'Invoicing/Screens/Estimates',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const item = (overrides: Partial<EstimateListItem>): EstimateListItem => ({
  id: 5,
  estimate_number: 'EST-2026-0005',
  status: 'sent',
  client: { id: 1, name: 'Acme Corp' },
  issue_date: '2026-11-01',
  expiry_date: '2026-12-01',
  total: 1034.31,
  invoice_id: null,
  created_at: '2026-11-01T10:00:00Z',
  ...overrides,
});

const estimatePage = (data: EstimateListItem[]): EstimatePage => ({
  data,
  meta: { page: 1, per_page: 25, total: data.length, last_page: 1 },
});

const estimates = [
  item({}),
  item({
    id: 6,
    estimate_number: 'EST-2026-0006',
    status: 'viewed',
    client: { id: 2, name: 'Birch Studio' },
    total: 2400,
  }),
  item({
    id: 7,
    estimate_number: 'EST-2026-0007',
    status: 'accepted',
    client: { id: 3, name: 'Cedar & Co' },
    total: 5600,
  }),
  item({
    id: 8,
    estimate_number: 'EST-2026-0008',
    status: 'converted',
    client: { id: 1, name: 'Acme Corp' },
    total: 890,
    invoice_id: 21,
  }),
  item({
    id: 9,
    estimate_number: 'EST-2026-0009',
    status: 'declined',
    client: { id: 4, name: 'Delta Freight' },
    total: 12500,
  }),
  item({
    id: 10,
    estimate_number: 'EST-2026-0004',
    status: 'expired',
    client: { id: 2, name: 'Birch Studio' },
    expiry_date: '2026-10-01',
    total: 300,
  }),
  item({ id: 11, estimate_number: null, status: 'draft', client: { id: 3, name: 'Cedar & Co' }, total: 120 }),
];

// The list.
const list = (api: StoryApi, route = '/estimates') =>
  screenStory(<EstimatesPage />, { path: '/estimates', route, api });

export const List: Story = list({ 'GET /api/estimates': ok(estimatePage(estimates)) });
export const ListLoading: Story = list({ 'GET /api/estimates': pending });
export const ListEmpty: Story = list({ 'GET /api/estimates': ok(estimatePage([])) });
export const ListNoMatches: Story = list({ 'GET /api/estimates': ok(estimatePage([])) }, '/estimates?search=zeppelin');
export const ListError: Story = list({ 'GET /api/estimates': serverError });

// The detail page, one story per status that changes what it offers.
const detail = (api: StoryApi, route = '/estimates/5') =>
  screenStory(<EstimateDetailPage />, { path: '/estimates/:id', route, api: { ...editorApi, ...api } });
const answer = (overrides: Parameters<typeof estimateDetail>[0]) => ({
  'GET /api/estimates/5': ok({ data: estimateDetail(overrides) }),
});

export const DetailSent: Story = detail(answer({}));
export const DetailDraft: Story = detail(
  answer({ status: 'draft', estimate_number: null, sent_at: null, public_url: null, activity: [] }),
);
export const DetailAccepted: Story = detail(
  answer({
    status: 'accepted',
    viewed_at: '2026-11-02T08:12:00Z',
    accepted_at: '2026-11-03T10:00:00Z',
    accepted_by: 'Wile E. Coyote',
    activity: [
      {
        id: 4,
        event: 'estimate.accepted',
        user_id: null,
        data: { name: 'Wile E. Coyote' },
        created_at: '2026-11-03T10:00:00Z',
      },
      { id: 3, event: 'estimate.viewed', user_id: null, data: {}, created_at: '2026-11-02T08:12:00Z' },
      ...estimateDetail().activity,
    ],
  }),
);
export const DetailDeclined: Story = detail(
  answer({
    status: 'declined',
    declined_at: '2026-11-03T10:00:00Z',
    decline_reason: 'Over our budget for this quarter.',
  }),
);
export const DetailConverted: Story = detail(
  answer({
    status: 'converted',
    accepted_at: '2026-11-03T10:00:00Z',
    accepted_by: 'Wile E. Coyote',
    converted_at: '2026-11-04T09:00:00Z',
    invoice_id: 21,
    invoice_number: 'INV-2026-0021',
  }),
);
/** Convert asks first (the confirmation dialog open). */
export const DetailConvertConfirm: Story = {
  ...detail(answer({ status: 'accepted', accepted_at: '2026-11-03T10:00:00Z', accepted_by: 'Wile E. Coyote' })),
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Convert to invoice' }));
  },
};
/** Send again: the send modal, worded for an estimate. */
export const DetailSendModal: Story = {
  ...detail(answer({})),
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: /^Send/ }));
    await within(await screen.findByRole('dialog')).findByLabelText(/^To/);
  },
};
export const DetailLoading: Story = detail({ 'GET /api/estimates/5': pending });
export const DetailNotFound: Story = detail({ 'GET /api/estimates/5': fail(404, ESTIMATE_MESSAGES.notFound) });
export const DetailLoadError: Story = detail({ 'GET /api/estimates/5': serverError });

// The editor: the invoice editor with an expiry date.
export const Create: Story = screenStory(<EstimateCreatePage />, { path: '/estimates/create-new', api: editorApi });
export const Edit: Story = detail(
  answer({ status: 'draft', estimate_number: null, sent_at: null }),
  '/estimates/5?edit=1',
);

// The public page `/e/:token`, signed out.
const publicPage = (api: StoryApi, token = 'tok') =>
  screenStory(<PublicEstimatePage />, { path: '/e/:token', route: `/e/${token}`, user: null, api });
const publicAnswer = (overrides: Parameters<typeof estimateDetail>[0] = {}) => ({
  'GET /api/public/estimates/tok': ok({ data: publicEstimateOf(estimateDetail(overrides)) }),
});

/** Waiting for the client's answer: Accept and Decline. */
export const PublicOpen: Story = publicPage(publicAnswer({ status: 'viewed' }));
/** Accept asks for the client's name. */
export const PublicAcceptModal: Story = {
  ...publicPage(publicAnswer({ status: 'viewed' })),
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
  },
};
export const PublicDeclineModal: Story = {
  ...publicPage(publicAnswer({ status: 'viewed' })),
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
  },
};
export const PublicAccepted: Story = publicPage(
  publicAnswer({ status: 'accepted', accepted_at: '2026-11-03T10:00:00Z', accepted_by: 'Wile E. Coyote' }),
);
export const PublicDeclined: Story = publicPage(
  publicAnswer({ status: 'declined', declined_at: '2026-11-03T10:00:00Z' }),
);
export const PublicExpired: Story = publicPage(publicAnswer({ status: 'expired', expiry_date: '2026-10-01' }));
export const PublicLoading: Story = publicPage({ 'GET /api/public/estimates/tok': pending });
export const PublicNotFound: Story = publicPage(
  { 'GET /api/public/estimates/nope': fail(404, 'Estimate not found.') },
  'nope',
);
