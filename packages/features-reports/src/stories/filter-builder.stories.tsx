import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { DYNAMIC_MESSAGES, type DynamicSource, type FieldErrors } from '@ledgerleaf/domain';
import { screenStory } from '@ledgerleaf/storybook-harness';
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

const story = (source: DynamicSource, initial: Definition['filters'], errors?: FieldErrors): Story =>
  screenStory(<Stateful source={source} initial={initial} {...(errors ? { errors } : {})} />, {
    path: '/dynamic-reports',
    api: {},
  });

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
