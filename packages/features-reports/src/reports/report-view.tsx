import { Link } from 'react-router';
import { Alert, Anchor, Card, Group, Select, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  DATE_PRESETS,
  DATE_PRESET_LABELS,
  PAYMENTS_GROUPS,
  PAYMENTS_GROUP_LABELS,
  REPORTS,
  REPORT_BASES,
  REPORT_FORMATS,
  type DatePreset,
  type PaymentsGroup,
  type ReportBasis,
  type ReportDrill,
  type ReportKind,
} from '@ledgerleaf/domain';
import { paths, queryState, useDateFormat } from '@ledgerleaf/api';
import { reportExportUrl, useGetReportQuery, type ReportArgs } from '@ledgerleaf/api/reports';
import { DateField, EmptyState, LoadError, PageHeader } from '@ledgerleaf/ui';
import { useUrlParams } from '@ledgerleaf/ui/routing';
import { formatCell } from '../shared/format';
import { DRILL_PREFIX, drillToUrl, isRecordDrill } from '../shared/drill';
import { ReportChart } from '../shared/report-chart';
import { ReportTable } from '../shared/report-table';
import { ExportButtons } from './export-buttons';
import { RecordsPanel } from './records-panel';
import { ReportSkeleton } from './reports-page';

const BASIS_SHORT: Record<ReportBasis, string> = { accrual: 'Accrual', cash: 'Cash' };

/** The records drill in the URL, or null. */
function drillFromUrl(params: URLSearchParams): (ReportDrill & { target: 'invoices' | 'payments' }) | null {
  const target = params.get('drill');
  if (target !== 'invoices' && target !== 'payments') return null;
  const drillParams: Record<string, string> = {};
  for (const [key, value] of params.entries())
    if (key.startsWith(DRILL_PREFIX)) drillParams[key.slice(DRILL_PREFIX.length)] = value;
  return { target, params: drillParams };
}

/**
 * One report: its range (presets in the business's time zone, or custom dates), "as of" for aging,
 * the basis where cash and accrual differ (printed above the table and in every export), the
 * grouping of payments; the chart, the table with its totals row, the notes, the exports, and the
 * records behind a row. All of it lives in the URL, so a report can be bookmarked and shared.
 */
/**
 * What an empty report says, in the terms of what it was asked for: a date for a report as of a
 * date (aging), a period for one over a period; a report of how things stand now has neither.
 */
export function emptyReport(
  info: (typeof REPORTS)[ReportKind],
  asOf: string | null,
): { title: string; message: string } {
  if (info.asOf)
    return {
      title: 'Nothing on this date',
      message: `No records as of ${asOf ?? 'the chosen date'}. Try another date.`,
    };
  if (info.noRange) return { title: 'Nothing yet', message: 'There are no records for this report yet.' };
  return { title: 'Nothing in this period', message: 'No records fall in the chosen dates. Try another period.' };
}

