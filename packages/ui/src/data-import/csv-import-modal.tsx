import { useState, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Modal,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useToast } from '../toast/toast-provider';

/** Field-keyed messages (`{ email: ['Please enter a valid email address'] }`). */
type FieldMessages = Record<string, string[]>;

/** What the modal reads from a preview answer (every area's import preview has this shape). */
export interface CsvImportPreview {
  columns: string[];
  total: number;
  valid: number;
  invalid: number;
  /** File-level problems (a missing column). */
  errors: FieldMessages;
  /** Each row as read from the file (`values`, by column) with its errors. */
  rows: Array<{ row: number; values: Record<string, string>; errors: FieldMessages }>;
}

/** A call's answer: what it gave, or the words of its failure. */
export type CsvImportAnswer<T> = { data: T; error?: undefined } | { data?: undefined; error: string };

/** The words the modal says that belong to the product, not to the modal (SPEC.md's messages). */
export interface CsvImportMessages {
  /** Preview of empty text: 'Please choose a CSV file'. */
  csvRequired: string;
  /** Under a preview with bad rows, and when the import is refused. */
  importHasErrors: string;
  /** The toast after the import: 'Imported 3 rows.' */
  imported: (count: number) => string;
}

export interface CsvImportModalProps {
  opened: boolean;
  onClose: () => void;
  /** Plural noun: 'clients', 'products and services', 'leads'. */
  noun: string;
  /** What each row needs, in the hint ("a person's name or a company name"); `name` by default. */
  required?: ReactNode;
  /** Columns the file may hold, shown as a hint. */
  columns: readonly string[];
  /** Columns shown in the preview table besides the row number and the errors. */
  previewColumns: readonly string[];
  /** Reads the CSV on the server: nothing is written. */
  preview: (csv: string) => Promise<CsvImportAnswer<CsvImportPreview>>;
  /** Imports every row or none. */
  runImport: (csv: string) => Promise<CsvImportAnswer<{ imported: number }>>;
  messages: CsvImportMessages;
}

const PREVIEW_ROW_LIMIT = 100;

const joined = (errors: FieldMessages, separator: string) =>
  Object.values(errors)
    .flat()
    .filter((message) => message !== '')
    .join(separator);

/** Per-row errors as one readable line: `email: Please enter a valid email address`. */
function rowErrorText(errors: FieldMessages): string {
  return Object.entries(errors)
    .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
    .join('; ');
}

/**
 * CSV import in two steps: pick a file (or paste its text), see what would be created with every
 * row's errors, then import. The server imports all rows or none, so Import stays disabled while any
 * row has an error.
 */
