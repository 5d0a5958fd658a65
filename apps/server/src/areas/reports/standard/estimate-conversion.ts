import {
  ESTIMATE_STATUSES,
  deriveEstimateStatus,
  startOfZonedDay,
  type EstimateStatus,
  type Report,
  type ReportQuery,
} from '@ledgerleaf/domain';
import { estimatesSentFigures, toDbTime } from '@ledgerleaf/db';
import { count, dayCutoff, money, percent, resolvePeriod, shape, text, type ReportContext } from './frame';

const ESTIMATE_OUTCOMES = ['converted', 'accepted', 'declined', 'expired', 'open'] as const;
const ESTIMATE_OUTCOME_LABELS: Record<(typeof ESTIMATE_OUTCOMES)[number], string> = {
  converted: 'Converted to invoice',
  accepted: 'Accepted (not converted yet)',
  declined: 'Declined',
  expired: 'Expired',
  open: 'Awaiting an answer',
};

export async function estimateConversion(ctx: ReportContext, query: ReportQuery): Promise<Report> {
  const period = resolvePeriod(query, ctx.today);
  const estimates = await estimatesSentFigures(ctx.db, {
    businessId: ctx.businessId,
    since: toDbTime(startOfZonedDay(period.from, ctx.timeZone)),
    before: dayCutoff(period.to, ctx.timeZone),
  });
  const tally = Object.fromEntries(ESTIMATE_OUTCOMES.map((outcome) => [outcome, { count: 0, cents: 0 }])) as Record<
    (typeof ESTIMATE_OUTCOMES)[number],
    { count: number; cents: number }
  >;
  let acceptedDays = 0;
  let acceptedWithDate = 0;
  for (const estimate of estimates) {
    const status = (ESTIMATE_STATUSES as readonly string[]).includes(estimate.status)
      ? deriveEstimateStatus(estimate.status as EstimateStatus, estimate.expiry_date, ctx.today)
      : 'sent';
    const outcome =
      status === 'converted' || estimate.invoice_id !== null
        ? 'converted'
        : status === 'accepted'
          ? 'accepted'
          : status === 'declined'
            ? 'declined'
            : status === 'expired'
              ? 'expired'
              : 'open';
    tally[outcome].count += 1;
    tally[outcome].cents += estimate.total_cents;
    if ((outcome === 'converted' || outcome === 'accepted') && estimate.accepted_at) {
      acceptedDays += (Date.parse(estimate.accepted_at) - Date.parse(estimate.sent_at)) / 86_400_000;
      acceptedWithDate += 1;
    }
  }
  const sent = estimates.length;
  const sentCents = estimates.reduce((sum, estimate) => sum + estimate.total_cents, 0);
  const won = tally.converted.count + tally.accepted.count;
  const wonCents = tally.converted.cents + tally.accepted.cents;
  const statusFilter: Record<(typeof ESTIMATE_OUTCOMES)[number], string> = {
    converted: 'converted',
    accepted: 'accepted',
    declined: 'declined',
    expired: 'expired',
    open: 'open',
  };
  return shape('estimate_conversion', ctx, {
    columns: [
      text('outcome', 'Outcome'),
      count('estimates', 'Estimates'),
      money('value', 'Value'),
      { key: 'share', label: 'Share of sent', kind: 'percent', total: sent === 0 ? null : 100 },
    ],
    rows: ESTIMATE_OUTCOMES.map((outcome) => ({
      key: outcome,
      cells: {
        outcome: ESTIMATE_OUTCOME_LABELS[outcome],
        estimates: tally[outcome].count,
        value: tally[outcome].cents,
        share: percent(tally[outcome].count, sent),
      },
      drill: { target: 'estimates' as const, params: { status: statusFilter[outcome] } },
    })),
    period,
    totalsDrill: { target: 'estimates', params: {} },
    summary: [
      { label: 'Sent', value: sent, kind: 'count' },
      { label: 'Conversion rate by count', value: percent(won, sent), kind: 'percent' },
      { label: 'Conversion rate by value', value: percent(wonCents, sentCents), kind: 'percent' },
      {
        label: 'Average days from sent to accepted',
        value: acceptedWithDate === 0 ? null : Math.round((acceptedDays / acceptedWithDate) * 10) / 10,
        kind: 'days',
      },
    ],
    chart:
      sent > 0
        ? {
            type: 'pie',
            labels: ESTIMATE_OUTCOMES.map((outcome) => ESTIMATE_OUTCOME_LABELS[outcome]),
            series: [{ name: 'Estimates', values: ESTIMATE_OUTCOMES.map((outcome) => tally[outcome].count) }],
            unit: 'count',
          }
        : null,
    notes: [
      'Estimates sent in the period (by the day they were sent, in the business’s time zone) and what became of them; accepted and converted count as won.',
    ],
  });
}