export function ReportView({ report }: { report: ReportKind }) {
  const info = REPORTS[report];
  const url = useUrlParams();
  const { inputFormat, formatDate } = useDateFormat();
  const preset = url.oneOf<DatePreset>('preset', DATE_PRESETS, 'this_year');
  const from = url.get('from');
  const to = url.get('to');
  const asOf = url.get('as_of');
  const basis = url.oneOf<ReportBasis>('basis', REPORT_BASES, report === 'income_statement' ? 'cash' : 'accrual');
  const group = url.oneOf<PaymentsGroup>('group', PAYMENTS_GROUPS, 'date');
  const range = !info.asOf && !info.noRange;
  const customReady = preset !== 'custom' || (from !== '' && to !== '' && from <= to);
  const args: ReportArgs = {
    report,
    ...(range ? (preset === 'custom' ? { preset, from, to } : { preset }) : {}),
    ...(info.asOf && asOf ? { as_of: asOf } : {}),
    ...(info.bases ? { basis } : {}),
    ...(info.groups ? { group } : {}),
  };
  const state = queryState(useGetReportQuery(args, { skip: !customReady }));
  const drill = drillFromUrl(url.params);
  const openDrill = (next: ReportDrill, label: string) =>
    url.update(
      {
        drill: null,
        ...Object.fromEntries([...url.params.keys()].filter((k) => k.startsWith(DRILL_PREFIX)).map((k) => [k, null])),
        ...drillToUrl(next),
        drill_label: label,
      },
      { push: true },
    );
  const closeDrill = () =>
    url.update({
      drill: null,
      drill_label: null,
      ...Object.fromEntries([...url.params.keys()].filter((k) => k.startsWith(DRILL_PREFIX)).map((k) => [k, null])),
    });
  const data = state.data;
  return (
    <Stack gap="md">
      <PageHeader
        title={info.title}
        description={info.description}
        actions={
          <Anchor component={Link} to={paths.reports} size="sm">
            All reports
          </Anchor>
        }
      />
      <Card withBorder padding="md">
        <Group gap="md" align="flex-end" wrap="wrap">
          {range ? (
            <Select
              label="Period"
              data={DATE_PRESETS.map((value) => ({ value, label: DATE_PRESET_LABELS[value] }))}
              value={preset}
              allowDeselect={false}
              onChange={(value) => url.update({ preset: value === 'this_year' ? null : value })}
              w={170}
            />
          ) : null}
          {range && preset === 'custom' ? (
            <>
              <DateField
                label="From"
                value={from}
                onChange={(value) => url.update({ from: value })}
                valueFormat={inputFormat}
                w={150}
              />
              <DateField
                label="To"
                value={to}
                onChange={(value) => url.update({ to: value })}
                valueFormat={inputFormat}
                w={150}
              />
            </>
          ) : null}
          {info.asOf ? (
            <DateField
              label="As of"
              value={asOf || data?.as_of || ''}
              onChange={(value) => url.update({ as_of: value })}
              valueFormat={inputFormat}
              w={160}
            />
          ) : null}
          {info.bases ? (
            <div>
              <Text size="sm" fw={500} mb={4} id="report-basis-label">
                Basis
              </Text>
              <SegmentedControl
                aria-labelledby="report-basis-label"
                data={REPORT_BASES.map((value) => ({ value, label: BASIS_SHORT[value] }))}
                value={basis}
                onChange={(value) => url.update({ basis: value })}
              />
            </div>
          ) : null}
          {info.groups ? (
            <div>
              <Text size="sm" fw={500} mb={4} id="report-group-label">
                Group by
              </Text>
              <SegmentedControl
                aria-labelledby="report-group-label"
                data={PAYMENTS_GROUPS.map((value) => ({ value, label: PAYMENTS_GROUP_LABELS[value] }))}
                value={group}
                onChange={(value) => url.update({ group: value === 'date' ? null : value })}
              />
            </div>
          ) : null}
          <div style={{ marginLeft: 'auto' }}>
            <ExportButtons
              what="the report"
              formats={REPORT_FORMATS.map((format) => ({ format, url: reportExportUrl(args, format) }))}
            />
          </div>
        </Group>
      </Card>
      {!customReady ? (
        <Alert color="yellow" title="Choose the dates">
          Pick both ends of the custom period (the end on or after the start).
        </Alert>
      ) : state.error ? (
        <LoadError title="The report could not be loaded" message={state.error} onRetry={state.retry} />
      ) : !data ? (
        <ReportSkeleton />
      ) : (
        <>
          <Text size="sm" c="dimmed" data-testid="report-context">
            {data.period ? `${formatDate(data.period.from)} to ${formatDate(data.period.to)}` : null}
            {data.as_of ? `As of ${formatDate(data.as_of)}` : null}
            {data.basis_label ? ` · ${data.basis_label}` : null}
            {` · Time zone ${data.time_zone}`}
          </Text>
          {data.summary.length > 0 ? (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
              {data.summary.map((item) => (
                <Card key={item.label} withBorder padding="sm">
                  <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                    {item.label}
                  </Text>
                  <Text fz="lg" fw={700}>
                    {formatCell(item.kind, item.value, formatDate)}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          ) : null}
          {data.rows.length === 0 ? (
            <EmptyState {...emptyReport(info, data.as_of ? formatDate(data.as_of) : null)} />
          ) : (
            <>
              {data.chart ? (
                <Card withBorder padding="md" component="section" aria-label={`${data.title} chart`}>
                  <ReportChart chart={data.chart} title={data.title} />
                </Card>
              ) : null}
              <Card withBorder padding={0} component="section" aria-labelledby="report-table-title">
                <Title order={2} fz="h4" id="report-table-title" p="md" pb={0}>
                  {data.title}
                </Title>
                <ReportTable report={data} onDrill={openDrill} />
              </Card>
            </>
          )}
          {drill && isRecordDrill(drill) ? (
            <RecordsPanel
              drill={drill}
              label={url.get('drill_label') || 'The records behind the row'}
              onClose={closeDrill}
            />
          ) : null}
          <Stack gap={2}>
            {data.notes.map((note) => (
              <Text key={note} size="xs" c="dimmed">
                {note}
              </Text>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
