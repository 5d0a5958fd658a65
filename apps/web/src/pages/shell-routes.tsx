import type { RouteObject } from 'react-router';

/**
 * Pages of the application shell (issue 5): notifications, legal and resources pages. SPEC.md
 * section 2 puts the legal and resources pages under the authenticated parent ("in practice they
 * require sign-in"), so they are mounted there with the rest of the shell, each loaded on first visit.
 */
export const shellRoutes: RouteObject[] = [
  {
    path: '/notifications',
    lazy: async () => ({ Component: (await import('./notifications-page')).NotificationsPage }),
  },
  { path: '/legal/terms', lazy: async () => ({ Component: (await import('./legal-pages')).TermsPage }) },
  { path: '/legal/privacy', lazy: async () => ({ Component: (await import('./legal-pages')).PrivacyPage }) },
  { path: '/legal/cookies', lazy: async () => ({ Component: (await import('./legal-pages')).CookiesPage }) },
  { path: '/legal/gdpr', lazy: async () => ({ Component: (await import('./legal-pages')).GdprPage }) },
  { path: '/resources/features', lazy: async () => ({ Component: (await import('./resources-pages')).FeaturesPage }) },
  { path: '/resources/faq', lazy: async () => ({ Component: (await import('./resources-pages')).FaqPage }) },
  { path: '/resources/support', lazy: async () => ({ Component: (await import('./resources-pages')).SupportPage }) },
];
