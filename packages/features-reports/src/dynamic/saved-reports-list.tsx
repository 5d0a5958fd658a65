import { Link } from 'react-router';
import { ActionIcon, Anchor, Card, Group, Menu, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { DYNAMIC_SOURCE_LABELS, type SavedDynamicReport } from '@ledgerleaf/domain';
import { paths } from '@ledgerleaf/api';
import { LoadError } from '@ledgerleaf/ui';

export interface SavedReportsListProps {
  reports: SavedDynamicReport[] | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  /** The report open now. */
  currentId: number | null;
  onRename: (report: SavedDynamicReport) => void;
  onDuplicate: (report: SavedDynamicReport) => void;
  onDelete: (report: SavedDynamicReport) => void;
}

/** The business's saved reports: each opens by its link; rename and delete where the caller may change it, duplicate always. */
export function SavedReportsList({
  reports,
  loading,
  error,
  onRetry,
  currentId,
  onRename,
  onDuplicate,
  onDelete,
}: SavedReportsListProps) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="saved-reports-title">
      <Title order={2} fz="h4" id="saved-reports-title" mb="xs">
        Saved reports
      </Title>
      {error ? (
        <LoadError title="The saved reports could not be loaded" message={error} onRetry={onRetry} />
      ) : loading || !reports ? (
        <Stack gap={6} role="status" aria-label="Loading the saved reports">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} h={36} />
          ))}
        </Stack>
      ) : reports.length === 0 ? (
        <Text size="sm" c="dimmed">
          None yet. Build a report and save it to find it here.
        </Text>
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {reports.map((report) => (
            <li key={report.id}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Anchor
                    component={Link}
                    to={`${paths.dynamicReports}?id=${report.id}`}
                    fw={report.id === currentId ? 700 : 500}
                    aria-current={report.id === currentId ? 'page' : undefined}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {report.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {DYNAMIC_SOURCE_LABELS[report.definition.source]}
                    {report.created_by ? ` · ${report.created_by.name}` : ''}
                  </Text>
                </div>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon variant="subtle" size="lg" aria-label={`Actions for ${report.name}`}>
                      <IconDots size={16} aria-hidden />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {report.can_edit ? <Menu.Item onClick={() => onRename(report)}>Rename</Menu.Item> : null}
                    <Menu.Item onClick={() => onDuplicate(report)}>Duplicate</Menu.Item>
                    {report.can_edit ? (
                      <Menu.Item color="red" onClick={() => onDelete(report)}>
                        Delete
                      </Menu.Item>
                    ) : null}
                  </Menu.Dropdown>
                </Menu>
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}
