import type { ReactNode } from 'react';
import { Badge, VisuallyHidden } from '@mantine/core';
import type { DataTableColumn } from '@ledgerleaf/ui';

/** A catalogue record as its status column reads it. */
interface CatalogRow {
  status: 'active' | 'archived';
  is_active: boolean;
}

/** The Status column of a catalogue list: archived, active, or inactive (kept but not in use). */
export function catalogStatusColumn<Row extends CatalogRow>(): DataTableColumn<Row> {
  return {
    key: 'status',
    header: 'Status',
    visibleFrom: 'sm',
    render: (row) =>
      row.status === 'archived' ? (
        <Badge color="gray" variant="dot">
          Archived
        </Badge>
      ) : row.is_active ? (
        <Badge color="green" variant="dot">
          Active
        </Badge>
      ) : (
        <Badge color="yellow" variant="dot">
          Inactive
        </Badge>
      ),
  };
}

/** The last column of a list: the row's action menu, under a heading only screen readers read. */
export function actionsColumn<Row>(render: (row: Row) => ReactNode): DataTableColumn<Row> {
  return { key: 'actions', header: <VisuallyHidden>Actions</VisuallyHidden>, align: 'right', width: 56, render };
}
