import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Card, CloseButton, Group, Pagination, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { ReportDrill } from '@ledgerleaf/domain';
import { paths, queryState, useDateFormat } from '@ledgerleaf/api';
import { reportRecordsExportUrl, useGetReportRecordsQuery, type ReportRecordsArgs } from '@ledgerleaf/api/reports';
import { LoadError } from '@ledgerleaf/ui';
import { alignOf, formatCell } from '../shared/format';
import { ExportButtons } from './export-buttons';

const PER_PAGE = 25;

export interface RecordsPanelProps {
  drill: ReportDrill & { target: 'invoices' | 'payments' };
  label: string;
  onClose: () => void;
}

/**
 * The records behind a row (invoices, payments), a page at a time with their totals; each links to
 * its invoice, and the whole list exports as CSV or XLSX (streamed by the server).
 */
export function RecordsPanel({ drill, label, onClose }: RecordsPanelProps) {
  const [page, setPage] = useState(1);
  const { formatDate } = useDateFormat();
  const args = { kind: drill.target, ...drill.params, page, per_page: PER_PAGE } as ReportRecordsArgs;
  const state = queryState(useGetReportRecordsQuery(args));
  const title = drill.target === 'invoices' ? 'Invoices' : 'Payments';
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="report-records-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Title order={2} fz="h4" id="report-records-title">
              {title} behind the row
            </Title>
            <Text size="sm" c="dimmed">
              {label}
            </Text>
          </div>
          <CloseButton onClick={onClose} aria-label="Close the records" />
        </Group>
        <ExportButtons
          what={`these ${title.toLowerCase()}`}
          formats={(['csv', 'xlsx'] as const).map((format) => ({ format, url: reportRecordsExportUrl(args, format) }))}
        />
        {state.error ? (
          <LoadError title="Could not load the records" message={state.error} onRetry={state.retry} />
        ) : !state.data ? (
          <Stack gap={6} role="status" aria-label="Loading the records">
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} h={28} />
            ))}
          </Stack>
        ) : state.data.data.length === 0 ? (
          <Text c="dimmed">No records.</Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={640}>
              <Table striped verticalSpacing="xs" aria-label={`${title} behind the row`}>
                <Table.Thead>
                  <Table.Tr>
                    {state.data.columns.map((column) => (
                      <Table.Th key={column.key} ta={alignOf(column.kind)} scope="col">
                        {column.label}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {state.data.data.map((record) => (
                    <Table.Tr key={record.id}>
                      {state.data!.columns.map((column) => {
                        const text = formatCell(column.kind, record.cells[column.key] ?? null, formatDate);
                        return (
                          <Table.Td key={column.key} ta={alignOf(column.kind)} style={{ whiteSpace: 'nowrap' }}>
                            {column.key === 'number' ? (
                              <Anchor component={Link} to={paths.invoices.detail(record.invoice_id)}>
                                {text || 'Invoice'}
                              </Anchor>
                            ) : (
                              text
                            )}
                          </Table.Td>
                        );
                      })}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    {state.data.columns.map((column) => (
                      <Table.Th key={column.key} ta={alignOf(column.kind)}>
                        {formatCell(column.kind, state.data!.totals[column.key] ?? null, formatDate)}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {state.data.meta.total.toLocaleString('en-US')} {title.toLowerCase()}
              </Text>
              {state.data.meta.last_page > 1 ? (
                <Pagination
                  size="sm"
                  total={state.data.meta.last_page}
                  value={page}
                  onChange={setPage}
                  aria-label={`${title} pages`}
                />
              ) : null}
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
