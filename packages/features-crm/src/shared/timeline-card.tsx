import { useState } from 'react';
import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Textarea, Timeline, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconNote, IconPlus, IconProgress, IconTransfer, IconUserCheck } from '@tabler/icons-react';
import { CRM_MESSAGES, crmNoteInputSchema, validateWith, type Activity, type TimelineItem } from '@ledgerleaf/domain';
import { errorMessage, queryState, useDateFormat, type CrmSubjectQuery, type RequestError } from '@ledgerleaf/api';
import { useCreateCrmNoteMutation, useGetTimelineQuery, useMarkActivityDoneMutation } from '@ledgerleaf/api/crm';
import { CardSkeleton, LoadError, useToast } from '@ledgerleaf/ui';
import { ActivityModal } from './activity-modal';
import { ReminderDeliveryNote } from './reminder-delivery';
import { ActivityIcon } from './labels';

function ItemIcon({ item }: { item: TimelineItem }) {
  if (item.kind === 'activity' && item.activity) return <ActivityIcon name={item.activity.type_icon} size={14} />;
  if (item.kind === 'note') return <IconNote size={14} aria-hidden />;
  if (item.kind === 'stage_change') return <IconTransfer size={14} aria-hidden />;
  if (item.kind === 'conversion') return <IconUserCheck size={14} aria-hidden />;
  return <IconProgress size={14} aria-hidden />;
}

