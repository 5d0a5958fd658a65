import { useEffect, useRef, useState } from 'react';
import { ColorInput, NumberInput, Select, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  GOAL_CATEGORY_MAX_LENGTH,
  GOAL_DESCRIPTION_MAX_LENGTH,
  GOAL_EDITABLE_STATUSES,
  GOAL_MESSAGES,
  GOAL_STATUS_CHOICES,
  GOAL_STATUS_LABELS,
  GOAL_TITLE_MAX_LENGTH,
  GOAL_TYPES,
  GOAL_TYPE_LABELS,
  MAX_AMOUNT,
  goalInputSchema,
  goalUnit,
  validateWith,
  type Goal,
  type GoalInput,
  type GoalType,
} from '@ledgerleaf/domain';
import { useCreateGoalMutation, useDateFormat, useUpdateGoalMutation, splitServerErrors } from '@ledgerleaf/api';
import { DateField, ModalForm, useToast } from '@ledgerleaf/ui';
import { localToday } from '../shared/format';

export interface GoalFormValues {
  title: string;
  description: string;
  type: GoalType;
  target_amount: number | string;
  current_amount: number | string;
  start_date: string;
  target_date: string;
  status: (typeof GOAL_EDITABLE_STATUSES)[number];
  category: string;
  color: string;
}

const FIELDS = new Set([
  'title',
  'description',
  'type',
  'target_amount',
  'current_amount',
  'start_date',
  'target_date',
  'status',
  'category',
  'color',
]);

const TYPE_HINTS: Record<GoalType, string> = {
  financial: 'Filled by the money you allocate to it: invoice payments and other income.',
  revenue_collected: 'Counts the payments you receive between the start and target dates.',
  amount_invoiced: 'Counts the totals of the invoices you issue between the start and target dates.',
  new_clients: 'Counts the clients you add between the start and target dates.',
};

function toNumber(value: number | string): number {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? Number.NaN : Number(value);
}

export function goalFormValues(goal: Goal | null): GoalFormValues {
  if (!goal)
    return {
      title: '',
      description: '',
      type: 'financial',
      target_amount: '',
      current_amount: 0,
      start_date: localToday(),
      target_date: '',
      status: 'active',
      category: '',
      color: '',
    };
  return {
    title: goal.title,
    description: goal.description ?? '',
    type: goal.type,
    target_amount: goal.target_amount,
    current_amount: goal.current_amount,
    start_date: goal.start_date,
    target_date: goal.target_date,
    // in_progress is 'Active' too (one label): the form shows and keeps it as active.
    status: goal.status === 'paused' ? 'paused' : 'active',
    category: goal.category ?? '',
    color: goal.color ?? '',
  };
}

/** The request body: `current_amount` only for financial goals (tracked goals compute theirs), on edit only when corrected. */
export function goalBody(values: GoalFormValues, editing: Goal | null): GoalInput {
  const body: GoalInput = {
    title: values.title,
    description: values.description,
    type: values.type,
    target_amount: toNumber(values.target_amount),
    start_date: values.start_date || null,
    target_date: values.target_date,
    category: values.category,
    color: values.color,
  };
  if (values.type === 'financial') {
    const current = values.current_amount === '' ? 0 : toNumber(values.current_amount);
    // On edit only a corrected total is sent; omitted keeps the goal's amount (allocations may have moved it meanwhile).
    if (!editing || current !== editing.current_amount) body.current_amount = current;
  }
  // A completed or cancelled goal keeps its status on edit; the others may move between the editable ones.
  if (!editing || (GOAL_EDITABLE_STATUSES as readonly string[]).includes(editing.status))
    // An in_progress goal shown as 'Active' and left so keeps its stored status.
    body.status = editing?.status === 'in_progress' && values.status === 'active' ? 'in_progress' : values.status;
  return body;
}

/** The domain schema's messages, first one per field. */
export function validateGoal(values: GoalFormValues, editing: Goal | null): Record<string, string> {
  return validateWith(goalInputSchema, goalBody(values, editing)).errors;
}

/** SPEC.md section 3 "Goal modal state": closed, create (no goal) or edit (the selected goal). */
export function useGoalModal() {
  const [state, setState] = useState<{ opened: boolean; goal: Goal | null }>({ opened: false, goal: null });
  return {
    ...state,
    openCreate: () => setState({ opened: true, goal: null }),
    openEdit: (goal: Goal) => setState({ opened: true, goal }),
    close: () => setState((current) => ({ ...current, opened: false })),
  };
}

export interface GoalFormModalProps {
  opened: boolean;
  /** The goal to edit; null to create one. */
  goal: Goal | null;
  onClose: () => void;
  onSaved?: (goal: Goal) => void;
}

