import { Anchor, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { Report, ReportColumn, ReportDrill, ReportRow } from '@ledgerleaf/domain';
import { useDateFormat } from '@ledgerleaf/api';
import { alignOf, formatCell } from './format';
import { drillLink, isRecordDrill } from './drill';

export interface ReportTableProps {
  report: Pick<Report, 'title' | 'columns' | 'rows' | 'totals' | 'totals_drill'>;
  /** Opens the records behind a row (or a cell of a drill column, its parameters added). */
  onDrill: (drill: ReportDrill, label: string) => void;
}

function withColumn(drill: ReportDrill, column: ReportColumn): ReportDrill {
  return column.drill_params ? { ...drill, params: { ...drill.params, ...column.drill_params } } : drill;
}

/**
 * A report's table: one row per report row and the totals row (the sum of the rows) at the end.
 * The first cell of every row drills into the records behind it (the report's records panel for
 * invoices and payments, else the page that lists them); a cell of a drill column (an aging bucket)
 * drills into that part. Wide reports scroll sideways inside the table on a phone.
 */
export function ReportTable({ report, onDrill }: ReportTableProps) {
  const { formatDate } = useDateFormat();
  const [first, ...rest] = report.columns;
  if (!first) return null;
  const cell = (column: ReportColumn, row: Pick<ReportRow, 'cells' | 'drill'>, label: string, total = false) => {
    const text = formatCell(column.kind, row.cells[column.key] ?? null, formatDate);
    const value = row.cells[column.key];
    const drill =
      row.drill && column.drill_params && typeof value === 'number' && value !== 0
        ? withColumn(row.drill, column)
        : null;
    if (!drill) return total ? <strong>{text}</strong> : text;
    return (
      <DrillControl drill={drill} label={`${label}, ${column.label}: ${text}`} onDrill={onDrill}>
        {total ? <strong>{text}</strong> : text}
      </DrillControl>
    );
  };
  return (
    <Table.ScrollContainer minWidth={Math.max(480, report.columns.length * 110)}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={report.title}>
        <Table.Thead>
          <Table.Tr>
            {report.columns.map((column) => (
              <Table.Th key={column.key} ta={alignOf(column.kind)} scope="col">
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.rows.map((row) => {
            const label = formatCell(first.kind, row.cells[first.key] ?? null, formatDate);
            return (
              <Table.Tr key={row.key}>
                <Table.Th scope="row" fw={500}>
                  {row.drill ? (
                    <DrillControl drill={row.drill} label={`${label}: the records behind it`} onDrill={onDrill}>
                      {label}
                    </DrillControl>
                  ) : (
                    label
                  )}
                </Table.Th>
                {rest.map((column) => (
                  <Table.Td key={column.key} ta={alignOf(column.kind)} style={{ whiteSpace: 'nowrap' }}>
                    {cell(column, row, label)}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">
              {report.totals_drill ? (
                <DrillControl
                  drill={report.totals_drill}
                  label="Total: every record behind the report"
                  onDrill={onDrill}
                >
                  <strong>{String(report.totals[first.key] ?? 'Total')}</strong>
                </DrillControl>
              ) : (
                <strong>{String(report.totals[first.key] ?? 'Total')}</strong>
              )}
            </Table.Th>
            {rest.map((column) => (
              <Table.Td key={column.key} ta={alignOf(column.kind)} style={{ whiteSpace: 'nowrap' }}>
                {cell(column, { cells: report.totals, drill: report.totals_drill }, 'Total', true)}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

function DrillControl({
  drill,
  label,
  onDrill,
  children,
}: {
  drill: ReportDrill;
  label: string;
  onDrill: (drill: ReportDrill, label: string) => void;
  children: React.ReactNode;
}) {
  if (!isRecordDrill(drill))
    return (
      <Anchor component={Link} to={drillLink(drill)} inherit>
        {children}
        <VisuallyHidden> (open the records)</VisuallyHidden>
      </Anchor>
    );
  return (
    <UnstyledButton
      onClick={() => onDrill(drill, label)}
      aria-label={label}
      style={{ textDecoration: 'underline', textUnderlineOffset: 3 }}
    >
      <Text span inherit c="var(--mantine-primary-color-text, var(--mantine-color-anchor))">
        {children}
      </Text>
    </UnstyledButton>
  );
}
