import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { DYNAMIC_MESSAGES, type DynamicSource, type FieldErrors } from '@ledgerleaf/domain';
import { ok, screenStory, serverError, type StoryApi } from '@ledgerleaf/storybook-harness';
import { FilterBuilder } from '../dynamic/filter-builder';
import type { Definition } from '../dynamic/definition';

const meta = {
  title: 'Reports/Filter builder',
  parameters: { layout: 'padded' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** The builder with its own state, inside the app's store (dates read the business's format). */
function Stateful({
  source,
  initial,
  errors,
}: {
  source: DynamicSource;
  initial: Definition['filters'];
  errors?: FieldErrors;
}) {
  const [filters, setFilters] = useState(initial);
  return <FilterBuilder source={source} filters={filters} errors={errors ?? null} onChange={setFilters} />;
}

const story = (
  source: DynamicSource,
  initial: Definition['filters'],
  errors?: FieldErrors,
  api: StoryApi = {},
): Story =>
  screenStory(<Stateful source={source} initial={initial} {...(errors ? { errors } : {})} />, {
    path: '/dynamic-reports',
    api,
  });

const choices = {
  'GET /api/dynamic-reports/choices': ok({
    data: {
      pipeline_stages: ['Lead in', 'Qualified', 'Proposal', 'Won', 'Lost'],
      lead_sources: ['Website', 'Referral', 'Trade fair'],
      lost_reasons: ['No budget', 'Went with a competitor'],
      activity_types: ['Call', 'Meeting', 'Email'],
    },
  }),
};

/** No conditions yet: every record of the source. */
export const Empty: Story = story('invoices', { match: 'all', conditions: [] });
/** The example: client contains "North" and total greater than 1,000 (match all). */
export const NorthOverAThousand: Story = story('invoices', {
  match: 'all',
  conditions: [
    { field: 'client_name', mode: 'contains', value: 'North' },
    { field: 'total', mode: 'gt', value: '1000' },
  ],
});
/** Several conditions on one field (a range of totals) and a date, combined by "match any". */
export const SeveralOnOneFieldMatchAny: Story = story('invoices', {
  match: 'any',
  conditions: [
    { field: 'total', mode: 'gte', value: '100' },
    { field: 'total', mode: 'lt', value: '1000' },
    { field: 'issue_date', mode: 'dateAfter', value: '2026-01-01' },
  ],
});
/** What the server would refuse, marked on the field: a number that does not parse. */
export const WithErrors: Story = story(
  'payments',
  { match: 'all', conditions: [{ field: 'amount', mode: 'gt', value: 'lots' }] },
  { 'filters.conditions.0.value': [DYNAMIC_MESSAGES.valueNumber] },
);
/** A status is picked from the labels people read ("Partially paid"), not typed as a code. */
export const StatusPicker: Story = story('invoices', {
  match: 'all',
  conditions: [{ field: 'status', mode: 'equals', value: 'partial' }],
});
/** A status filter not chosen yet: marked, as the server would refuse it. */
export const StatusNotChosen: Story = story(
  'payments',
  { match: 'all', conditions: [{ field: 'method', mode: 'equals', value: '' }] },
  { 'filters.conditions.0.value': [DYNAMIC_MESSAGES.valueChoice] },
);
/** A report saved with a free-text status filter before the pickers: its mode and text as saved. */
export const SavedFreeTextStatus: Story = story('invoices', {
  match: 'all',
  conditions: [{ field: 'status', mode: 'contains', value: 'part' }],
});
/** The business's own stages and sources, by name. */
export const StagePicker: Story = story(
  'opportunities',
  {
    match: 'any',
    conditions: [
      { field: 'stage_name', mode: 'equals', value: 'Proposal' },
      { field: 'source_name', mode: 'notEquals', value: 'Trade fair' },
    ],
  },
  undefined,
  choices,
);
/** The stages could not be read: the name is typed instead. */
export const StagePickerOffline: Story = story(
  'opportunities',
  { match: 'all', conditions: [{ field: 'stage_name', mode: 'equals', value: 'Proposal' }] },
  undefined,
  { 'GET /api/dynamic-reports/choices': serverError },
);
