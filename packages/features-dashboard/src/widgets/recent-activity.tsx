import { Link } from 'react-router';
import { Anchor, Stack, Text, Timeline } from '@mantine/core';
import type { RecentActivityItem } from '@ledgerleaf/domain';
import { useDateFormat } from '@ledgerleaf/api';

/** Recent Activity: what happened, to which record, by whom, when, and a link to it. */
export default function RecentActivity({ items }: { items: RecentActivityItem[] }) {
  const { formatDateTime } = useDateFormat();
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nothing has happened yet. Invoices, payments, clients and goals you add show up here.
      </Text>
    );
  return (
    <Timeline bulletSize={12} lineWidth={2} active={-1}>
      {items.map((item) => (
        <Timeline.Item key={item.id} title={item.description}>
          <Stack gap={0}>
            {item.subjectLabel &&
              (item.link ? (
                <Anchor component={Link} to={item.link} size="sm">
                  {item.subjectLabel}
                </Anchor>
              ) : (
                <Text size="sm">{item.subjectLabel}</Text>
              ))}
            <Text size="xs" c="dimmed">
              {item.userName ?? 'System'} · {formatDateTime(item.createdAt)}
            </Text>
          </Stack>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
