import { ActionIcon, Button, Group, NativeSelect, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { MATCH_MODE_LABELS, modesFor, type DynamicSource, type FieldErrors, type MatchMode } from '@ledgerleaf/domain';
import { useDateFormat } from '@ledgerleaf/api';
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

/**
 * The filters of a dynamic report: conditions of a field, a match mode that fits the field's type
 * (SPEC.md section 9: text starts with, contains, does not contain, ends with, equals, does not
 * equal; numbers and money equals, does not equal, less than, at most, greater than, at least; dates
 * on, not on, before, after) and a value, combined by "match all" or "match any". A field may have
 * several conditions (a range: total at least 100 and less than 1,000).
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
                // Another type takes other modes and values: start the condition again.
                if (next.type === type) set(index, { ...condition, field: next.key });
                else set(index, newCondition(source, next.key));
              }}
              w={{ base: '100%', xs: 170 }}
            />
            <NativeSelect
              aria-label={`Filter ${n} match mode`}
              data={modesFor(type).map((mode) => ({ value: mode, label: MATCH_MODE_LABELS[mode] }))}
              value={condition.mode}
              error={first(errors, `filters.conditions.${index}.mode`)}
              onChange={(event) => set(index, { ...condition, mode: event.currentTarget.value as MatchMode })}
              w={{ base: '100%', xs: 160 }}
            />
            {type === 'date' ? (
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
