import { useEffect, useId, useState } from 'react';
import {
  Checkbox,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  CRM_MESSAGES,
  REMINDER_OFFSET_PRESETS,
  SNOOZE_DEFAULT_TIME,
  activityInputSchema,
  defaultDueInstant,
  describeReminder,
  validateWith,
  type Activity,
  type ActivityType,
} from '@ledgerleaf/domain';
import { type CrmSubjectQuery } from '@ledgerleaf/api';
import { useCreateActivityMutation, useUpdateActivityMutation } from '@ledgerleaf/api/crm';
import { DateField, ModalForm } from '@ledgerleaf/ui';
import { ClientPicker } from './client-picker';
import { LeadPicker } from './lead-picker';
import { useModalSave } from './modal-save';
import { idOrNull, useActivityTypeOptions, useOwnerOptions } from './options';

const pad = (value: number) => String(value).padStart(2, '0');
/** A local date and time (`yyyy-MM-dd`, `HH:mm`) of an instant, as the person's browser shows it. */
export function localParts(instant: string | Date): { date: string; time: string } {
  const at = new Date(instant);
  return {
    date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
  };
}
/** The instant of a local date and time, ISO; '' when either is missing or invalid. */
export function instantOf(date: string, time: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return '';
  const at = new Date(`${date}T${time}:00`);
  return Number.isNaN(at.getTime()) ? '' : at.toISOString();
}

interface Values {
  type_id: string;
  subject: string;
  date: string;
  time: string;
  assignee_user_id: string;
  notes: string;
  reminders: string[];
  done: boolean;
  /** Without a subject given: what the activity is about, chosen in the form. */
  about: 'client' | 'lead';
  about_id: string;
}

function valuesFor(activity: Activity | null, type: ActivityType | undefined, prefill?: Partial<Values>): Values {
  if (activity) {
    const { date, time } = localParts(activity.due_at);
    return {
      type_id: String(activity.type_id),
      subject: activity.subject,
      date,
      time,
      assignee_user_id: activity.assignee_user_id ? String(activity.assignee_user_id) : '',
      notes: activity.notes ?? '',
      reminders: activity.reminders.map((reminder) => String(reminder.offset_minutes)),
      done: activity.done,
      about: 'client',
      about_id: '',
    };
  }
  const due = localParts(defaultDueInstant(new Date(), type?.default_due_offset_minutes ?? 1440));
  return {
    type_id: type ? String(type.id) : '',
    subject: type?.name ?? '',
    ...due,
    assignee_user_id: '',
    notes: '',
    reminders: type?.default_reminder_offset_minutes != null ? [String(type.default_reminder_offset_minutes)] : [],
    done: false,
    about: 'client',
    about_id: '',
    ...prefill,
  };
}

const FIELDS = new Set([
  'type_id',
  'subject',
  'due_at',
  'assignee_user_id',
  'notes',
  'reminders',
  'lead_id',
  'client_id',
]);

/**
 * Add or edit an activity of a lead, an opportunity or a client: type (its default due offset and
 * reminder fill the form), subject, due date and time, assignee, notes, reminders before the due
 * time, and "done" for something already done (a logged call). Without a `subject` (the reminders'
 * "Add activity", the calendar's empty day) the form asks which client or lead it is about.
 */
