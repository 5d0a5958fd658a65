import { useState } from 'react';
import { Link } from 'react-router';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Modal,
  Pagination,
  SegmentedControl,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCheck, IconClockPause, IconPlus } from '@tabler/icons-react';
import {
  CRM_MESSAGES,
  REMINDER_BUCKETS,
  REMINDER_BUCKET_LABELS,
  SNOOZE_DEFAULT_TIME,
  SNOOZE_OPTIONS,
  SNOOZE_OPTION_LABELS,
  activitySnoozeRequestSchema,
  isoDateSchema,
  validateWith,
  type Activity,
  type ActivitySnoozeInput,
  type ReminderBucket,
} from '@ledgerleaf/domain';
import { errorMessage, queryState, useAccess, useCanWrite, useDateFormat, type RequestError } from '@ledgerleaf/api';
import { useListRemindersQuery, useMarkActivityDoneMutation, useSnoozeActivityMutation } from '@ledgerleaf/api/crm';
import { CardSkeleton, DateField, EmptyState, FormAlert, LoadError, PageHeader, useToast } from '@ledgerleaf/ui';
import { useUrlParams } from '@ledgerleaf/ui/routing';
import { ActivityModal } from '../shared/activity-modal';
import { CrmNav } from '../shared/crm-nav';
import { ActivityIcon } from '../shared/labels';
import { subjectHref } from '../shared/subject-link';
import { ReminderDeliveryNote } from '../shared/reminder-delivery';

const PER_PAGE = 25;
const EMPTY: Record<ReminderBucket, string> = {
  overdue: 'Nothing is overdue. Well done.',
  today: 'Nothing else is due today.',
  upcoming: 'Nothing is planned yet. Add activities to leads, opportunities and clients.',
};

