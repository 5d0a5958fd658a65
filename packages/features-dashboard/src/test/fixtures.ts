import type {
  CrmOverview,
  CrmPipeline,
  DashboardSummary,
  LeadAnalytics,
  RecentActivity,
  RevenueData,
} from '@ledgerleaf/domain';

/** Canned answers of the dashboard's calls (tests and stories). */
export const summaryFixture: DashboardSummary = {
  totalRevenue: 48250.5,
  totalOutstanding: 12480,
  outstandingInvoices: 7,
  dueThisWeek: 3200,
  dueThisWeekCount: 3,
  thisMonthRevenue: 8940,
  revenueTrend: 12.5,
  activeClients: 18,
  inactiveClients: 6,
  newClients: 2,
  averageClientRevenue: 2010.44,
  topClientRevenue: 9800,
  welcomeMessage: false,
  message: null,
  revenueLast30Days: Array.from({ length: 30 }, (_, index) => ({
    date: `2026-11-${String(index + 1).padStart(2, '0')}`,
    amount: (index % 5) * 100,
  })),
  dueThisWeekFrom: '2026-11-24',
  dueThisWeekTo: '2026-11-30',
};

export const newBusinessSummary: DashboardSummary = {
  ...summaryFixture,
  totalRevenue: 0,
  totalOutstanding: 0,
  outstandingInvoices: 0,
  dueThisWeek: 0,
  dueThisWeekCount: 0,
  thisMonthRevenue: 0,
  revenueTrend: 0,
  activeClients: 0,
  inactiveClients: 0,
  newClients: 0,
  averageClientRevenue: 0,
  topClientRevenue: 0,
  welcomeMessage: true,
  message: 'Start by creating your first invoice or adding a client using the quick actions below.',
  revenueLast30Days: summaryFixture.revenueLast30Days.map((day) => ({ ...day, amount: 0 })),
};

export const revenueFixture: RevenueData = {
  totalRevenue: 48250.5,
  revenueTrend: 12.5,
  series: Array.from({ length: 12 }, (_, index) => {
    const month = `${index < 1 ? 2025 : 2026}-${String(((index + 11) % 12) + 1).padStart(2, '0')}`;
    const payments = 2000 + index * 500;
    const otherIncome = index % 3 === 0 ? 250 : 0;
    return { month, payments, otherIncome, total: payments + otherIncome };
  }),
};

export const crmFixture: CrmOverview = {
  openOpportunitiesValue: 56000,
  openOpportunitiesCount: 9,
  newLeadsThisMonth: 4,
  leadConversionRate: 25,
  winRate: 60,
  hasData: true,
};

export const pipelineFixture: CrmPipeline = {
  stages: [
    {
      stage_id: 1,
      name: 'Qualification',
      color: '#4c6ef5',
      type: 'open',
      count: 4,
      value: 16000,
      weighted_value: 1600,
    },
    { stage_id: 2, name: 'Proposal', color: '#12b886', type: 'open', count: 5, value: 40000, weighted_value: 20000 },
    { stage_id: 3, name: 'Won', color: '#40c057', type: 'won', count: 3, value: 21000, weighted_value: 21000 },
  ],
  open: { count: 9, value: 56000, weighted_value: 21600 },
};

export const leadsFixture: LeadAnalytics = {
  period: { from: '2026-09-01', to: '2026-11-29', window_days: 90 },
  conversion_rate: 33.3,
  win_rate: 50,
  by_status: [{ status: 'new', count: 4 }],
  by_source: [
    {
      source_id: 1,
      name: 'Referral',
      archived: false,
      leads: 6,
      converted: 2,
      won_count: 1,
      won_value: 5000,
      invoiced: 5000,
      paid: 2000,
    },
  ],
};

export const activityFixture: RecentActivity = {
  data: [
    {
      id: 9,
      event: 'payment.recorded',
      description: 'Payment of $400.00 recorded',
      subjectType: 'invoice',
      subjectId: 12,
      subjectLabel: 'INV-0012',
      userName: 'Olive Owner',
      createdAt: '2026-11-24T10:00:00.000Z',
      link: '/invoices/12',
    },
  ],
};

export const goalsFixture = {
  data: [
    {
      id: 3,
      title: 'Emergency fund',
      description: null,
      type: 'financial',
      unit: 'money',
      tracks_automatically: false,
      target_amount: 10000,
      current_amount: 2500,
      progress: 25,
      remaining_amount: 7500,
      start_date: '2026-01-01',
      target_date: '2026-12-31',
      status: 'active',
      is_active: true,
      category: null,
      color: null,
      pace: {
        days_left: 37,
        required_per_month: 6250,
        current_per_month: 230,
        projected_at_target_date: 2700,
        on_track: false,
        behind_schedule: true,
      },
      completed_at: null,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    },
  ],
  meta: { current_page: 1, last_page: 1, per_page: 5, total: 1 },
};