export function ActivityModal({
  opened,
  onClose,
  subject,
  activity = null,
  prefill,
  day,
}: {
  opened: boolean;
  onClose: () => void;
  /** The lead, opportunity or client it belongs to; none: chosen in the form. */
  subject?: CrmSubjectQuery;
  activity?: Activity | null;
  /** A suggested next activity (its type and due time). */
  prefill?: { type_id: number; due_at: string } | null;
  /** A new activity due on this day (`yyyy-MM-dd`, at 09:00), whatever its type's due offset. */
  day?: string | null;
}) {
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const { types, options } = useActivityTypeOptions();
  const owners = useOwnerOptions();
  const [create, createState] = useCreateActivityMutation();
  const [update, updateState] = useUpdateActivityMutation();
  const [values, setValues] = useState<Values>(() => valuesFor(activity, types[0]));
  const { errors, alert, reset, save } = useModalSave({
    isField: (key) => FIELDS.has(key),
    fallback: 'The activity was not saved.',
    onClose,
  });
  const aboutLabel = useId();

  useEffect(() => {
    if (!opened) return;
    const suggested = prefill ? types.find((type) => type.id === prefill.type_id) : undefined;
    setValues(
      valuesFor(
        activity,
        suggested ?? types[0],
        prefill
          ? { ...localParts(prefill.due_at), type_id: String(prefill.type_id) }
          : day
            ? { date: day, time: SNOOZE_DEFAULT_TIME }
            : undefined,
      ),
    );
    reset();
    // Reset when opened, and once the types arrive for a new activity.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [opened, activity?.id, types.length, day]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const onType = (value: string | null) => {
    const type = types.find((candidate) => String(candidate.id) === value);
    setValues((current) => ({
      ...current,
      type_id: value ?? '',
      subject: !current.subject || types.some((t) => t.name === current.subject) ? (type?.name ?? '') : current.subject,
      reminders:
        activity === null && type
          ? type.default_reminder_offset_minutes != null
            ? [String(type.default_reminder_offset_minutes)]
            : []
          : current.reminders,
      // A day chosen before the form opened stays; otherwise the type's due offset sets the time.
      ...(activity === null && type && !day
        ? localParts(defaultDueInstant(new Date(), type.default_due_offset_minutes))
        : {}),
    }));
  };

  const submit = () => {
    const body = {
      type_id: idOrNull(values.type_id),
      subject: values.subject,
      due_at: instantOf(values.date, values.time),
      notes: values.notes,
      assignee_user_id: idOrNull(values.assignee_user_id),
      lead_id: subject ? (subject.lead_id ?? null) : values.about === 'lead' ? idOrNull(values.about_id) : null,
      opportunity_id: subject?.opportunity_id ?? null,
      client_id: subject ? (subject.client_id ?? null) : values.about === 'client' ? idOrNull(values.about_id) : null,
      reminders: values.reminders.map(Number),
      done: values.done,
    };
    return save(
      validateWith(activityInputSchema, body),
      (data) => (activity ? update({ id: activity.id, body: data }) : create(data)),
      activity ? CRM_MESSAGES.activityUpdated : CRM_MESSAGES.activityCreated,
    );
  };

  const reminderOptions = [...new Set([...REMINDER_OFFSET_PRESETS.map(String), ...values.reminders])].map((value) => ({
    value,
    label: describeReminder(Number(value)),
  }));

  return (
    <ModalForm
      opened={opened}
      onClose={onClose}
      title={activity ? 'Edit activity' : 'Add activity'}
      size="lg"
      fullScreen={narrow}
      submitLabel={activity ? 'Save activity' : 'Add activity'}
      saving={createState.isLoading || updateState.isLoading}
      alert={alert}
      onSubmit={() => void submit()}
    >
      {!subject && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Stack gap={4}>
            <Text size="sm" fw={500} id={aboutLabel}>
              About
            </Text>
            <SegmentedControl
              aria-labelledby={aboutLabel}
              value={values.about}
              onChange={(value) =>
                setValues((current) => ({ ...current, about: value as Values['about'], about_id: '' }))
              }
              data={[
                { value: 'client', label: 'A client' },
                { value: 'lead', label: 'A lead' },
              ]}
            />
          </Stack>
          {values.about === 'client' ? (
            <ClientPicker
              label="Client"
              required
              value={values.about_id || null}
              onChange={(value) => set('about_id', value ?? '')}
              error={errors.client_id ?? errors.lead_id}
            />
          ) : (
            <LeadPicker
              label="Lead"
              required
              value={values.about_id || null}
              onChange={(value) => set('about_id', value ?? '')}
              error={errors.lead_id}
            />
          )}
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label="Type"
          required
          data={options}
          value={values.type_id || null}
          onChange={onType}
          error={errors.type_id}
        />
        <TextInput
          label="Subject"
          required
          value={values.subject}
          onChange={(event) => set('subject', event.currentTarget.value)}
          error={errors.subject}
        />
        <DateField
          label="Due date"
          required
          value={values.date}
          onChange={(value) => set('date', value)}
          error={errors.due_at}
        />
        <TextInput
          label="Due time"
          type="time"
          required
          value={values.time}
          onChange={(event) => set('time', event.currentTarget.value)}
        />
        <Select
          label="Assignee"
          placeholder="Me"
          clearable
          data={owners}
          value={values.assignee_user_id || null}
          onChange={(value) => set('assignee_user_id', value ?? '')}
          error={errors.assignee_user_id}
        />
        <MultiSelect
          label="Reminders"
          placeholder={values.reminders.length ? undefined : 'None'}
          data={reminderOptions}
          value={values.reminders}
          onChange={(value) => set('reminders', value)}
          error={errors.reminders}
        />
      </SimpleGrid>
      <Textarea
        label="Notes"
        autosize
        minRows={2}
        value={values.notes}
        onChange={(event) => set('notes', event.currentTarget.value)}
        error={errors.notes}
      />
      <Checkbox
        label="Already done"
        checked={values.done}
        onChange={(event) => set('done', event.currentTarget.checked)}
      />
    </ModalForm>
  );
}