/** The next open activity, first on every timeline: what to do, when, and Mark done. */
function NextActivity({
  activity,
  onDone,
  readOnly,
}: {
  activity: Activity;
  onDone: (activity: Activity) => void;
  readOnly: boolean;
}) {
  const { formatDateTime } = useDateFormat();
  const overdue = new Date(activity.due_at).getTime() < Date.now();
  return (
    <Card withBorder padding="sm" radius="md" aria-label="Next activity" component="section">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ActivityIcon name={activity.type_icon} size={20} />
          <Stack gap={2}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              Next activity
            </Text>
            <Text fw={600}>{activity.subject}</Text>
            <Text size="sm" c={overdue ? 'var(--mantine-color-error)' : 'dimmed'}>
              {overdue ? 'Overdue: ' : 'Due '}
              {formatDateTime(activity.due_at)}
              {activity.assignee_name ? ` · ${activity.assignee_name}` : ''}
            </Text>
          </Stack>
        </Group>
        {!readOnly && (
          <Tooltip label="Mark done">
            <ActionIcon
              variant="light"
              color="green"
              aria-label={`Mark ${activity.subject} done`}
              onClick={() => onDone(activity)}
            >
              <IconCheck size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Card>
  );
}

interface EntryActions {
  readOnly: boolean;
  onDone: (activity: Activity) => void;
  onEdit: (activity: Activity) => void;
}

/** Timeline entries, newest first: what happened, when, who, and an open activity's Mark done / Edit. */
function TimelineEntries({ items, readOnly, onDone, onEdit }: EntryActions & { items: TimelineItem[] }) {
  const { formatDateTime } = useDateFormat();
  return (
    <Timeline bulletSize={24} lineWidth={2} aria-label="Timeline entries">
      {items.map((item) => (
        <Timeline.Item key={item.key} bullet={<ItemIcon item={item} />} title={item.title}>
          <Text size="xs" c="dimmed">
            {formatDateTime(item.at)}
            {item.user_name ? ` · ${item.user_name}` : ''}
          </Text>
          {item.body && (
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {item.body}
            </Text>
          )}
          {item.activity && <ReminderDeliveryNote activity={item.activity} canRetry={!readOnly} />}
          {item.activity && (
            <Group gap="xs" mt={4}>
              {item.activity.done ? (
                <Badge size="xs" color="green" variant="dot">
                  Done
                </Badge>
              ) : (
                !readOnly && (
                  <>
                    <Button size="compact-xs" variant="subtle" onClick={() => onDone(item.activity!)}>
                      Mark done
                    </Button>
                    <Button size="compact-xs" variant="subtle" onClick={() => onEdit(item.activity!)}>
                      Edit
                    </Button>
                  </>
                )
              )}
            </Group>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/** "Older entries": the next page of the timeline below the first, and so on (each page asks the server once). */
function OlderEntries({ subject, before, ...actions }: EntryActions & { subject: CrmSubjectQuery; before: string }) {
  const [open, setOpen] = useState(false);
  const query = useGetTimelineQuery({ ...subject, before }, { skip: !open });
  if (!open)
    return (
      <Button variant="subtle" size="xs" onClick={() => setOpen(true)}>
        Older entries
      </Button>
    );
  const state = queryState(query);
  if (state.error !== null && !state.data)
    return <LoadError title="Older entries could not be loaded" message={state.error} onRetry={state.retry} />;
  if (!state.data) return <CardSkeleton lines={3} />;
  return (
    <>
      <TimelineEntries items={state.data.items} {...actions} />
      {state.data.next_before && <OlderEntries subject={subject} before={state.data.next_before} {...actions} />}
    </>
  );
}

/**
 * A lead's, opportunity's or client's timeline: the next activity first, then activities, notes,
 * stage changes and the conversion, newest first; add an activity or a note. Marking an activity
 * done offers the activity its type suggests next.
 */
export function TimelineCard({ subject, readOnly = false }: { subject: CrmSubjectQuery; readOnly?: boolean }) {
  const toast = useToast();
  const query = useGetTimelineQuery(subject);
  const state = queryState(query);
  const [markDone] = useMarkActivityDoneMutation();
  const [createNote, noteState] = useCreateCrmNoteMutation();
  const [activityOpen, setActivityOpen] = useState(false);
  const [editing, setEditing] = useState<Activity | null>(null);
  const [prefill, setPrefill] = useState<{ type_id: number; due_at: string } | null>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);

  const done = async (activity: Activity) => {
    const result = await markDone({ id: activity.id, done: true });
    if ('error' in result) {
      toast.show({
        severity: 'error',
        summary: 'Not marked done',
        detail: errorMessage(result.error as RequestError, 'Please try again.'),
      });
      return;
    }
    toast.show({ severity: 'success', summary: result.data.message ?? CRM_MESSAGES.activityDone });
    const next = result.data.suggested_next;
    if (next) {
      setEditing(null);
      setPrefill({ type_id: next.type_id, due_at: next.due_at });
      setActivityOpen(true);
    }
  };

  const addNote = async () => {
    const check = validateWith(crmNoteInputSchema, {
      body: note,
      lead_id: subject.lead_id ?? null,
      opportunity_id: subject.opportunity_id ?? null,
      client_id: subject.client_id ?? null,
    });
    if (!check.valid) {
      setNoteError(check.errors.body ?? Object.values(check.errors)[0] ?? null);
      return;
    }
    const result = await createNote(check.data);
    if ('error' in result) {
      setNoteError(errorMessage(result.error as RequestError, 'The note was not saved.'));
      return;
    }
    setNote('');
    setNoteError(null);
    toast.show({ severity: 'success', summary: result.data.message ?? 'Note added.' });
  };

  const timeline = state.data;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="timeline-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4" id="timeline-title">
            Timeline
          </Title>
          {!readOnly && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => {
                setEditing(null);
                setPrefill(null);
                setActivityOpen(true);
              }}
            >
              Add activity
            </Button>
          )}
        </Group>
        {!readOnly && (
          <Stack gap="xs">
            <Textarea
              label="Add a note"
              autosize
              minRows={2}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              error={noteError}
            />
            <Group justify="flex-end">
              <Button size="xs" variant="default" onClick={() => void addNote()} loading={noteState.isLoading}>
                Save note
              </Button>
            </Group>
          </Stack>
        )}
        {state.error !== null && !timeline ? (
          <LoadError title="The timeline could not be loaded" message={state.error} onRetry={state.retry} />
        ) : !timeline ? (
          <CardSkeleton lines={4} />
        ) : (
          <>
            {timeline.next_activity && (
              <NextActivity activity={timeline.next_activity} onDone={(a) => void done(a)} readOnly={readOnly} />
            )}
            {timeline.items.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nothing has happened yet. Activities, notes and stage changes will show here.
              </Text>
            ) : (
              <TimelineEntries
                items={timeline.items}
                readOnly={readOnly}
                onDone={(activity) => void done(activity)}
                onEdit={(activity) => {
                  setPrefill(null);
                  setEditing(activity);
                  setActivityOpen(true);
                }}
              />
            )}
            {timeline.next_before && (
              <OlderEntries
                subject={subject}
                before={timeline.next_before}
                readOnly={readOnly}
                onDone={(activity) => void done(activity)}
                onEdit={(activity) => {
                  setPrefill(null);
                  setEditing(activity);
                  setActivityOpen(true);
                }}
              />
            )}
          </>
        )}
      </Stack>
      <ActivityModal
        opened={activityOpen}
        onClose={() => setActivityOpen(false)}
        subject={subject}
        activity={editing}
        prefill={prefill}
      />
    </Card>
  );
}
