import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Stack, Text, VisuallyHidden } from '@mantine/core';
import type { CrmPipeline } from '@ledgerleaf/domain';
import { paths } from '@ledgerleaf/api';
import { Chart } from '@ledgerleaf/ui/chart';
import { axisDollars, count, money } from '../shared/format';

/** The CRM pipeline chart: value per open stage, with its count; a bar opens the board. */
export default function PipelineChart({ pipeline }: { pipeline: CrmPipeline }) {
  const navigate = useNavigate();
  const stages = useMemo(() => pipeline.stages.filter((stage) => stage.type === 'open'), [pipeline]);
  // The same option while the data is the same: a new one draws the chart again.
  const option = useMemo(
    () => ({
      tooltip: {
        trigger: 'axis',
        formatter: (items: Array<{ dataIndex: number }>) => {
          const stage = stages[items[0]?.dataIndex ?? 0];
          return stage
            ? `${stage.name}: ${money(stage.value)} (${count(stage.count, 'opportunity', 'opportunities')})`
            : '';
        },
      },
      grid: { left: 8, right: 8, top: 16, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: stages.map((stage) => stage.name) },
      yAxis: { type: 'value', axisLabel: { formatter: axisDollars } },
      series: [
        {
          name: 'Value',
          type: 'bar',
          data: stages.map((stage) => ({ value: stage.value, itemStyle: { color: stage.color } })),
          label: {
            show: true,
            position: 'top',
            formatter: (item: { dataIndex: number }) => String(stages[item.dataIndex]?.count ?? ''),
          },
        },
      ],
    }),
    [stages],
  );
  if (stages.every((stage) => stage.count === 0))
    return (
      <Text size="sm" c="dimmed">
        No open opportunities yet. Opportunities you add to the pipeline appear here by stage.
      </Text>
    );
  const summary = `${money(pipeline.open.value)} in ${count(pipeline.open.count, 'open opportunity', 'open opportunities')} across ${count(stages.length, 'stage')}.`;
  return (
    <Stack gap="xs">
      <Chart
        height={280}
        option={option}
        label={`Open pipeline by stage. ${summary}`}
        onBarClick={() => navigate(paths.crm.opportunities.list)}
      />
      <Text size="sm" c="dimmed" data-testid="pipeline-summary">
        {summary}
      </Text>
      <VisuallyHidden>
        <table>
          <caption>Open pipeline by stage</caption>
          <thead>
            <tr>
              <th scope="col">Stage</th>
              <th scope="col">Opportunities</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {stages.map((stage) => (
              <tr key={stage.stage_id}>
                <th scope="row">{stage.name}</th>
                <td>{stage.count}</td>
                <td>{money(stage.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Stack>
  );
}
