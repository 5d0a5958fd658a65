import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  AGGREGATES,
  AGGREGATE_LABELS,
  DATE_PARTS,
  DATE_PART_LABELS,
  DYNAMIC_CHARTS,
  DYNAMIC_SOURCES,
  DYNAMIC_SOURCE_LABELS,
  aggregatesFor,
  type Aggregate,
  type DatePart,
  type DynamicSource,
  type FieldErrors,
} from '@ledgerleaf/domain';
import { fieldOf, fieldsOf, newDefinition, type Definition, type GroupBy } from './definition';
import { FilterBuilder } from './filter-builder';

export interface DynamicBuilderProps {
  definition: Definition;
  errors?: FieldErrors | null;
  onChange: (definition: Definition) => void;
}

const CHART_LABELS: Record<(typeof DYNAMIC_CHARTS)[number], string> = {
  table: 'Table',
  bar: 'Bar',
  line: 'Line',
  pie: 'Pie',
};

const first = (errors: FieldErrors | null | undefined, key: string) => errors?.[key]?.[0];

/**
 * The dynamic report builder: the data source, the columns (its fields and its obvious joins'), the
 * filters, the sort, a group-by (dates by day, week, month, quarter or year) with count, sum,
 * average, minimum and maximum (a text field is counted; a date has a count, its earliest and its
 * latest, shown as dates), and the chart (or a table only). Every change goes to `onChange`, which
 * keeps it in the URL.
 */
