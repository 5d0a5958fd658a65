import { z } from 'zod';
import { isoDateSchema } from '../common';
import { fromCents } from '../money';
import { clientContactSchema } from '../catalog/clients';
import { estimateListItemSchema } from '../estimates/estimates';
import { invoiceListItemSchema } from '../invoicing/contracts';
import { paymentSchema } from '../invoicing/payments';
import { CRM_MESSAGES } from './messages';
import { leadConversionRate, winRate } from './rates';
import { LEAD_STATUSES } from './leads';
import { activitySchema, timelineItemSchema } from './activities';
import { opportunitySchema } from './opportunities';
import { leadSchema } from './leads';
import { stageTypeSchema } from './config';

/*
 * The figures the dashboard and the CRM screens read: the crm-overview of SPEC.md sections 3 and 7,
 * the pipeline chart, the lead analytics, and client 360.
 */

/**
 * `GET /api/dashboard/crm-overview` (SPEC.md sections 3 and 7), exactly these six fields:
 * - `openOpportunitiesValue`: the sum of the amounts of the opportunities in an OPEN-type stage,
 *   in dollars (a decimal, like every amount of the API);
 * - `openOpportunitiesCount`: how many opportunities are in an open-type stage;
 * - `newLeadsThisMonth` (the dashboard shows it as leadCount): leads created since the first
 *   instant of the current month in the business's time zone (`startOfZonedMonth`);
 * - `leadConversionRate`: `leadConversionRate(converted, created)` over the leads created in the
 *   settings' window; percent with one decimal, null when none was created;
 * - `winRate`: `winRate(won, lost)` over the opportunities closed in the window; percent with one
 *   decimal, null when none closed;
 * - `hasData`: the business has any lead or any opportunity.
 */
export const crmOverviewSchema = z.object({
  openOpportunitiesValue: z.number(),
  openOpportunitiesCount: z.number().int(),
  newLeadsThisMonth: z.number().int(),
  leadConversionRate: z.number().nullable(),
  winRate: z.number().nullable(),
  hasData: z.boolean(),
});
export type CrmOverview = z.infer<typeof crmOverviewSchema>;

/** The counts and sums the database answers for the overview (cents and counts). */
export interface CrmOverviewFigures {
  open_count: number;
  open_amount_cents: number;
  new_leads_this_month: number;
  window_leads_created: number;
  window_leads_converted: number;
  window_won: number;
  window_lost: number;
  has_data: boolean;
}

/** The overview answer from the database's figures (the one place the rates are applied). */
export function crmOverviewFromFigures(figures: CrmOverviewFigures): CrmOverview {
  return {
    openOpportunitiesValue: fromCents(figures.open_amount_cents),
    openOpportunitiesCount: figures.open_count,
    newLeadsThisMonth: figures.new_leads_this_month,
    leadConversionRate: leadConversionRate(figures.window_leads_converted, figures.window_leads_created),
    winRate: winRate(figures.window_won, figures.window_lost),
    hasData: figures.has_data,
  };
}

/** The dashboard's CRM pipeline chart: every stage in pipeline order with its count, value and weighted value. */
export const crmPipelineSchema = z.object({
  stages: z.array(
    z.object({
      stage_id: z.number().int(),
      name: z.string(),
      color: z.string(),
      type: stageTypeSchema,
      count: z.number().int(),
      value: z.number(),
      weighted_value: z.number(),
    }),
  ),
  /** The open stages together (what "Pipeline Value" means). */
  open: z.object({ count: z.number().int(), value: z.number(), weighted_value: z.number() }),
});
export type CrmPipeline = z.infer<typeof crmPipelineSchema>;

/**
 * `GET /api/dashboard/lead-analytics?from=&to=` (dates in the business's time zone, both ends
 * included; both omitted: the CRM settings' rate window, the last `rate_window_days` days through
 * today, the window of the overview's rates): leads created in the period by status and by source, and for
 * each source the money it brought: `won_value` (amounts of its won opportunities closed in the
 * period), `invoiced` and `paid` (totals and paid amounts of the issued, non-void invoices linked to
 * those won opportunities, directly or through a linked estimate converted to the invoice).
 * Leads without a source and opportunities without one are the row with `source_id: null`.
 */
export const leadAnalyticsQuerySchema = z
  .object({ from: isoDateSchema.optional(), to: isoDateSchema.optional() })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: CRM_MESSAGES.dateRangeInvalid,
    path: ['to'],
  });
export type LeadAnalyticsQuery = z.output<typeof leadAnalyticsQuerySchema>;

export const leadAnalyticsSchema = z.object({
  /**
   * The period every figure of the answer covers (business dates, both ends included; null: open
   * on that side); `window_days` is the settings' window when the period is it, else null.
   */
  period: z.object({
    from: isoDateSchema.nullable(),
    to: isoDateSchema.nullable(),
    window_days: z.number().int().nullable(),
  }),
  /** `leadConversionRate` over the leads of the period (the rows of `by_source` added up): percent, null when none. */
  conversion_rate: z.number().nullable(),
  /** `winRate` over the opportunities closed in the period: percent, null when none closed. */
  win_rate: z.number().nullable(),
  by_status: z.array(z.object({ status: z.enum(LEAD_STATUSES), count: z.number().int() })),
  by_source: z.array(
    z.object({
      source_id: z.number().int().nullable(),
      /** "No source" for the null row. */
      name: z.string(),
      archived: z.boolean(),
      leads: z.number().int(),
      converted: z.number().int(),
      won_count: z.number().int(),
      won_value: z.number(),
      invoiced: z.number(),
      paid: z.number(),
    }),
  ),
});
export type LeadAnalytics = z.infer<typeof leadAnalyticsSchema>;
export const NO_SOURCE_LABEL = 'No source';

// ---------------------------------------------------------------- client 360

/**
 * `GET /api/crm/client-360/{clientId}`: everything about one client in one answer. The client
 * itself belongs to invoicing (the CRM links to it, never copies it); its invoices, estimates and
 * payments come from the invoicing queries. Money figures:
 * - `outstanding_balance`: the balances of its issued, unpaid invoices;
 * - `lifetime_revenue`: every payment received from it;
 * - `average_days_to_pay`: over its fully paid invoices, the days from the issue date to the date
 *   of the payment that settled it, averaged, one decimal; null when none is paid.
 */
export const client360Schema = z.object({
  client: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    status: z.enum(['active', 'archived']),
    contacts: z.array(clientContactSchema),
  }),
  figures: z.object({
    outstanding_balance: z.number(),
    lifetime_revenue: z.number(),
    average_days_to_pay: z.number().nullable(),
    open_opportunities_value: z.number(),
    won_value: z.number(),
  }),
  open_opportunities: z.array(opportunitySchema),
  closed_opportunities: z.array(opportunitySchema),
  leads: z.array(leadSchema),
  next_activity: activitySchema.nullable(),
  activities: z.array(activitySchema),
  invoices: z.array(invoiceListItemSchema),
  estimates: z.array(estimateListItemSchema),
  payments: z.array(paymentSchema),
  timeline: z.array(timelineItemSchema),
});
export type Client360 = z.infer<typeof client360Schema>;
export const client360ResponseSchema = z.object({ data: client360Schema });
