import { useState } from 'react';
import { Badge, Button, Card, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import {
  FEEDBACK_RATING_MAX,
  FEEDBACK_TYPES,
  FEEDBACK_TYPE_LABELS,
  feedbackFeatureLabel,
  feedbackTypeLabel,
  type BetaFeedbackEntry,
  type FeedbackType,
} from '@ledgerleaf/domain';
import { useDateFormat, useListBetaFeedbackQuery, loadErrorMessage } from '@ledgerleaf/api';
import { DataTable, EmptyState, PageHeader, type DataTableColumn, LoadError } from '@ledgerleaf/ui';
import { useUrlParams } from '@ledgerleaf/ui/routing';

export const FEEDBACK_PER_PAGE = 20;

const ALL_TYPES = 'all';
const TYPE_OPTIONS = [
  { value: ALL_TYPES, label: 'All types' },
  ...FEEDBACK_TYPES.map((type) => ({ value: type, label: FEEDBACK_TYPE_LABELS[type] })),
];
const TYPE_COLORS: Record<string, string> = { bug: 'red', feature: 'blue', improvement: 'teal', other: 'gray' };

const isFeedbackType = (value: string | null): value is FeedbackType =>
  value !== null && (FEEDBACK_TYPES as readonly string[]).includes(value);

function detailsId(entry: BetaFeedbackEntry): string {
  return `feedback-${entry.id}-details`;
}

/** The whole report and the system info the browser sent with it (SPEC.md section 3). */
function FeedbackDetails({ entry }: { entry: BetaFeedbackEntry }) {
  const { formatDateTime } = useDateFormat();
  const info = entry.system_info;
  const rows: [string, string][] = [
    ['Browser', info.browser],
    ['Operating system', info.os],
    ['Screen size', info.screenSize],
    ['Page', info.currentUrl],
    ['Sent at (their clock)', formatDateTime(entry.client_timestamp)],
  ];
  return (
    <Stack gap="xs" id={detailsId(entry)} py="xs">
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {entry.description}
      </Text>
      <Title order={3} fz="sm">
        System info
      </Title>
      <Table variant="vertical" layout="fixed" verticalSpacing={4} aria-label="System info">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={{ base: 120, sm: 200 }}>{label}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {value || (
                  <Text span size="sm" c="dimmed">
                    Not reported
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/**
 * `/admin/feedback`: the beta feedback of the business (`GET /api/beta-feedback`), newest first,
 * one page at a time, filtered by type; a row opens on the whole description and the system info.
 * The type and the page live in the URL. Shown inside the admin layout, which refuses non-admins.
 */
export function FeedbackPage() {
  const { formatDateTime } = useDateFormat();
  const url = useUrlParams();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const typeParam = url.params.get('type');
  const type = isFeedbackType(typeParam) ? typeParam : undefined;
  const { page, update } = url;
  const query = useListBetaFeedbackQuery({ page, per_page: FEEDBACK_PER_PAGE, type });
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const columns: DataTableColumn<BetaFeedbackEntry>[] = [
    {
      key: 'created_at',
      header: 'Date',
      width: 130,
      render: (entry) => <Text size="sm">{formatDateTime(entry.created_at)}</Text>,
    },
    {
      key: 'type',
      header: 'Type',
      render: (entry) => (
        <Badge variant="light" color={TYPE_COLORS[entry.type] ?? 'gray'} style={{ whiteSpace: 'nowrap' }}>
          {feedbackTypeLabel(entry.type)}
        </Badge>
      ),
    },
    { key: 'feature', header: 'Feature', visibleFrom: 'md', render: (entry) => feedbackFeatureLabel(entry.feature) },
    {
      key: 'rating',
      header: 'Rating',
      visibleFrom: 'sm',
      render: (entry) =>
        entry.rating === null ? (
          <Text size="sm" c="dimmed">
            None
          </Text>
        ) : (
          `${entry.rating}/${FEEDBACK_RATING_MAX}`
        ),
    },
    {
      key: 'description',
      header: 'Description',
      render: (entry) => (
        <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {entry.description}
        </Text>
      ),
    },
    {
      key: 'reporter',
      header: 'Reporter',
      visibleFrom: 'sm',
      render: (entry) => (
        <Stack gap={0}>
          <Text size="sm">{entry.user_name ?? 'Former member'}</Text>
          {entry.user_email && (
            <Text size="xs" c="dimmed">
              {entry.user_email}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'details',
      header: (
        <Text span size="sm" fw={700}>
          Details
        </Text>
      ),
      align: 'right',
      render: (entry) => {
        const expanded = open.has(entry.id);
        return (
          <Button
            variant="subtle"
            size="compact-sm"
            aria-expanded={expanded}
            aria-controls={expanded ? detailsId(entry) : undefined}
            leftSection={
              expanded ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />
            }
            onClick={() => toggle(entry.id)}
          >
            {expanded ? 'Hide' : 'Show'}
          </Button>
        );
      },
    },
  ];

  const data = query.data;
  const empty = data !== undefined && data.meta.total === 0;
  return (
    <>
      <PageHeader
        titleOrder={2}
        title="Beta feedback"
        description="What people using the beta reported with the feedback button, newest first."
      />
      <Card withBorder padding="md">
        <Stack gap="md">
          <Select
            label="Type"
            data={TYPE_OPTIONS}
            value={type ?? ALL_TYPES}
            onChange={(value) => update({ type: value && value !== ALL_TYPES ? value : null, page: null })}
            allowDeselect={false}
            w={{ base: '100%', xs: 220 }}
          />
          {query.isError ? (
            <LoadError
              title="The feedback could not be loaded"
              message={loadErrorMessage(query.error)}
              onRetry={() => void query.refetch()}
            />
          ) : empty ? (
            type ? (
              <EmptyState
                title={`No ${FEEDBACK_TYPE_LABELS[type]} reports`}
                message="Choose All types to see every report."
              />
            ) : (
              <EmptyState
                title="No feedback yet"
                message="What people send with the beta feedback button appears here."
              />
            )
          ) : (
            <DataTable
              label="Beta feedback"
              columns={columns}
              rows={data?.data ?? []}
              rowKey={(entry) => entry.id}
              renderExpanded={(entry) => (open.has(entry.id) ? <FeedbackDetails entry={entry} /> : null)}
              page={data?.meta.page ?? page}
              lastPage={data?.meta.last_page ?? 1}
              total={data?.meta.total}
              perPage={data?.meta.per_page}
              onPageChange={(next) => update({ page: next === 1 ? null : String(next) })}
              loading={query.isFetching}
              minWidth={480}
            />
          )}
        </Stack>
      </Card>
    </>
  );
}
