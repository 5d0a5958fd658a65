import { redirect, type RouteObject } from 'react-router';
import { paths } from '@ledgerleaf/api';

/** Profile, settings, email templates, sent emails, invoice reminders and the admin area, mounted by apps/web under the authenticated layout. */
export const accountRoutes: RouteObject[] = [
  { path: paths.profile, lazy: async () => ({ Component: (await import('./profile/profile-page')).ProfilePage }) },
  {
    path: paths.settings.root,
    lazy: async () => ({ Component: (await import('./settings/user-settings-page')).UserSettingsPage }),
  },
  {
    path: paths.settings.emailTemplates,
    lazy: async () => ({ Component: (await import('./email-templates/email-templates-page')).EmailTemplatesPage }),
  },
  {
    path: paths.settings.sentEmails,
    lazy: async () => ({ Component: (await import('./emails/sent-emails-page')).SentEmailsPage }),
  },
  {
    path: paths.settings.invoiceReminders,
    lazy: async () => ({ Component: (await import('./reminders/invoice-reminders-page')).InvoiceRemindersPage }),
  },
  // The admin section (SPEC.md sections 2 and 6) in its admin layout, which refuses non-admins (the
  // server refuses their calls). Children carry their whole path, so apps/web sees which are built.
  {
    path: paths.admin.root,
    handle: { requiresAdmin: true },
    lazy: async () => ({ Component: (await import('./admin/admin-layout')).AdminLayout }),
    children: [
      // `/admin` is Team and roles; the component never shows (the loader redirects first).
      { index: true, loader: () => redirect(paths.admin.roles), Component: () => null },
      {
        path: paths.admin.roles,
        handle: { requiresAdmin: true },
        lazy: async () => ({ Component: (await import('./team/roles-page')).RolesPage }),
      },
      {
        path: paths.admin.feedback,
        handle: { requiresAdmin: true },
        lazy: async () => ({ Component: (await import('./admin/feedback-page')).FeedbackPage }),
      },
    ],
  },
];
