import { lazy, Suspense, useState } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { Box } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { isAdmin, storageUrl } from '@ledgerleaf/domain';
import { logout, useAppDispatch, useAppSelector, paths } from '@ledgerleaf/api';
import { AppLayout, DeferredMount, ErrorBoundary, FullPageLoader, ScrollToTop } from '@ledgerleaf/ui';
import { GOALS_HREF, goalsActive, navItems } from '../navigation';
import { AppFooter } from './app-footer';
import { isBetaVersion } from './beta-flag';
import { FeatureHosts } from './feature-hosts';
import { useFontSize } from './font-size-control';
import { HeaderNotifications } from './header-notifications';
import { QuickAdd } from './quick-add';

/**
 * The beta feedback button and form, loaded only where the beta flag is on: the form validates with
 * the server's schema (zod), which every signed-in page loaded and ran before its first draw.
 */
const BetaFeedback = lazy(() => import('./beta-feedback').then((module) => ({ default: module.BetaFeedback })));

/**
 * The authenticated area (SPEC.md section 2): the route guard (no token, back to /login) around
 * the application shell. The route loader guards navigation; this guards a session that ends while
 * the page is open.
 */
export function AuthenticatedLayout() {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const token = useAppSelector((state) => state.auth.token);
  const user = useAppSelector((state) => state.auth.user);
  const fontSize = useFontSize();
  const [betaVersion] = useState(isBetaVersion);

  if (!token) return <Navigate to={paths.login} replace />;

  // The admin area (SPEC.md section 6) is offered to the roles that may open it: owners and admins.
  const userMenuItems = isAdmin(user)
    ? [{ label: 'Team and roles', href: paths.admin.roles, icon: <IconUsersGroup size={16} aria-hidden /> }]
    : [];

  // The shell and then the screen render after start-up's loader, each in a transition of its own
  // (DeferredMount): a phone draws the first signed-in page in short slices, not one long task.
  return (
    <DeferredMount fallback={<FullPageLoader label="Loading..." />}>
      <FeatureHosts>
        <AppLayout
          user={{
            name: user?.name ?? null,
            email: user?.email ?? '',
            businessName: user?.business_name ?? '',
            avatarUrl: storageUrl(user?.avatar_path),
            logoUrl: storageUrl(user?.company_logo),
          }}
          userMenuItems={userMenuItems}
          navItems={navItems(pathname)}
          goalsHref={GOALS_HREF}
          goalsActive={goalsActive(pathname)}
          linkComponent={Link}
          onSignOut={() => void dispatch(logout())}
          fontSize={fontSize}
          headerExtra={<HeaderNotifications />}
          footer={<AppFooter />}
        >
          {/* Until the screen renders, its room is held so the footer starts below the fold: it does
            not jump down when the screen arrives (layout shift). */}
          <DeferredMount fallback={<Box mih="100vh" />}>
            <ErrorBoundary key={pathname}>
              <Outlet />
            </ErrorBoundary>
          </DeferredMount>
        </AppLayout>
        <QuickAdd />
        <ScrollToTop />
        {betaVersion && (
          <Suspense fallback={null}>
            <BetaFeedback />
          </Suspense>
        )}
      </FeatureHosts>
    </DeferredMount>
  );
}

export default AuthenticatedLayout;
