import {
  CATALOG_MESSAGES,
  NO_SOURCE_LABEL,
  addCalendarDays,
  crmOverviewFromFigures,
  estimateListQuerySchema,
  fromCents,
  invoiceListQuerySchema,
  leadConversionRate,
  rateWindowStart,
  startOfZonedMonth,
  winRate,
  zonedDateRange,
  zonedToday,
  type Client360,
  type CrmOverview,
  type CrmPipeline,
  type LeadAnalytics,
  type LeadAnalyticsQuery,
  type LeadStatus,
  type StageType,
} from '@ledgerleaf/domain';
import {
  clientCrmFigures,
  crmOverviewFigures,
  crmPipelineFigures,
  findClient,
  findCrmSettings,
  leadAnalyticsFigures,
  listClientContacts,
  listClientLeads,
  listClientOpportunities,
  listCrmActivities,
  listPayments,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { listEstimates, listInvoices, paymentView } from '../invoicing';
import { activityViews, timelineOf } from './activities.service';
import { businessTimeZone } from '../../lib/business-clock';
import { leadView } from './lead-view';
import { opportunityView } from './opportunities.service';

/*
 * The CRM's figures: the dashboard's crm-overview (definitions in domain `crmOverviewSchema`), its
 * pipeline chart and lead analytics (a source followed to won value, invoiced and paid), and client
 * 360 (the client stays invoicing's: read through its queries and services, never copied).
 */

/**
 * `GET /api/dashboard/crm-overview`: open = opportunities in an open-TYPE stage (value in dollars);
 * new leads this month = created since the first instant of the month in the business's time
 * zone; win rate = won / (won + lost) among opportunities closed in the settings' window (percent,
 * one decimal, null when none closed); lead conversion rate = leads created in the window now
 * converted / leads created in the window (null when none); hasData = any lead or opportunity.
 */
export async function crmOverview(deps: Deps, { auth }: { auth: AuthContext }): Promise<CrmOverview> {
  const now = deps.clock();
  const timeZone = await businessTimeZone(deps.db, auth.businessId);
  const settings = await findCrmSettings(deps.db, { businessId: auth.businessId });
  const figures = await crmOverviewFigures(deps.db, {
    businessId: auth.businessId,
    monthStart: startOfZonedMonth(now, timeZone),
    windowStart: rateWindowStart(now, settings.rate_window_days, timeZone),
  });
  return crmOverviewFromFigures(figures);
}

/** `GET /api/dashboard/crm-pipeline`: every stage in order with its count, value and weighted value, and the open ones together. */
export async function crmPipeline(deps: Deps, { auth }: { auth: AuthContext }): Promise<CrmPipeline> {
  const rows = await crmPipelineFigures(deps.db, { businessId: auth.businessId });
  const open = rows.filter((row) => row.type === 'open');
  const sum = (key: 'count' | 'amount_cents' | 'weighted_cents') => open.reduce((total, row) => total + row[key], 0);
  return {
    stages: rows.map((row) => ({
      stage_id: row.stage_id,
      name: row.name,
      color: row.color,
      type: row.type as StageType,
      count: row.count,
      value: fromCents(row.amount_cents),
      weighted_value: fromCents(row.weighted_cents),
    })),
    open: {
      count: sum('count'),
      value: fromCents(sum('amount_cents')),
      weighted_value: fromCents(sum('weighted_cents')),
    },
  };
}

/**
 * `GET /api/dashboard/lead-analytics?from=&to=`: leads created in the period by status and by
 * source, and per source its won value and the invoiced and paid amounts of the invoices made from
 * its won opportunities (directly, or through a linked estimate converted to the invoice). Without
 * from and to, the period is the CRM settings' rate window (the overview's), so the rates and the
 * table the dashboard shows side by side count the same leads. The rates are the answer's own,
 * over its period.
 */
export async function leadAnalytics(
  deps: Deps,
  { auth, query }: { auth: AuthContext; query: LeadAnalyticsQuery },
): Promise<LeadAnalytics> {
  const timeZone = await businessTimeZone(deps.db, auth.businessId);
  let period: LeadAnalytics['period'] = { from: query.from ?? null, to: query.to ?? null, window_days: null };
  if (!query.from && !query.to) {
    const days = (await findCrmSettings(deps.db, { businessId: auth.businessId })).rate_window_days;
    const today = zonedToday(deps.clock(), timeZone);
    period = { from: addCalendarDays(today, 1 - days), to: today, window_days: days };
  }
  const range = zonedDateRange(period, timeZone);
  const figures = await leadAnalyticsFigures(deps.db, {
    businessId: auth.businessId,
    since: range.since,
    before: range.before,
  });
  const total = (key: 'leads' | 'converted' | 'won_count') => figures.by_source.reduce((sum, row) => sum + row[key], 0);
  return {
    period,
    conversion_rate: leadConversionRate(total('converted'), total('leads')),
    win_rate: winRate(total('won_count'), figures.lost_count),
    by_status: figures.by_status.map((row) => ({ status: row.status as LeadStatus, count: row.count })),
    by_source: figures.by_source.map((row) => ({
      source_id: row.source_id,
      name: row.name ?? NO_SOURCE_LABEL,
      archived: row.archived,
      leads: row.leads,
      converted: row.converted,
      won_count: row.won_count,
      won_value: fromCents(row.won_cents),
      invoiced: fromCents(row.invoiced_cents),
      paid: fromCents(row.paid_cents),
    })),
  };
}

/** `GET /api/crm/client-360/{clientId}`: everything about one client. */
export async function client360(
  deps: Deps,
  { auth, clientId }: { auth: AuthContext; clientId: number },
): Promise<Client360> {
  const businessId = auth.businessId;
  const now = deps.clock();
  const client = await findClient(deps.db, { businessId, clientId });
  if (!client) throw notFound(CATALOG_MESSAGES.clientNotFound);
  const contacts = await listClientContacts(deps.db, { businessId, clientIds: [clientId] });
  const figures = await clientCrmFigures(deps.db, { businessId, clientId });
  const opportunities = (await listClientOpportunities(deps.db, { businessId, clientId })).map((row) =>
    opportunityView(row, now),
  );
  const leads = (await listClientLeads(deps.db, { businessId, clientId })).map(leadView);
  const activityRows = await listCrmActivities(deps.db, {
    businessId,
    subject: { kind: 'client', id: clientId },
    includeRelated: true,
    done: 'all',
    limit: 50,
    offset: 0,
  });
  const activities = await activityViews(deps.db, businessId, activityRows.rows);
  const invoices = await listInvoices(deps, {
    auth,
    query: invoiceListQuerySchema.parse({ client_id: clientId, per_page: 100, sort: 'issue_date', direction: 'desc' }),
  });
  const estimates = await listEstimates(deps, {
    auth,
    query: estimateListQuerySchema.parse({ client_id: clientId, per_page: 100, sort: 'issue_date', direction: 'desc' }),
  });
  const payments = [];
  for (const invoice of invoices.data)
    if (invoice.amount_paid > 0)
      payments.push(...(await listPayments(deps.db, { businessId, invoiceId: invoice.id })).map(paymentView));
  payments.sort((a, b) => (a.payment_date < b.payment_date ? 1 : a.payment_date > b.payment_date ? -1 : b.id - a.id));
  const timeline = await timelineOf(deps.db, businessId, { kind: 'client', id: clientId }, undefined, 30);
  return {
    client: {
      id: client.id,
      name: client.name,
      email: client.email,
      phone: client.phone,
      status: client.archived_at ? 'archived' : 'active',
      contacts: contacts.map((contact) => ({
        id: contact.id,
        name: contact.name,
        email: contact.email,
        phone: contact.phone,
        is_primary: Boolean(contact.is_primary),
      })),
    },
    figures: {
      outstanding_balance: fromCents(figures.outstanding_cents),
      lifetime_revenue: fromCents(figures.lifetime_revenue_cents),
      average_days_to_pay: figures.average_days_to_pay,
      open_opportunities_value: fromCents(figures.open_opportunities_cents),
      won_value: fromCents(figures.won_cents),
    },
    open_opportunities: opportunities.filter((opportunity) => opportunity.stage_type === 'open'),
    closed_opportunities: opportunities.filter((opportunity) => opportunity.stage_type !== 'open'),
    leads,
    next_activity: timeline.next_activity,
    activities,
    invoices: invoices.data,
    estimates: estimates.data,
    payments,
    timeline: timeline.items,
  };
}
