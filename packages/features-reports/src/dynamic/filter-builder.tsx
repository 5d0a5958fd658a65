import { ActionIcon, Button, Group, NativeSelect, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  CHOICE_MODES,
  MATCH_MODE_LABELS,
  isChoiceField,
  modesForField,
  type DynamicField,
  type DynamicSource,
  type FieldErrors,
  type MatchMode,
} from '@ledgerleaf/domain';
import { useDateFormat } from '@ledgerleaf/api';
import { useGetDynamicChoicesQuery } from '@ledgerleaf/api/reports';
import { DateField } from '@ledgerleaf/ui';
import { fieldOf, fieldsOf, newCondition, type Condition, type Definition } from './definition';

export interface FilterBuilderProps {
  source: DynamicSource;
  filters: Definition['filters'];
  /** What the server would refuse, keyed as its 422 answer (`filters.conditions.0.value`). */
  errors?: FieldErrors | null;
  onChange: (filters: Definition['filters']) => void;
}

const first = (errors: FieldErrors | null | undefined, key: string) => errors?.[key]?.[0];

const isPicked = (mode: string) => (CHOICE_MODES as readonly string[]).includes(mode);

/** The words of a picker that has nothing chosen yet. */
const PICK_PROMPT: Record<string, string> = {
  pipeline_stages: 'Choose a stage',
  lead_sources: 'Choose a source',
  lost_reasons: 'Choose a reason',
  activity_types: 'Choose a type',
};

/**
 * A picker of a field's values: the labels of a fixed set (the value is its code) or the names of
 * the business's records. A value that is none of them (a report saved with free text before the
 * pickers, a record renamed since) stays, as itself, until another is picked; a label typed then
 * shows as that value. The business's names are read once; while they load the picker waits, and if
 * they cannot be read the value is typed.
 */
