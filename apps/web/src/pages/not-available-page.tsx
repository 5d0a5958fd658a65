import { Link, useLocation } from 'react-router';
import { Button } from '@mantine/core';
import { EmptyState } from '@ledgerleaf/ui';
import { paths } from '@ledgerleaf/api';

/** A screen of SPEC.md's route table that a later release builds: a clear message, not a crash. */
export function NotAvailablePage() {
  const { pathname } = useLocation();
  return (
    <EmptyState
      titleOrder={1}
      title="This page is not available yet"
      message={`${pathname} is part of Ledgerleaf but has not been released yet.`}
      action={
        <Button component={Link} to={paths.dashboard}>
          Back to the dashboard
        </Button>
      }
    />
  );
}

export default NotAvailablePage;
