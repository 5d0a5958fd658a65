import { Link, Outlet, useLocation } from 'react-router';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconShieldLock } from '@tabler/icons-react';
import { ACCOUNT_MESSAGES } from '@ledgerleaf/domain';
import { useAccess, paths } from '@ledgerleaf/api';

import { SectionNav } from '@ledgerleaf/ui';
/** The sections of the admin area, in the order of its navigation. */
export const ADMIN_SECTIONS = [
  { to: paths.admin.roles, label: 'Team and roles' },
  { to: paths.admin.feedback, label: 'Beta feedback' },
] as const;

/** The section a path belongs to (the first one for `/admin` itself). */
export function activeAdminSection(pathname: string): string {
  return (
    ADMIN_SECTIONS.find((section) => pathname === section.to || pathname.startsWith(`${section.to}/`))?.to ??
    ADMIN_SECTIONS[0].to
  );
}

function AdminNav() {
  return (
    <SectionNav
      label="Administration sections"
      items={ADMIN_SECTIONS}
      active={activeAdminSection(useLocation().pathname)}
      linkComponent={Link}
    />
  );
}

/**
 * The admin layout of `/admin/*` (SPEC.md section 2: "/admin/roles (roles management, in an admin
 * layout)"): the "Administration" heading (the pages inside use h2) and the sections' navigation.
 * Owners and admins only: anyone else sees why, and no section is mounted, so nothing is fetched.
 * The server refuses their calls anyway (403).
 */
export function AdminLayout() {
  const access = useAccess();
  return (
    <>
      <Stack gap={4} mb="md">
        <Group gap="xs" wrap="nowrap">
          <IconShieldLock size={26} stroke={1.6} aria-hidden />
          <Title order={1} fz="h2">
            Administration
          </Title>
        </Group>
        <Text c="dimmed" size="sm">
          The business&apos;s team and roles, and what beta testers report.
        </Text>
      </Stack>
      {access.isAdmin ? (
        <>
          <AdminNav />
          <Outlet />
        </>
      ) : (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconLock size={18} aria-hidden />}
          title="Admins only"
          role="alert"
          maw={640}
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{ACCOUNT_MESSAGES.adminOnly} Ask an owner of the business if you need access.</Text>
            <Button component={Link} to={paths.dashboard} size="xs" variant="default">
              Back to the dashboard
            </Button>
          </Stack>
        </Alert>
      )}
    </>
  );
}
