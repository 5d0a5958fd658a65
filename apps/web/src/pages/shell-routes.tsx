import type { RouteObject } from 'react-router';
import { paths } from '@ledgerleaf/api';

/**
 * Pages of the application shell (issue 5): notifications, legal and resources pages. SPEC.md
 * section 2 puts the legal and resources pages under the authenticated parent ("in practice they
 * require sign-in"), so they are mounted there with the rest of the shell, each loaded on first visit.
 */
export const shellRoutes: RouteObject[] = [
  {
    path: paths.notifications,
    lazy: async () => ({ Component: (await import('./notifications-page')).NotificationsPage }),
  },
  { path: paths.legal.terms, lazy: async () => ({ Component: (await import('./legal-pages')).TermsPage }) },
  { path: paths.legal.privacy, lazy: async () => ({ Component: (await import('./legal-pages')).PrivacyPage }) },
  { path: paths.legal.cookies, lazy: async () => ({ Component: (await import('./legal-pages')).CookiesPage }) },
  { path: paths.legal.gdpr, lazy: async () => ({ Component: (await import('./legal-pages')).GdprPage }) },
  {
    path: paths.resources.features,
    lazy: async () => ({ Component: (await import('./resources-pages')).FeaturesPage }),
  },
  { path: paths.resources.faq, lazy: async () => ({ Component: (await import('./resources-pages')).FaqPage }) },
  { path: paths.resources.support, lazy: async () => ({ Component: (await import('./resources-pages')).SupportPage }) },
];
