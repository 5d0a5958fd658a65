import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  MAX_AMOUNT,
  OTHER_INCOME_DESCRIPTION_MAX_LENGTH,
  OTHER_INCOME_MESSAGES,
  OTHER_INCOME_REFERENCE_MAX_LENGTH,
  OTHER_INCOME_SOURCE_MAX_LENGTH,
  correctIncomeAllocation,
  defaultIncomeAllocation,
  distributeEvenly,
  formatCurrency,
  offerableGoals,
  otherIncomeAllocationState,
  otherIncomeRequestSchema,
  sanitizeAllocationAmount,
  validateWith,
  type GoalAllocationLine,
  type OtherIncome,
  type OtherIncomeInput,
} from '@ledgerleaf/domain';
import {
  useDateFormat,
  useListAllGoalsQuery,
  useRecordOtherIncomeMutation,
  useUpdateOtherIncomeMutation,
  splitServerErrors,
  createSubmissionKeys,
} from '@ledgerleaf/api';
import { AmountInput, DateField, ModalForm, useToast } from '@ledgerleaf/ui';
import { formatPercent, localToday } from '../shared/format';
import { useGoalsRefreshed } from '../shared/use-goals-refreshed';

export interface OtherIncomeValues {
  amount: number | string;
  income_date: string;
  source: string;
  reference_number: string;
  description: string;
}

/** A goal the form can allocate to: the offered goals, plus (when editing) the goals the income already feeds. */
interface ChoosableGoal {
  id: number;
  title: string;
  target_amount: number;
  current_amount: number;
}

const FIELDS = ['amount', 'income_date', 'source', 'reference_number', 'description', 'goal_allocations'] as const;

function emptyValues(): OtherIncomeValues {
  return { amount: '', income_date: localToday(), source: '', reference_number: '', description: '' };
}

function valuesOf(income: OtherIncome): OtherIncomeValues {
  return {
    amount: income.amount,
    income_date: income.income_date,
    source: income.source,
    reference_number: income.reference_number ?? '',
    description: income.description ?? '',
  };
}

/** The request body of the form (SPEC.md section 7: amount, income_date, source, reference_number, description, goal_allocations). */
export function otherIncomeBody(values: OtherIncomeValues, lines: readonly GoalAllocationLine[]): OtherIncomeInput {
  return {
    amount:
      typeof values.amount === 'number'
        ? values.amount
        : values.amount.trim() === ''
          ? Number.NaN
          : Number(values.amount),
    income_date: values.income_date,
    source: values.source,
    reference_number: values.reference_number,
    description: values.description,
    goal_allocations: lines.map((line) => ({ goal_id: line.goal_id, amount: line.amount })),
  };
}

/**
 * The domain schema's messages keyed by field (first message only); an allocation line's error
 * (`goal_allocations.{i}.amount`) is keyed by its goal: `allocation.{goal_id}`.
 */
export function validateOtherIncome(
  values: OtherIncomeValues,
  lines: readonly GoalAllocationLine[],
): Record<string, string> {
  return keyLineErrors(validateWith(otherIncomeRequestSchema, otherIncomeBody(values, lines)).errors, lines);
}

function keyLineErrors(errors: Record<string, string>, lines: readonly GoalAllocationLine[]): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const match = /^goal_allocations\.(\d+)\./.exec(key);
    const line = match ? lines[Number(match[1])] : undefined;
    if (match && line) result[`allocation.${line.goal_id}`] ??= message;
    else if (match) result.goal_allocations ??= message;
    else result[key] = message;
  }
  return result;
}

export interface OtherIncomeModalProps {
  opened: boolean;
  onClose: () => void;
  /** Edit this income (`PUT /api/other-income/{id}`) instead of recording a new one. */
  income?: OtherIncome | null;
}

/**
 * The Other income modal (SPEC.md sections 3, 4, 5, 7, 8): amount, date (today), source, reference,
 * description and the goals it feeds. Selecting a goal defaults its line to the lesser of the
 * unallocated remainder and the goal's remaining target; "Distribute Evenly" splits the amount; the
 * submit stays disabled while saving, over-allocated or allocated zero. One Idempotency-Key per
 * submission (a retry of the same values reuses it).
 */
