import { useState } from 'react';
import { Button, Group, Progress, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { fetchReportFile, type DownloadProgress } from '@ledgerleaf/api/reports';
import { useToast } from '@ledgerleaf/ui';

/** Saves a Blob as a file through a temporary object URL. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

export interface ExportButtonsProps {
  /** What the files are of ("the report", "these invoices"), for the buttons' accessible names. */
  what: string;
  /** Each file's address; with a `body`, it is POSTed (a dynamic report's definition). */
  formats: ReadonlyArray<{ format: 'csv' | 'xlsx' | 'pdf'; url: string; body?: unknown }>;
  /** Disables the buttons (a definition that would not run). */
  disabled?: boolean;
}

/**
 * Export buttons (CSV, XLSX, PDF): each fetches its file with the bearer token and saves it; while
 * one is on its way, a progress bar shows how much has arrived (the size when the server says it,
 * else the megabytes received), so a large XLSX never looks stuck.
 */
export function ExportButtons({ what, formats, disabled = false }: ExportButtonsProps) {
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const run = async (format: string, url: string, body: unknown) => {
    setBusy(format);
    setProgress({ received: 0, total: null });
    try {
      const { blob, filename } = await fetchReportFile(url, setProgress, body);
      saveBlob(blob, filename);
    } catch (error) {
      toast.show({
        severity: 'error',
        summary: 'Export failed',
        detail: error instanceof Error ? error.message : 'The export could not be made.',
      });
    } finally {
      setBusy(null);
      setProgress(null);
    }
  };
  return (
    <div>
      <Group gap="xs" wrap="wrap">
        {formats.map(({ format, url, body }) => (
          <Button
            key={format}
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} aria-hidden />}
            loading={busy === format}
            disabled={disabled || (busy !== null && busy !== format)}
            onClick={() => void run(format, url, body)}
            aria-label={`Export ${what} as ${format.toUpperCase()}`}
          >
            {format.toUpperCase()}
          </Button>
        ))}
      </Group>
      {busy && progress ? (
        <div role="status" aria-live="polite" style={{ marginTop: 6, maxWidth: 280 }}>
          <Progress
            size="sm"
            value={progress.total ? Math.min(100, (progress.received / progress.total) * 100) : 100}
            animated={!progress.total}
            aria-label={`Export ${busy.toUpperCase()} progress`}
          />
          <Text size="xs" c="dimmed">
            Preparing {busy.toUpperCase()}: {mib(progress.received)}
            {progress.total ? ` of ${mib(progress.total)}` : ' received'}
          </Text>
        </div>
      ) : null}
    </div>
  );
}