export function DynamicBuilder({ definition, errors, onChange }: DynamicBuilderProps) {
  const fields = fieldsOf(definition.source);
  const group = definition.group_by ?? null;
  const groupField = fieldOf(definition.source, group?.field);
  const setGroup = (next: GroupBy | null) => onChange({ ...definition, group_by: next });
  // What a figure is of when its field has no such figure: the source's total or amount, else its
  // first field that has it (a minimum of activities: their first date).
  const preferredFor = (fn: Aggregate) =>
    fields.find(
      (field) => (field.key === 'total' || field.key === 'amount') && aggregatesFor(field.type).includes(fn),
    ) ?? fields.find((field) => aggregatesFor(field.type).includes(fn));
  const preferred = preferredFor('sum');
  // The figures the source has at all (a source of text and dates only has no sum).
  const sourceFns = AGGREGATES.filter((fn) => preferredFor(fn));
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NativeSelect
          label="Data source"
          data={DYNAMIC_SOURCES.map((source) => ({ value: source, label: DYNAMIC_SOURCE_LABELS[source] }))}
          value={definition.source}
          onChange={(event) =>
            onChange({ ...newDefinition(event.currentTarget.value as DynamicSource), chart: definition.chart })
          }
        />
        <div>
          <Text size="sm" fw={500} mb={4} id="dynamic-chart-label">
            Chart
          </Text>
          <SegmentedControl
            aria-labelledby="dynamic-chart-label"
            data={DYNAMIC_CHARTS.map((chart) => ({ value: chart, label: CHART_LABELS[chart] }))}
            value={definition.chart}
            onChange={(value) => onChange({ ...definition, chart: value as Definition['chart'] })}
          />
        </div>
      </SimpleGrid>

      {group ? (
        <Text size="sm" c="dimmed">
          Grouped: each row is a group with its figures (the columns below apply without a group-by).
        </Text>
      ) : (
        <Checkbox.Group
          label="Columns"
          value={definition.columns}
          error={first(errors, 'columns')}
          onChange={(columns) =>
            // In the source's order, whatever the order of the clicks.
            onChange({
              ...definition,
              columns: fields.map((field) => field.key).filter((key) => columns.includes(key)),
            })
          }
        >
          <Group gap="md" mt={6} wrap="wrap">
            {fields.map((field) => (
              <Checkbox key={field.key} value={field.key} label={field.label} />
            ))}
          </Group>
        </Checkbox.Group>
      )}

      <FilterBuilder
        source={definition.source}
        filters={definition.filters}
        errors={errors}
        onChange={(filters) => onChange({ ...definition, filters })}
      />

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <NativeSelect
            label={group ? 'Sort the groups' : 'Sort by'}
            data={
              group
                ? [{ value: group.field, label: groupField?.label ?? group.field }]
                : [
                    { value: '', label: 'As recorded' },
                    ...fields.map((field) => ({ value: field.key, label: field.label })),
                  ]
            }
            value={group ? group.field : (definition.sort?.field ?? '')}
            disabled={Boolean(group)}
            error={first(errors, 'sort.field')}
            onChange={(event) => {
              const key = event.currentTarget.value;
              onChange({
                ...definition,
                sort: key ? { field: key, direction: definition.sort?.direction ?? 'asc' } : null,
              });
            }}
            style={{ flex: 1 }}
          />
          <SegmentedControl
            aria-label="Sort direction"
            data={[
              { value: 'asc', label: 'Ascending' },
              { value: 'desc', label: 'Descending' },
            ]}
            value={definition.sort?.direction ?? 'asc'}
            disabled={!group && !definition.sort}
            onChange={(value) =>
              onChange({
                ...definition,
                sort: {
                  field: group ? group.field : (definition.sort?.field ?? fields[0]!.key),
                  direction: value === 'desc' ? 'desc' : 'asc',
                },
              })
            }
          />
        </Group>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <NativeSelect
            label="Group by"
            data={[
              { value: '', label: 'No grouping' },
              ...fields.map((field) => ({ value: field.key, label: field.label })),
            ]}
            value={group?.field ?? ''}
            error={first(errors, 'group_by.field')}
            onChange={(event) => {
              const key = event.currentTarget.value;
              const field = fieldOf(definition.source, key);
              if (!field) {
                onChange({ ...definition, group_by: null, sort: null });
                return;
              }
              onChange({
                ...definition,
                // A group's sort is its key's.
                sort: definition.sort ? { field: field.key, direction: definition.sort.direction } : null,
                group_by: {
                  field: field.key,
                  date_part: field.type === 'date' ? 'month' : null,
                  aggregates: group?.aggregates.filter(
                    (aggregate) => !aggregate.field || fieldOf(definition.source, aggregate.field),
                  ) ?? [{ fn: 'count', field: null }],
                },
              });
            }}
            style={{ flex: 1, minWidth: 150 }}
          />
          {group && groupField?.type === 'date' ? (
            <NativeSelect
              label="Dates by"
              data={DATE_PARTS.map((part) => ({ value: part, label: DATE_PART_LABELS[part] }))}
              value={group.date_part ?? 'day'}
              error={first(errors, 'group_by.date_part')}
              onChange={(event) => setGroup({ ...group, date_part: event.currentTarget.value as DatePart })}
              w={120}
            />
          ) : null}
        </Group>
      </SimpleGrid>

      {group ? (
        <Stack gap="xs" role="group" aria-label="Figures of each group">
          <Text size="sm" fw={500}>
            Figures of each group
          </Text>
          {group.aggregates.map((aggregate, index) => {
            const n = index + 1;
            const set = (next: GroupBy['aggregates'][number]) =>
              setGroup({ ...group, aggregates: group.aggregates.map((item, i) => (i === index ? next : item)) });
            const of = fieldOf(definition.source, aggregate.field);
            // A date offers only what a date has; a figure saved before that rule stays listed, marked, until changed.
            const fns = of?.type === 'date' ? aggregatesFor('date') : sourceFns;
            const shownFns = fns.includes(aggregate.fn) ? fns : [...fns, aggregate.fn];
            const fitting = fields.filter((field) => aggregatesFor(field.type).includes(aggregate.fn));
            const shownFields = of && !fitting.includes(of) ? [...fitting, of] : fitting;
            return (
              <Group key={index} gap="xs" align="flex-start" wrap="wrap">
                <NativeSelect
                  aria-label={`Figure ${n}`}
                  data={shownFns.map((fn) => ({ value: fn, label: AGGREGATE_LABELS[fn] }))}
                  value={aggregate.fn}
                  error={first(errors, `group_by.aggregates.${index}.fn`)}
                  onChange={(event) => {
                    const fn = event.currentTarget.value as Aggregate;
                    // A field that has no such figure (a text field summed) gives way to the one a figure most likely means.
                    const keeps = !of || aggregatesFor(of.type).includes(fn);
                    set({
                      fn,
                      field:
                        fn === 'count'
                          ? (aggregate.field ?? null)
                          : keeps && aggregate.field
                            ? aggregate.field
                            : (preferredFor(fn)?.key ?? null),
                    });
                  }}
                  w={140}
                />
                <NativeSelect
                  aria-label={`Figure ${n} of`}
                  data={[
                    ...(aggregate.fn === 'count' ? [{ value: '', label: 'Every record' }] : []),
                    ...shownFields.map((field) => ({
                      value: field.key,
                      label: field.label,
                    })),
                  ]}
                  value={aggregate.field ?? ''}
                  error={first(errors, `group_by.aggregates.${index}.field`)}
                  onChange={(event) => set({ ...aggregate, field: event.currentTarget.value || null })}
                  w={{ base: '100%', xs: 200 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`Remove figure ${n}`}
                  disabled={group.aggregates.length === 1}
                  onClick={() => setGroup({ ...group, aggregates: group.aggregates.filter((_, i) => i !== index) })}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            );
          })}
          {group.aggregates.length < 10 ? (
            <div>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={() =>
                  setGroup({
                    ...group,
                    aggregates: [
                      ...group.aggregates,
                      preferred ? { fn: 'sum', field: preferred.key } : { fn: 'count', field: null },
                    ],
                  })
                }
              >
                Add figure
              </Button>
            </div>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
