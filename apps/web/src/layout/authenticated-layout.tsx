import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { storageUrl } from '@ledgerleaf/domain';
import { logout, useAppDispatch, useAppSelector } from '@ledgerleaf/api';
import { AppLayout, ErrorBoundary } from '@ledgerleaf/ui';
import { GOALS_HREF, goalsActive, navItems } from '../navigation';
import { AppFooter } from './app-footer';
import { FontSizeControl } from './font-size-control';

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

  if (!token) return <Navigate to="/login" replace />;

  return (
    <AppLayout
      user={{
        name: user?.name ?? null,
        email: user?.email ?? '',
        businessName: user?.business_name ?? '',
        avatarUrl: storageUrl(user?.avatar_path),
        logoUrl: storageUrl(user?.company_logo),
      }}
      navItems={navItems(pathname)}
      goalsHref={GOALS_HREF}
      goalsActive={goalsActive(pathname)}
      linkComponent={Link}
      onSignOut={() => void dispatch(logout())}
      headerExtra={<FontSizeControl />}
      footer={<AppFooter />}
    >
      <ErrorBoundary key={pathname}>
        <Outlet />
      </ErrorBoundary>
    </AppLayout>
  );
}

export default AuthenticatedLayout;