function ChoiceValue({
  field,
  value,
  label,
  error,
  onChange,
}: {
  field: DynamicField;
  value: string;
  label: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const records = useGetDynamicChoicesQuery(undefined, { skip: !field.records });
  const names = field.records ? records.data?.[field.records] : undefined;
  const width = { base: '100%', xs: 170 } as const;
  if (field.records && !names && records.isError)
    return (
      <TextInput
        aria-label={label}
        placeholder="Name"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        w={width}
      />
    );
  const options = field.options
    ? field.options.map((option) => ({ value: option.value, label: option.label }))
    : (names ?? []).map((name) => ({ value: name, label: name }));
  const lowered = value.trim().toLowerCase();
  const known =
    options.find((option) => option.value === value) ??
    options.find((option) => option.value.toLowerCase() === lowered || option.label.toLowerCase() === lowered);
  const prompt = field.records ? PICK_PROMPT[field.records] : `Choose a ${field.label.toLowerCase()}`;
  const loading = Boolean(field.records && !names);
  return (
    <NativeSelect
      aria-label={label}
      data={[
        { value: '', label: loading ? 'Loading…' : (prompt ?? 'Choose a value'), disabled: true },
        ...options,
        ...(known || !value ? [] : [{ value, label: `${value} (not one of the values)` }]),
      ]}
      value={known ? known.value : value}
      disabled={loading}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      w={width}
    />
  );
}

/**
 * The filters of a dynamic report: conditions of a field, a match mode that fits the field's type
 * (SPEC.md section 9: text starts with, contains, does not contain, ends with, equals, does not
 * equal; numbers and money equals, does not equal, less than, at most, greater than, at least; dates
 * on, not on, before, after) and a value, combined by "match all" or "match any". A field of fixed
 * values (a status, a method) or of the business's own records (a stage, a source) is picked from
 * its labels with equals or does not equal; a report saved with another text mode on it keeps that
 * mode (and a typed value) until it is changed. A field may have several conditions (a range: total
 * at least 100 and less than 1,000).
 */
export function FilterBuilder({ source, filters, errors, onChange }: FilterBuilderProps) {
  const { inputFormat } = useDateFormat();
  const fields = fieldsOf(source);
  const conditions = filters.conditions;
  const set = (index: number, next: Condition) =>
    onChange({ ...filters, conditions: conditions.map((condition, i) => (i === index ? next : condition)) });
  const remove = (index: number) => onChange({ ...filters, conditions: conditions.filter((_, i) => i !== index) });
  const add = (key?: string) => onChange({ ...filters, conditions: [...conditions, newCondition(source, key)] });
  return (
    <Stack gap="xs" role="group" aria-label="Filters">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" fw={500}>
          Filters
        </Text>
        {conditions.length > 1 ? (
          <SegmentedControl
            size="xs"
            aria-label="Combine the filters"
            data={[
              { value: 'all', label: 'Match all' },
              { value: 'any', label: 'Match any' },
            ]}
            value={filters.match}
            onChange={(value) => onChange({ ...filters, match: value === 'any' ? 'any' : 'all' })}
          />
        ) : null}
      </Group>
      {conditions.length === 0 ? (
        <Text size="sm" c="dimmed">
          No filters: every record of the source.
        </Text>
      ) : null}
      {conditions.map((condition, index) => {
        const field = fieldOf(source, condition.field);
        const type = field?.type ?? 'text';
        const choice = field ? isChoiceField(field) : false;
        const modes = field ? modesForField(field) : modesForField({ key: '', label: '', type });
        // A mode the builder no longer offers for this field (a saved free-text filter) stays listed while chosen.
        const shownModes = modes.includes(condition.mode as MatchMode)
          ? modes
          : [...modes, condition.mode as MatchMode];
        const n = index + 1;
        const valueError = first(errors, `filters.conditions.${index}.value`);
        return (
          <Group key={index} gap="xs" align="flex-start" wrap="wrap" data-testid={`filter-${n}`}>
            <NativeSelect
              aria-label={`Filter ${n} field`}
              data={fields.map((item) => ({ value: item.key, label: item.label }))}
              value={condition.field}
              error={first(errors, `filters.conditions.${index}.field`)}
              onChange={(event) => {
                const next = fieldOf(source, event.currentTarget.value);
                if (!next) return;
                // Another type, or a field picked from its values, takes other modes and values: start the condition again.
                if (next.type === type && !choice && !isChoiceField(next))
                  set(index, { ...condition, field: next.key });
                else set(index, newCondition(source, next.key));
              }}
              w={{ base: '100%', xs: 170 }}
            />
            <NativeSelect
              aria-label={`Filter ${n} match mode`}
              data={shownModes.map((mode) => ({ value: mode, label: MATCH_MODE_LABELS[mode] ?? mode }))}
              value={condition.mode}
              error={first(errors, `filters.conditions.${index}.mode`)}
              onChange={(event) => set(index, { ...condition, mode: event.currentTarget.value as MatchMode })}
              w={{ base: '100%', xs: 160 }}
            />
            {field && choice && isPicked(condition.mode) ? (
              <ChoiceValue
                field={field}
                value={String(condition.value)}
                label={`Filter ${n} value`}
                error={valueError}
                onChange={(value) => set(index, { ...condition, value })}
              />
            ) : type === 'date' ? (
              <DateField
                aria-label={`Filter ${n} value`}
                placeholder="Date"
                value={typeof condition.value === 'string' ? condition.value : ''}
                onChange={(value) => set(index, { ...condition, value })}
                valueFormat={inputFormat}
                error={valueError}
                w={{ base: '100%', xs: 160 }}
              />
            ) : (
              <TextInput
                aria-label={`Filter ${n} value`}
                placeholder={type === 'text' ? 'Text' : type === 'money' ? 'Amount' : 'Number'}
                inputMode={type === 'text' ? 'text' : 'decimal'}
                value={String(condition.value)}
                onChange={(event) => set(index, { ...condition, value: event.currentTarget.value })}
                error={valueError}
                w={{ base: '100%', xs: 170 }}
              />
            )}
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                size="lg"
                aria-label={`Add another condition on ${field?.label ?? 'this field'}`}
                title={`Another condition on ${field?.label ?? 'this field'}`}
                onClick={() => add(condition.field)}
              >
                <IconPlus size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Remove filter ${n}`}
                onClick={() => remove(index)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
        );
      })}
      <div>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => add()}>
          Add filter
        </Button>
      </div>
    </Stack>
  );
}
