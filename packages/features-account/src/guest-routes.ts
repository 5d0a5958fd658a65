import type { RouteObject } from 'react-router';
import { paths } from '@ledgerleaf/api';

/**
 * Guest pages of the account area: accepting a team invitation. apps/web mounts them next to the auth
 * pages; in a file of their own so that its entry does not carry the authenticated area's routes.
 */
export const accountGuestRoutes: RouteObject[] = [
  {
    path: paths.acceptInvitation.pattern,
    lazy: async () => ({ Component: (await import('./team/accept-invitation-page')).AcceptInvitationPage }),
  },
];
