import { Link } from 'react-router';
import { Button } from '@mantine/core';
import { IconPlus, IconUpload } from '@tabler/icons-react';
import { csvExport, type RequestError } from '@ledgerleaf/api';
import { ExportCsvButton } from '@ledgerleaf/ui';

/**
 * The header actions of a catalogue list (clients, products): Import CSV and New for the roles that
 * may write, Export CSV for every role (the file is named after the list and today,
 * `clients-2026-11-22.csv`).
 */
export function CatalogActions({
  canWrite,
  onImport,
  exportCsv,
  exportName,
  createTo,
  createLabel,
}: {
  canWrite: boolean;
  onImport: () => void;
  /** Asks the server for the CSV (the list's export mutation). */
  exportCsv: () => PromiseLike<
    { data: string; error?: undefined } | { data?: undefined; error: NonNullable<RequestError> }
  >;
  exportName: string;
  createTo: string;
  createLabel: string;
}) {
  return (
    <>
      {canWrite && (
        <Button variant="default" leftSection={<IconUpload size={16} aria-hidden />} onClick={onImport}>
          Import CSV
        </Button>
      )}
      <ExportCsvButton name={exportName} exportCsv={csvExport(exportCsv)} />
      {canWrite && (
        <Button component={Link} to={createTo} leftSection={<IconPlus size={16} aria-hidden />}>
          {createLabel}
        </Button>
      )}
    </>
  );
}