/** Create and edit a goal (POST /api/goals, PUT /api/goals/{id}) with the domain's rules and messages. */
export function GoalFormModal({ opened, goal, onClose, onSaved }: GoalFormModalProps) {
  const { inputFormat } = useDateFormat();
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const toast = useToast();
  const [create, createState] = useCreateGoalMutation();
  const [update, updateState] = useUpdateGoalMutation();
  const [values, setValues] = useState<GoalFormValues>(() => goalFormValues(goal));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const saving = createState.isLoading || updateState.isLoading;
  const count = goalUnit(values.type) === 'count';
  const statusEditable = !goal || (GOAL_EDITABLE_STATUSES as readonly string[]).includes(goal.status);
  // What the form opened with: closing with anything else asks first (issue 11).
  const initial = useRef(JSON.stringify(goalFormValues(goal)));

  useEffect(() => {
    if (!opened) return;
    const start = goalFormValues(goal);
    initial.current = JSON.stringify(start);
    setValues(start);
    setErrors({});
    setFormError(null);
    setSubmitted(false);
  }, [opened, goal]);

  const setField = <K extends keyof GoalFormValues>(field: K, value: GoalFormValues[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validateGoal(next, goal));
  };

  const submit = async () => {
    if (saving) return;
    setSubmitted(true);
    setFormError(null);
    const found = validateGoal(values, goal);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = goalBody(values, goal);
    const result = goal ? await update({ id: goal.id, body }) : await create(body);
    if ('error' in result) {
      const { fields, message } = splitServerErrors(
        result.error,
        (key) => FIELDS.has(key),
        'The goal could not be saved. Please try again.',
      );
      setErrors(fields);
      setFormError(Object.keys(fields).length > 0 && message === 'The given data was invalid.' ? null : message);
      return;
    }
    toast.show({
      severity: 'success',
      summary: result.data.message ?? (goal ? GOAL_MESSAGES.updated : GOAL_MESSAGES.created),
      detail: result.data.data.title,
    });
    onSaved?.(result.data.data);
    onClose();
  };

  return (
    <ModalForm
      opened={opened}
      onClose={onClose}
      isDirty={() => JSON.stringify(values) !== initial.current}
      title={goal ? 'Edit goal' : 'Create goal'}
      submitLabel={goal ? 'Save goal' : 'Create goal'}
      onSubmit={() => void submit()}
      saving={saving}
      alert={formError}
      size="lg"
      fullScreen={narrow}
      gap="md"
      footerGap="sm"
      cancelDisabledWhileSaving
    >
      <TextInput
        label="Title"
        required
        maxLength={GOAL_TITLE_MAX_LENGTH}
        value={values.title}
        onChange={(event) => setField('title', event.currentTarget.value)}
        error={errors.title}
        data-autofocus
      />
      <Select
        label="Type"
        required
        allowDeselect={false}
        disabled={goal !== null}
        description={goal ? 'The type of a goal cannot be changed after it is created.' : TYPE_HINTS[values.type]}
        data={GOAL_TYPES.map((type) => ({ value: type, label: GOAL_TYPE_LABELS[type] }))}
        value={values.type}
        onChange={(value) => value && setField('type', value as GoalType)}
        error={errors.type}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <NumberInput
          label={count ? 'Target (clients)' : 'Target amount'}
          required
          prefix={count ? undefined : '$'}
          thousandSeparator=","
          decimalScale={count ? 0 : 2}
          min={0}
          max={MAX_AMOUNT}
          allowNegative={false}
          hideControls
          inputMode={count ? 'numeric' : 'decimal'}
          value={values.target_amount}
          onChange={(value) => setField('target_amount', value)}
          error={errors.target_amount}
        />
        <Select
          label="Status"
          allowDeselect={false}
          disabled={!statusEditable}
          data={(statusEditable ? GOAL_STATUS_CHOICES : [goal?.status ?? 'active']).map((status) => ({
            value: status,
            label: GOAL_STATUS_LABELS[status],
          }))}
          value={statusEditable ? values.status : (goal?.status ?? 'active')}
          onChange={(value) => value && setField('status', value as GoalFormValues['status'])}
          error={errors.status}
        />
      </SimpleGrid>
      {values.type === 'financial' && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <NumberInput
            label={goal ? 'Current amount' : 'Already saved'}
            description={
              goal ? 'Correct the total if needed; allocations add to it' : 'Money set aside before this goal'
            }
            prefix="$"
            thousandSeparator=","
            decimalScale={2}
            min={0}
            max={MAX_AMOUNT}
            allowNegative={false}
            hideControls
            inputMode="decimal"
            value={values.current_amount}
            onChange={(value) => setField('current_amount', value)}
            error={errors.current_amount}
          />
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <DateField
          label="Start date"
          clearable
          valueFormat={inputFormat}
          value={values.start_date}
          onChange={(value) => setField('start_date', value)}
          error={errors.start_date}
        />
        <DateField
          label="Target date"
          required
          valueFormat={inputFormat}
          value={values.target_date}
          onChange={(value) => setField('target_date', value)}
          error={errors.target_date}
        />
      </SimpleGrid>
      <Textarea
        label="Description"
        autosize
        minRows={2}
        maxRows={5}
        maxLength={GOAL_DESCRIPTION_MAX_LENGTH}
        value={values.description}
        onChange={(event) => setField('description', event.currentTarget.value)}
        error={errors.description}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label="Category"
          placeholder="Savings, equipment..."
          maxLength={GOAL_CATEGORY_MAX_LENGTH}
          value={values.category}
          onChange={(event) => setField('category', event.currentTarget.value)}
          error={errors.category}
        />
        <ColorInput
          withEyeDropper={false}
          label="Colour"
          placeholder="#4c6ef5"
          format="hex"
          value={values.color}
          onChange={(value) => setField('color', value)}
          error={errors.color}
        />
      </SimpleGrid>
    </ModalForm>
  );
}