function SnoozeDateModal({
  activity,
  onClose,
  onSnooze,
}: {
  activity: Activity | null;
  onClose: () => void;
  onSnooze: (activity: Activity, body: ActivitySnoozeInput) => Promise<string | null>;
}) {
  const [date, setDate] = useState('');
  const [time, setTime] = useState(SNOOZE_DEFAULT_TIME);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!activity) return;
    const check = validateWith(activitySnoozeRequestSchema, { option: 'date', date: date || null, time });
    if (!check.valid) {
      setError(Object.values(check.errors)[0] ?? null);
      return;
    }
    const failure = await onSnooze(activity, check.data);
    if (failure) setError(failure);
    else onClose();
  };
  return (
    <Modal
      opened={activity !== null}
      onClose={onClose}
      title="Snooze until"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        {error && <FormAlert>{error}</FormAlert>}
        <DateField label="Date" required value={date || null} onChange={setDate} />
        <TextInput label="Time" type="time" value={time} onChange={(event) => setTime(event.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()}>Snooze</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ReminderRow({
  activity,
  onDone,
  onSnooze,
  onPickDate,
  everyone,
}: {
  activity: Activity;
  onDone: () => void;
  onSnooze: (option: (typeof SNOOZE_OPTIONS)[number]) => void;
  onPickDate: () => void;
  everyone: boolean;
}) {
  const { formatDateTime } = useDateFormat();
  const overdue = new Date(activity.due_at).getTime() < Date.now();
  return (
    <Card
      withBorder
      padding="sm"
      radius="md"
      component="li"
      style={{ listStyle: 'none' }}
      aria-label={activity.subject}
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: '1 1 240px' }}>
          <ActivityIcon name={activity.type_icon} size={20} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600}>{activity.subject}</Text>
            <Text size="sm">
              <Anchor component={Link} to={subjectHref(activity.about)}>
                {activity.about.name}
              </Anchor>{' '}
              <Text span size="xs" c="dimmed">
                ({activity.about.kind})
              </Text>
            </Text>
            <Text size="xs" c={overdue ? 'var(--mantine-color-error)' : 'dimmed'}>
              {overdue ? 'Was due ' : 'Due '}
              {formatDateTime(activity.due_at)}
              {everyone && activity.assignee_name ? ` · ${activity.assignee_name}` : ''}
            </Text>
            <ReminderDeliveryNote activity={activity} canRetry />
          </Stack>
        </Group>
        <Group gap="xs">
          <Button size="xs" variant="light" leftSection={<IconCheck size={14} aria-hidden />} onClick={onDone}>
            Mark done
          </Button>
          <Menu position="bottom-end">
            <Menu.Target>
              <Button size="xs" variant="default" leftSection={<IconClockPause size={14} aria-hidden />}>
                Snooze
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {SNOOZE_OPTIONS.map((option) => (
                <Menu.Item key={option} onClick={() => (option === 'date' ? onPickDate() : onSnooze(option))}>
                  {SNOOZE_OPTION_LABELS[option]}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          <Button size="xs" variant="subtle" component={Link} to={subjectHref(activity.about)}>
            Open
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

/**
 * /crm/reminders: the open activities that are overdue, due today and upcoming (tabs with their
 * counts), mine or, for owners and admins, everyone's; mark done, snooze (1 hour, tomorrow, next
 * week, a date) and open the lead, opportunity or client. "Add activity" adds one to a client or a
 * lead; `?new_activity=yyyy-MM-dd` (the calendar's empty day) opens it due that day.
 */
export function RemindersPage() {
  const toast = useToast();
  const { isAdmin } = useAccess();
  const canWrite = useCanWrite();
  const url = useUrlParams({ defaults: { bucket: 'overdue', scope: 'mine' } });
  const bucket = url.oneOf<ReminderBucket>('bucket', REMINDER_BUCKETS, 'overdue');
  const scope = isAdmin ? url.oneOf('scope', ['mine', 'everyone'] as const, 'mine') : 'mine';
  const query = useListRemindersQuery({ bucket, scope, page: url.page, per_page: PER_PAGE });
  const state = queryState(query);
  const [markDone] = useMarkActivityDoneMutation();
  const [snooze] = useSnoozeActivityMutation();
  const [picking, setPicking] = useState<Activity | null>(null);
  const [adding, setAdding] = useState(false);
  const newDay = isoDateSchema.safeParse(url.get('new_activity'));
  const addOpen = canWrite && (adding || newDay.success);
  const closeAdd = () => {
    setAdding(false);
    if (url.get('new_activity')) url.update({ new_activity: null }, { keepPage: true });
  };

  const done = async (activity: Activity) => {
    const result = await markDone({ id: activity.id, done: true });
    if ('error' in result)
      toast.show({
        severity: 'error',
        summary: 'Not marked done',
        detail: errorMessage(result.error as RequestError, 'Please try again.'),
      });
    else toast.show({ severity: 'success', summary: result.data.message ?? CRM_MESSAGES.activityDone });
  };
  const runSnooze = async (activity: Activity, body: ActivitySnoozeInput): Promise<string | null> => {
    const result = await snooze({ id: activity.id, body });
    if ('error' in result) {
      const message = errorMessage(result.error as RequestError, 'Please try again.');
      toast.show({ severity: 'error', summary: 'Not snoozed', detail: message });
      return message;
    }
    toast.show({ severity: 'success', summary: result.data.message ?? CRM_MESSAGES.activitySnoozed });
    return null;
  };

  const page = state.data;
  const counts = page?.counts;
  return (
    <>
      <PageHeader
        title="Reminders"
        description="What is overdue, due today and coming up."
        actions={
          canWrite ? (
            <Button onClick={() => setAdding(true)} leftSection={<IconPlus size={16} aria-hidden />}>
              Add activity
            </Button>
          ) : undefined
        }
      />
      <ActivityModal opened={addOpen} onClose={closeAdd} day={newDay.success ? newDay.data : null} />
      <CrmNav />
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Tabs value={bucket} onChange={(value) => url.update({ bucket: value })} variant="pills">
            <Tabs.List>
              {REMINDER_BUCKETS.map((value) => (
                <Tabs.Tab
                  key={value}
                  value={value}
                  rightSection={
                    counts ? (
                      <Badge
                        size="xs"
                        variant={value === 'overdue' && counts.overdue > 0 ? 'filled' : 'light'}
                        color={value === 'overdue' ? 'red' : undefined}
                      >
                        {counts[value]}
                      </Badge>
                    ) : undefined
                  }
                >
                  {REMINDER_BUCKET_LABELS[value]}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
          {isAdmin && (
            <SegmentedControl
              aria-label="Whose reminders"
              value={scope}
              onChange={(value) => url.update({ scope: value })}
              data={[
                { value: 'mine', label: 'Mine' },
                { value: 'everyone', label: 'Everyone' },
              ]}
            />
          )}
        </Group>
        {state.error !== null && !page ? (
          <LoadError title="Reminders could not be loaded" message={state.error} onRetry={state.retry} />
        ) : !page ? (
          <CardSkeleton lines={5} />
        ) : page.data.length === 0 ? (
          <EmptyState title={`Nothing ${bucket === 'today' ? 'due today' : bucket}`} message={EMPTY[bucket]} />
        ) : (
          <>
            <Stack component="ul" gap="xs" p={0} m={0} aria-label={REMINDER_BUCKET_LABELS[bucket]}>
              {page.data.map((activity) => (
                <ReminderRow
                  key={activity.id}
                  activity={activity}
                  everyone={scope === 'everyone'}
                  onDone={() => void done(activity)}
                  onSnooze={(option) => void runSnooze(activity, { option })}
                  onPickDate={() => setPicking(activity)}
                />
              ))}
            </Stack>
            {page.meta.last_page > 1 && (
              <Pagination
                total={page.meta.last_page}
                value={page.meta.page}
                onChange={(next) => url.update({ page: next })}
                aria-label="Pages"
              />
            )}
          </>
        )}
      </Stack>
      <SnoozeDateModal activity={picking} onClose={() => setPicking(null)} onSnooze={runSnooze} />
    </>
  );
}
