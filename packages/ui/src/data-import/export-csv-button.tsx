import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useToast } from '../toast/toast-provider';
import type { CsvImportAnswer } from './csv-import-modal';
import { datedFilename, downloadText } from './download';

export interface ExportCsvButtonProps {
  /** The file's name before the date: 'leads' gives `leads-2026-11-22.csv`. */
  name: string;
  /** Asks the server for the CSV (the list's export, under its filters); a failure in words. */
  exportCsv: () => Promise<CsvImportAnswer<string>>;
}

/**
 * A list's Export CSV: asks for the file, downloads it named after the list and today, or says why
 * not in a toast ('Export failed').
 */
export function ExportCsvButton({ name, exportCsv }: ExportCsvButtonProps) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const onExport = async () => {
    setBusy(true);
    const outcome = await exportCsv();
    setBusy(false);
    if (outcome.data === undefined) {
      toast.show({ severity: 'error', summary: 'Export failed', detail: outcome.error });
      return;
    }
    downloadText(datedFilename(name), outcome.data);
  };
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      onClick={() => void onExport()}
      loading={busy}
    >
      Export CSV
    </Button>
  );
}