export function OtherIncomeModal({ opened, onClose, income = null }: OtherIncomeModalProps) {
  const goalsRefreshed = useGoalsRefreshed();
  const { inputFormat } = useDateFormat();
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const toast = useToast();
  // Every active financial goal, all pages: the first page alone would leave goals out.
  const goalsQuery = useListAllGoalsQuery(
    { type: 'financial', status: 'active' },
    { skip: !opened, refetchOnMountOrArgChange: true },
  );
  const [record, recordState] = useRecordOtherIncomeMutation();
  const [update, updateState] = useUpdateOtherIncomeMutation();
  const [values, setValues] = useState<OtherIncomeValues>(emptyValues);
  const [lines, setLines] = useState<GoalAllocationLine[]>([]);
  const [drafts, setDrafts] = useState<Record<number, string | number>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const keys = useRef(createSubmissionKeys());
  const saving = recordState.isLoading || updateState.isLoading;
  // What the form opened with: closing with anything else asks first (issue 11).
  const initial = useRef('');
  const snapshot = (nextValues: OtherIncomeValues, nextLines: GoalAllocationLine[]) =>
    JSON.stringify([nextValues, nextLines]);

  useEffect(() => {
    if (!opened) return;
    keys.current.reset();
    const startValues = income ? valuesOf(income) : emptyValues();
    const startLines = income
      ? income.goal_allocations.map((line) => ({ goal_id: line.goal_id, amount: line.amount }))
      : [];
    initial.current = snapshot(startValues, startLines);
    setValues(startValues);
    setLines(startLines);
    setDrafts({});
    setErrors({});
    setSubmitted(false);
  }, [opened, income]);

  useEffect(() => {
    if (opened && goalsQuery.isError)
      toast.show({
        severity: 'error',
        summary: OTHER_INCOME_MESSAGES.errorTitle,
        detail: OTHER_INCOME_MESSAGES.goalsLoadFailed,
      });
    // One toast per failed load.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [opened, goalsQuery.isError]);

  const goals = useMemo<ChoosableGoal[]>(() => {
    const offered: ChoosableGoal[] = offerableGoals(goalsQuery.data?.data ?? []);
    const extra = (income?.goal_allocations ?? [])
      .filter((line) => !offered.some((goal) => goal.id === line.goal_id))
      .map((line) => {
        const known = goalsQuery.data?.data.find((goal) => goal.id === line.goal_id);
        return known ?? { id: line.goal_id, title: line.goal_title, target_amount: 0, current_amount: 0 };
      });
    return [...offered, ...extra];
  }, [goalsQuery.data, income]);

  const amount = typeof values.amount === 'number' ? values.amount : Number.NaN;
  const state = otherIncomeAllocationState(Number.isFinite(amount) ? amount : 0, lines, saving);
  const allocationError = state.overAllocated
    ? OTHER_INCOME_MESSAGES.allocationsExceed
    : state.zeroAllocated
      ? OTHER_INCOME_MESSAGES.allocationsZero
      : (errors.goal_allocations ?? null);

  const revalidate = (nextValues: OtherIncomeValues, nextLines: GoalAllocationLine[]) => {
    if (submitted) setErrors(validateOtherIncome(nextValues, nextLines));
  };
  const setField = <K extends keyof OtherIncomeValues>(field: K, value: OtherIncomeValues[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) revalidate(next, lines);
    else if (errors[field]) setErrors(({ [field]: _removed, ...rest }) => rest);
  };
  const changeLines = (next: GoalAllocationLine[]) => {
    setLines(next);
    revalidate(values, next);
  };

  const toggleGoal = (goal: ChoosableGoal, checked: boolean) => {
    if (!checked) {
      changeLines(lines.filter((line) => line.goal_id !== goal.id));
      return;
    }
    changeLines([...lines, { goal_id: goal.id, amount: defaultIncomeAllocation(amount, lines, goal) }]);
  };
  const setLineAmount = (goalId: number, raw: string | number) => {
    setDrafts((current) => ({ ...current, [goalId]: raw }));
    changeLines(
      lines.map((line) =>
        line.goal_id === goalId ? { goal_id: goalId, amount: sanitizeAllocationAmount(raw) } : line,
      ),
    );
  };
  // "Corrected to at least 0.01 when a goal is selected", and at most the income amount.
  const correctLine = (goalId: number) => {
    setDrafts(({ [goalId]: _removed, ...rest }) => rest);
    changeLines(
      lines.map((line) =>
        line.goal_id === goalId ? { goal_id: goalId, amount: correctIncomeAllocation(line.amount, amount) } : line,
      ),
    );
  };
  const onDistribute = () => {
    setDrafts({});
    changeLines(
      distributeEvenly(
        amount,
        lines.map((line) => line.goal_id),
      ),
    );
  };

  const submit = async () => {
    if (state.submitDisabled) return;
    setSubmitted(true);
    const found = validateOtherIncome(values, lines);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = otherIncomeBody(values, lines);
    const result = income
      ? await update({ id: income.id, body })
      : await record({ body, idempotencyKey: keys.current.keyFor(body) });
    if ('error' in result) {
      const { fields } = splitServerErrors(
        result.error,
        (key) => (FIELDS as readonly string[]).includes(key) || key.startsWith('goal_allocations.'),
        OTHER_INCOME_MESSAGES.recordFailed,
      );
      const keyed = keyLineErrors(fields, lines);
      if (Object.keys(keyed).length > 0) setErrors(keyed);
      else
        toast.show({
          severity: 'error',
          summary: OTHER_INCOME_MESSAGES.errorTitle,
          detail: splitServerErrors(result.error, () => false, OTHER_INCOME_MESSAGES.recordFailed).message,
        });
      return;
    }
    toast.show({
      severity: 'success',
      summary: OTHER_INCOME_MESSAGES.successTitle,
      detail: income ? OTHER_INCOME_MESSAGES.updated : OTHER_INCOME_MESSAGES.recorded,
    });
    goalsRefreshed();
    onClose();
  };

  const error = (field: string) => errors[field] ?? null;
  const selected = (goalId: number) => lines.find((line) => line.goal_id === goalId);

  return (
    <ModalForm
      opened={opened}
      onClose={onClose}
      isDirty={() => snapshot(values, lines) !== initial.current}
      title={income ? 'Edit Other Income' : 'Add Other Income'}
      submitLabel={income ? 'Save changes' : 'Record income'}
      onSubmit={() => void submit()}
      saving={saving}
      size="lg"
      fullScreen={narrow}
      gap="md"
      footerGap="sm"
      cancelDisabledWhileSaving
      submitButton={
        <Button type="submit" disabled={state.submitDisabled}>
          {saving ? 'Saving...' : income ? 'Save changes' : 'Record income'}
        </Button>
      }
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <AmountInput
          label="Amount"
          required
          prefix="$"
          thousandSeparator=","
          decimalScale={2}
          min={0}
          step={0.01}
          max={MAX_AMOUNT}
          allowNegative={false}
          clampBehavior="none"
          hideControls
          inputMode="decimal"
          value={values.amount}
          onChange={(value) => setField('amount', value)}
          error={error('amount')}
        />
        <DateField
          label="Date"
          required
          valueFormat={inputFormat}
          value={values.income_date}
          onChange={(value) => setField('income_date', value)}
          error={error('income_date')}
        />
      </SimpleGrid>
      <TextInput
        label="Source"
        required
        placeholder="Grant, interest, refund..."
        maxLength={OTHER_INCOME_SOURCE_MAX_LENGTH}
        value={values.source}
        onChange={(event) => setField('source', event.currentTarget.value)}
        error={error('source')}
      />
      <TextInput
        label="Reference number"
        maxLength={OTHER_INCOME_REFERENCE_MAX_LENGTH}
        value={values.reference_number}
        onChange={(event) => setField('reference_number', event.currentTarget.value)}
        error={error('reference_number')}
      />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        maxRows={5}
        maxLength={OTHER_INCOME_DESCRIPTION_MAX_LENGTH}
        value={values.description}
        onChange={(event) => setField('description', event.currentTarget.value)}
        error={error('description')}
      />

      <Fieldset
        legend="Allocate to financial goals (optional)"
        aria-describedby={allocationError ? 'income-allocation-error' : undefined}
        style={{ minWidth: 0 }}
      >
        <Stack gap="sm">
          <Group justify="flex-end" gap="xs" wrap="wrap">
            <Button
              size="xs"
              variant="light"
              onClick={onDistribute}
              disabled={lines.length === 0 || !(amount > 0) || saving}
            >
              {OTHER_INCOME_MESSAGES.distributeEvenly}
            </Button>
          </Group>
          {goalsQuery.isLoading ? (
            <Group justify="center" py="sm">
              <Loader size="sm" aria-label="Loading goals" />
            </Group>
          ) : goals.length === 0 ? (
            <Text size="sm" c="dimmed">
              {OTHER_INCOME_MESSAGES.noGoals}
            </Text>
          ) : (
            <Stack gap="xs">
              {goals.map((goal) => {
                const line = selected(goal.id);
                const draft = drafts[goal.id];
                const shown =
                  line && draft !== undefined && sanitizeAllocationAmount(draft) === line.amount ? draft : line?.amount;
                const remaining = Math.max(0, goal.target_amount - goal.current_amount);
                return (
                  <Box key={goal.id}>
                    <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
                      <Checkbox
                        checked={line !== undefined}
                        onChange={(event) => toggleGoal(goal, event.currentTarget.checked)}
                        disabled={saving}
                        label={goal.title}
                        description={
                          goal.target_amount > 0
                            ? `${formatCurrency(goal.current_amount)} of ${formatCurrency(goal.target_amount)} (${formatCurrency(remaining)} to go)`
                            : undefined
                        }
                      />
                      {line && (
                        <AmountInput
                          aria-label={`Allocation for ${goal.title}`}
                          w={130}
                          size="xs"
                          prefix="$"
                          min={0.01}
                          step={0.01}
                          max={Number.isFinite(amount) && amount > 0 ? amount : undefined}
                          decimalScale={2}
                          allowNegative={false}
                          clampBehavior="none"
                          inputMode="decimal"
                          value={shown}
                          onChange={(value) => setLineAmount(goal.id, value)}
                          onBlur={() => correctLine(goal.id)}
                          error={error(`allocation.${goal.id}`)}
                        />
                      )}
                    </Group>
                  </Box>
                );
              })}
              {lines.length > 0 && (
                <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }} aria-live="polite">
                  Allocated {formatCurrency(state.totalAllocated)}
                  {amount > 0 ? ` (${formatPercent((state.totalAllocated / amount) * 100)})` : ''} · Unallocated{' '}
                  {formatCurrency(state.unallocated)}
                </Text>
              )}
            </Stack>
          )}
          {allocationError && (
            <Alert color="red" variant="light" p="xs" id="income-allocation-error" role="alert">
              {allocationError}
            </Alert>
          )}
        </Stack>
      </Fieldset>
    </ModalForm>
  );
}
