import type { Report } from '@ledgerleaf/domain';
import { crmPipelineFigures, stageReachFigures } from '@ledgerleaf/db';
import { count, dollars, money, percent, shape, text, type ReportContext } from './frame';

export async function crmFunnel(ctx: ReportContext): Promise<Report> {
  const [stages, { byStage: reach, opportunities: everStaged }] = await Promise.all([
    crmPipelineFigures(ctx.db, { businessId: ctx.businessId }),
    stageReachFigures(ctx.db, { businessId: ctx.businessId }),
  ]);
  const open = stages.filter((stage) => stage.type === 'open');
  const ordered = [...open, ...stages.filter((stage) => stage.type !== 'open')];
  return shape('crm_funnel', ctx, {
    columns: [
      text('stage', 'Stage'),
      count('opportunities', 'Opportunities'),
      money('value', 'Value'),
      money('weighted', 'Weighted value'),
      // An opportunity reaches several stages: the total is how many opportunities ever entered
      // the pipeline (each counted once), not the sum of the stages.
      { ...count('reached', 'Ever reached'), total: everStaged },
      { key: 'conversion', label: 'Went on to the next stage', kind: 'percent' },
    ],
    rows: ordered.map((stage) => {
      const index = open.indexOf(stage);
      const next = index >= 0 ? (open[index + 1] ?? stages.find((s) => s.type === 'won')) : undefined;
      const reached = reach.get(stage.stage_id) ?? 0;
      return {
        key: String(stage.stage_id),
        cells: {
          stage: stage.name,
          opportunities: stage.count,
          value: stage.amount_cents,
          weighted: stage.weighted_cents,
          reached,
          conversion: next ? percent(reach.get(next.stage_id) ?? 0, reached) : null,
        },
        drill: { target: 'opportunities' as const, params: { stage_id: String(stage.stage_id) } },
      };
    }),
    totalsDrill: { target: 'opportunities', params: {} },
    chart: {
      type: 'bar',
      labels: ordered.map((stage) => stage.name),
      series: [
        { name: 'Value', values: ordered.map((stage) => dollars(stage.amount_cents)) },
        { name: 'Weighted value', values: ordered.map((stage) => dollars(stage.weighted_cents)) },
      ],
      unit: 'money',
    },
    notes: [
      'Opportunities as they stand now (the pipeline board’s figures); weighted value is the value times the probability, per card, half up.',
      'Stage-to-stage conversion: of the opportunities that ever entered a stage, how many entered the next one (the last open stage: won).',
      'Ever reached, in the totals row: the opportunities that ever entered the pipeline, each counted once (one opportunity reaches several stages).',
    ],
  });
}
