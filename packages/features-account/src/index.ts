import type { RouteObject } from 'react-router';

/** Profile, settings, email templates, invoice reminders and roles routes (issue 5), mounted by apps/web under the authenticated layout. */
export const accountRoutes: RouteObject[] = [
  { path: '/profile', lazy: async () => ({ Component: (await import('./profile/profile-page')).ProfilePage }) },
  { path: '/user/settings', lazy: async () => ({ Component: (await import('./settings/user-settings-page')).UserSettingsPage }) },
  { path: '/user/settings/email-templates', lazy: async () => ({ Component: (await import('./email-templates/email-templates-page')).EmailTemplatesPage }) },
  { path: '/settings/invoice-reminders', lazy: async () => ({ Component: (await import('./reminders/invoice-reminders-page')).InvoiceRemindersPage }) },
  // The admin section (SPEC.md section 6): the page itself refuses non-admins, the server refuses their calls.
  { path: '/admin/roles', handle: { requiresAdmin: true }, lazy: async () => ({ Component: (await import('./team/roles-page')).RolesPage }) },
];

/** Guest pages of the account area: accepting a team invitation. apps/web mounts them next to the auth pages. */
export const accountGuestRoutes: RouteObject[] = [
  { path: '/invitations/:token', lazy: async () => ({ Component: (await import('./team/accept-invitation-page')).AcceptInvitationPage }) },
];