export function CsvImportModal({
  opened,
  onClose,
  noun,
  required = <strong>name</strong>,
  columns,
  previewColumns,
  preview,
  runImport,
  messages,
}: CsvImportModalProps) {
  const toast = useToast();
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const [mode, setMode] = useState<'file' | 'paste'>('file');
  const [file, setFile] = useState<File | null>(null);
  const [pasted, setPasted] = useState('');
  const [csv, setCsv] = useState('');
  const [result, setResult] = useState<CsvImportPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'preview' | 'import' | null>(null);

  const reset = () => {
    setFile(null);
    setPasted('');
    setCsv('');
    setResult(null);
    setError(null);
    setBusy(null);
  };

  const close = () => {
    reset();
    onClose();
  };

  const runPreview = async (text: string) => {
    setError(null);
    setResult(null);
    setCsv(text);
    if (text.trim() === '') {
      setError(messages.csvRequired);
      return;
    }
    setBusy('preview');
    const outcome = await preview(text);
    setBusy(null);
    if (outcome.data === undefined) {
      setError(outcome.error);
      return;
    }
    setResult(outcome.data);
  };

  const onFile = async (picked: File | null) => {
    setFile(picked);
    if (picked) await runPreview(await picked.text());
    else reset();
  };

  const onImport = async () => {
    setBusy('import');
    const outcome = await runImport(csv);
    setBusy(null);
    if (outcome.data === undefined) {
      setError(outcome.error);
      return;
    }
    toast.show({
      severity: 'success',
      summary: 'Import complete',
      detail: messages.imported(outcome.data.imported),
    });
    close();
  };

  const fileErrors = result ? joined(result.errors, '\n') : '';
  const canImport = result !== null && result.total > 0 && result.invalid === 0 && fileErrors === '' && busy === null;
  // Rows with errors first, so a long file's problems are on screen.
  const rows = result
    ? [...result.rows].sort(
        (a, b) => Number(Object.keys(b.errors).length > 0) - Number(Object.keys(a.errors).length > 0) || a.row - b.row,
      )
    : [];
  const shown = rows.slice(0, PREVIEW_ROW_LIMIT);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Import ${noun} from CSV`}
      size="xl"
      fullScreen={narrow}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The first line names the columns; each row needs {required}. Columns: {columns.join(', ')}. A file exported
          here imports again.
        </Text>
        <SegmentedControl
          value={mode}
          onChange={(value) => {
            setMode(value as 'file' | 'paste');
            reset();
          }}
          data={[
            { label: 'Choose a file', value: 'file' },
            { label: 'Paste CSV text', value: 'paste' },
          ]}
          aria-label="How to provide the CSV"
        />
        {mode === 'file' ? (
          <FileInput
            label="CSV file"
            placeholder="Choose a .csv file"
            accept=".csv,text/csv"
            leftSection={<IconFileTypeCsv size={18} aria-hidden />}
            value={file}
            onChange={(picked) => void onFile(picked)}
            clearable
          />
        ) : (
          <Stack gap="xs">
            <Textarea
              label="CSV text"
              autosize
              minRows={5}
              maxRows={12}
              value={pasted}
              onChange={(event) => setPasted(event.currentTarget.value)}
              styles={{ input: { fontFamily: 'monospace' } }}
            />
            <Group>
              <Button variant="default" onClick={() => void runPreview(pasted)} loading={busy === 'preview'}>
                Preview
              </Button>
            </Group>
          </Stack>
        )}

        {busy === 'preview' && mode === 'file' && <Text size="sm">Reading the file...</Text>}
        {error && (
          <Alert color="red" variant="light" role="alert" styles={{ message: { whiteSpace: 'pre-line' } }}>
            {error}
          </Alert>
        )}
        {fileErrors && (
          <Alert color="red" variant="light" role="alert" styles={{ message: { whiteSpace: 'pre-line' } }}>
            {fileErrors}
          </Alert>
        )}

        {result && (
          <Stack gap="xs">
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {result.total} row{result.total === 1 ? '' : 's'}
              </Text>
              <Badge color="green" variant="dot">
                {result.valid} ready
              </Badge>
              {result.invalid > 0 && (
                <Badge color="red" variant="dot">
                  {result.invalid} with errors
                </Badge>
              )}
            </Group>
            {result.invalid > 0 && (
              <Text size="sm" c="var(--mantine-color-error)" role="status">
                {messages.importHasErrors}
              </Text>
            )}
            <ScrollArea.Autosize mah={320} type="auto">
              <Table aria-label="Import preview" striped={false} withTableBorder fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Line</Table.Th>
                    <Table.Th>Problems</Table.Th>
                    {previewColumns.map((column) => (
                      <Table.Th key={column}>{column}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((row) => {
                    const bad = Object.keys(row.errors).length > 0;
                    return (
                      <Table.Tr
                        key={row.row}
                        data-invalid={bad || undefined}
                        style={
                          bad
                            ? { backgroundColor: 'light-dark(var(--mantine-color-red-0), rgba(250, 82, 82, 0.08))' }
                            : undefined
                        }
                      >
                        <Table.Td>{row.row}</Table.Td>
                        <Table.Td c={bad ? 'var(--mantine-color-error)' : 'dimmed'} miw={200}>
                          {bad ? rowErrorText(row.errors) : 'OK'}
                        </Table.Td>
                        {previewColumns.map((column) => (
                          <Table.Td
                            key={column}
                            c={row.errors[column] ? 'var(--mantine-color-error)' : undefined}
                            fw={row.errors[column] ? 700 : undefined}
                          >
                            {row.values[column] ?? ''}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
            {rows.length > shown.length && (
              <Text size="xs" c="dimmed">
                Showing {shown.length} of {rows.length} rows (rows with errors first).
              </Text>
            )}
          </Stack>
        )}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={() => void onImport()} disabled={!canImport} loading={busy === 'import'}>
            {result && result.total > 0 ? `Import ${result.total} ${result.total === 1 ? 'row' : 'rows'}` : 'Import'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
