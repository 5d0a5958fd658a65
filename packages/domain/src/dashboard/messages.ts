/*
 * The dashboard's words (SPEC.md sections 2, 8 and 9), to the letter, shared by the server and the web.
 */
export const DASHBOARD_MESSAGES = {
  /** The welcome banner's message (`message` of the summary for a new business). */
  welcome: 'Start by creating your first invoice or adding a client using the quick actions below.',
  welcomeTitle: 'Welcome to Ledgerleaf!',
  /** Any failure of the staged load. */
  stagedLoadFailed: 'Failed to load dashboard data. Please refresh the page.',
  /** A full refresh failure (a banner). */
  refreshFailed: 'Failed to load dashboard data. Please try again later.',
  /** A single summary refresh failure. */
  summaryFailed: 'Failed to load financial data',
  errorTitle: 'Dashboard Error',
  chartTimeout: 'Failed to load chart component',
  boundaryTitle: 'Something went wrong',
  tryAgain: 'Try Again',
  dueThisWeekTooltip: 'Shows invoices due within the next 7 days (including today).',
  dueThisWeekHint: '7 days including today',
} as const;

/** The yellow fallbacks of the widgets (SPEC.md section 8): a title and what to do. */
export const DASHBOARD_WIDGET_FALLBACKS = {
  chart: { title: 'Chart Error', message: 'There was an error loading the chart. Please try refreshing.' },
  goals: {
    title: 'Goals Widget Error',
    message: 'There was an error loading the goals widget. Please try refreshing.',
  },
  crm: { title: 'CRM Chart Error', message: 'There was an error loading the CRM chart. Please try refreshing.' },
  leads: {
    title: 'Lead Analytics Error',
    message: 'There was an error loading the lead analytics. Please try refreshing.',
  },
  activity: {
    title: 'Activity Feed Error',
    message: 'There was an error loading the activity feed. Please try refreshing.',
  },
} as const;
export type DashboardWidget = keyof typeof DASHBOARD_WIDGET_FALLBACKS;

/** The definitions the screen states where a figure could be misread (tooltips). */
export const DASHBOARD_DEFINITIONS = {
  outstanding: 'Every unpaid balance of a sent, viewed, partially paid or overdue invoice, whatever its due date.',
  monthlyRevenue:
    "Money received this calendar month (payments and other income, by the date received, in the business's time zone). The line shows each of the last 30 days.",
  revenueNew: 'No revenue last month, so there is no percent change to show.',
  pipeline: 'The value and number of opportunities in an open stage of the pipeline.',
  activeClients: 'Clients with an issued invoice dated, or a payment received, in the last 90 days.',
  inactiveClients: 'Every other client that is not archived.',
  newClients: 'Clients added this calendar month.',
  averageRevenue: 'Everything clients have paid, divided by the number of clients who have paid anything.',
  topClientRevenue: 'The most one client has paid, all time.',
  revenueChart: 'Money received per month: payments and other income, by the date received.',
} as const;
