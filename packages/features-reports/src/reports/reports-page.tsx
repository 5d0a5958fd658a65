import { Link } from 'react-router';
import { Anchor, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { REPORT_KINDS, REPORTS, type ReportKind } from '@ledgerleaf/domain';
import { paths } from '@ledgerleaf/api';
import { PageHeader } from '@ledgerleaf/ui';
import { useUrlParams } from '@ledgerleaf/ui/routing';
import { ReportView } from './report-view';

/** `/reports`: the standard reports, and the one named by `?report=` opened with its own URL state. */
export function ReportsPage() {
  const url = useUrlParams();
  const report = url.get('report');
  if ((REPORT_KINDS as readonly string[]).includes(report)) return <ReportView report={report as ReportKind} />;
  return <ReportList />;
}

/** The list of reports: each a card linking to it. */
export function ReportList() {
  return (
    <Stack gap="md">
      <PageHeader
        title="Reports"
        description="Figures that add up to the cent, for any period in your time zone, with the records behind every row."
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {REPORT_KINDS.map((kind) => (
          <Card key={kind} withBorder padding="md" component="article" aria-labelledby={`report-${kind}`}>
            <Title order={2} fz="h4" id={`report-${kind}`}>
              <Anchor component={Link} to={`${paths.reports}?report=${kind}`} inherit>
                {REPORTS[kind].title}
              </Anchor>
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {REPORTS[kind].description}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export function ReportSkeleton() {
  return (
    <Stack gap={6} role="status" aria-label="Loading the report">
      <Skeleton h={220} />
      {Array.from({ length: 5 }, (_, index) => (
        <Skeleton key={index} h={28} />
      ))}
    </Stack>
  );
}
