/**
 * A page whose path carries a value (a record id, a token): call it for a link
 * (`paths.invoices.detail(7)` is `/invoices/7`); `pattern` is the route's path (`/invoices/:id`).
 */
export interface ParamPath {
  (value: number | string): string;
  readonly pattern: string;
}

/** `/invoices/:id` -> a ParamPath; the one `:name` segment is replaced by the (encoded) value. */
function param(pattern: string): ParamPath {
  const build = (value: number | string) => pattern.replace(/:[a-z]+/, encodeURIComponent(String(value)));
  return Object.assign(build, { pattern });
}

/** A record page's editor lives at the record's own path with `?edit=1` (invoices, estimates, recurring invoices). */
const editorOf = (detail: ParamPath) => (id: number | string) => `${detail(id)}?edit=1`;

const invoiceDetail = param('/invoices/:id');
const estimateDetail = param('/estimates/:id');
const recurringDetail = param('/recurring-invoices/:id');

/**
 * Every page of the app, as links, navigation and redirects name it, and as the route tables
 * declare it (`paths.clients.edit.pattern`): the product's route table. A path under an area that
 * no route serves (apps/web's `UPCOMING_PATHS`, e.g. `/invoices/anything`) opens "This page is not
 * available yet" rather than a 404, so a stale link never crashes.
 *
 * Guest pages: sign-in, registration, password reset, the demo login, accepting an invitation and
 * the public invoice and estimate pages. Everything else sits under the authenticated layout.
 */
export const paths = {
  /** The landing page; it redirects to the dashboard when a token is stored. */
  home: '/',
  login: '/login',
  demoLogin: '/demo-login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: param('/reset-password/:token'),
  acceptInvitation: param('/invitations/:token'),
  /** The invoice as the client sees it, without signing in. */
  publicInvoice: param('/i/:token'),
  /** The estimate as the client sees it (accept or decline), without signing in. */
  publicEstimate: param('/e/:token'),

  dashboard: '/dashboard',
  notifications: '/notifications',
  /** Profile & Settings, linked from the user menu. */
  profile: '/profile',

  goals: {
    /** The goals information page (the footer's named route goals.info). */
    info: '/goals-info',
    /** The Goal Tracker. */
    list: '/goals',
    /** The tracker with the new-goal modal open (the named route goals.create). */
    create: '/goals/create',
    detail: param('/goals/:id'),
    analytics: '/goals/analytics',
    /** Goal Achievements. */
    badges: '/goals/badges',
    /** The other income recorded; `incomeEntry(id)` opens one in its edit modal. */
    income: '/goals/income',
    incomeEntry: (id: number | string) => `/goals/income?id=${encodeURIComponent(String(id))}`,
  },

  legal: {
    terms: '/legal/terms',
    privacy: '/legal/privacy',
    cookies: '/legal/cookies',
    gdpr: '/legal/gdpr',
  },
  resources: {
    features: '/resources/features',
    faq: '/resources/faq',
    support: '/resources/support',
  },

  invoices: {
    /** The side navigation's entry (Invoices/Estimates); it redirects to `list`. */
    root: '/invoices',
    list: '/invoices/all',
    create: '/invoices/create-new',
    detail: invoiceDetail,
    edit: editorOf(invoiceDetail),
  },
  estimates: {
    list: '/estimates',
    create: '/estimates/create-new',
    /** The dashboard's quick action points here; it opens the same editor as `create`. */
    quickCreate: '/estimates/create',
    detail: estimateDetail,
    edit: editorOf(estimateDetail),
  },
  recurringInvoices: {
    list: '/recurring-invoices',
    create: '/recurring-invoices/create',
    /** The business's recurring-invoice settings (send time, time zone, missed runs). */
    config: '/recurring-invoices/config',
    detail: recurringDetail,
    edit: editorOf(recurringDetail),
  },
  clients: {
    list: '/clients',
    create: '/clients/create',
    /** A client opens on its form (read-only for a role that may not write). */
    edit: param('/clients/:id/edit'),
  },
  products: {
    list: '/products',
    create: '/products/create',
    edit: param('/products/:id/edit'),
  },

  crm: {
    /** The side navigation's entry; it redirects to the leads. */
    root: '/crm',
    leads: {
      list: '/crm/leads',
      create: '/crm/leads/create',
      /** Redirects to the leads list. */
      detail: param('/crm/leads/:id'),
      edit: param('/crm/leads/:id/edit'),
    },
    opportunities: {
      list: '/crm/opportunities',
      create: '/crm/opportunities/create',
      edit: param('/crm/opportunities/:id/edit'),
    },
    settings: '/crm/settings',
    client360: '/crm/client-360',
    pipelineStages: '/crm/pipeline-stages-management',
    leadSources: '/crm/lead-sources-management',
    activityTypes: '/crm/activity-types',
    reminders: '/crm/reminders',
  },

  reports: '/reports',
  dynamicReports: '/dynamic-reports',
  calendar: '/calendar',

  settings: {
    /** Business details, invoice defaults, tax rates, preferences (tabs: `?tab=`). */
    root: '/user/settings',
    emailTemplates: '/user/settings/email-templates',
    /** The business's sent emails (the outbox). */
    sentEmails: '/user/settings/emails',
    /** The business's outgoing mail server (owners): the Email delivery tab of the settings. */
    emailDelivery: '/user/settings?tab=email',
    invoiceReminders: '/settings/invoice-reminders',
  },

  /** The admin area (owners and admins); `/admin` itself redirects to `roles`. */
  admin: {
    root: '/admin',
    roles: '/admin/roles',
    feedback: '/admin/feedback',
  },
} as const;

/**
 * Every route path of the table (`/invoices/:id` for a record page), without query strings:
 * what the route tables must serve (apps/web's routes test opens each: a page, never the 404).
 */
export function pathPatterns(table: object = paths): string[] {
  const found = new Set<string>();
  const visit = (value: unknown) => {
    if (typeof value === 'string') found.add(value.split('?')[0]!);
    else if (typeof value === 'function' && 'pattern' in value) found.add((value as ParamPath).pattern);
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(visit);
  };
  visit(table);
  return [...found];
}
