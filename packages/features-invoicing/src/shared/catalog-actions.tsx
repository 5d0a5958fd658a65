import { Link } from 'react-router';
import { Button } from '@mantine/core';
import { IconDownload, IconPlus, IconUpload } from '@tabler/icons-react';
import { errorMessage, type RequestError } from '@ledgerleaf/api';
import { useToast } from '@ledgerleaf/ui';
import { datedFilename, downloadText } from './download';

/**
 * The header actions of a catalogue list (clients, products): Import CSV and New for the roles that
 * may write, Export CSV for every role (the file is named after the list and today,
 * `clients-2026-11-22.csv`).
 */
export function CatalogActions({
  canWrite,
  onImport,
  exportCsv,
  exporting,
  exportName,
  createTo,
  createLabel,
}: {
  canWrite: boolean;
  onImport: () => void;
  /** Asks the server for the CSV (the list's export mutation). */
  exportCsv: () => PromiseLike<{ data: string } | { error: unknown }>;
  exporting: boolean;
  exportName: string;
  createTo: string;
  createLabel: string;
}) {
  const toast = useToast();
  const onExport = async () => {
    const result = await exportCsv();
    if ('error' in result) {
      toast.show({
        severity: 'error',
        summary: 'Export failed',
        detail: errorMessage(result.error as RequestError, 'The CSV could not be created.'),
      });
      return;
    }
    downloadText(datedFilename(exportName), result.data);
  };
  return (
    <>
      {canWrite && (
        <Button variant="default" leftSection={<IconUpload size={16} aria-hidden />} onClick={onImport}>
          Import CSV
        </Button>
      )}
      <Button
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={() => void onExport()}
        loading={exporting}
      >
        Export CSV
      </Button>
      {canWrite && (
        <Button component={Link} to={createTo} leftSection={<IconPlus size={16} aria-hidden />}>
          {createLabel}
        </Button>
      )}
    </>
  );
}
