import { CATALOG_MESSAGES, flattenFieldErrors } from '@ledgerleaf/domain';
import { errorMessage, fieldErrors, type RequestError } from './errors';

type Outcome<T> = { data: T; error?: undefined } | { data?: undefined; error: NonNullable<RequestError> };
type Call<T> = (body: { csv: string }) => PromiseLike<Outcome<T>>;

/** An outcome with its failure in words: the field messages of a 422, else the server's message. */
async function inWords<T>(
  pending: PromiseLike<Outcome<T>>,
  fallback: string,
): Promise<{ data: T; error?: undefined } | { data?: undefined; error: string }> {
  const outcome = await pending;
  if (outcome.data !== undefined) return { data: outcome.data };
  return { error: flattenFieldErrors(fieldErrors(outcome.error), '\n') || errorMessage(outcome.error, fallback) };
}

/**
 * The calls and words of `@ledgerleaf/ui`'s CsvImportModal from an area's two import mutations
 * (`POST …/import/preview` and `POST …/import`, each taking `{ csv }`):
 * `<CsvImportModal {...csvImportCalls(previewImport, runImport)} noun="leads" … />`.
 */
export function csvImportCalls<P, R extends { imported: number }>(preview: Call<P>, runImport: Call<R>) {
  return {
    preview: (csv: string) => inWords(preview({ csv }), CATALOG_MESSAGES.csvUnreadable),
    runImport: (csv: string) => inWords(runImport({ csv }), CATALOG_MESSAGES.importHasErrors),
    messages: {
      csvRequired: CATALOG_MESSAGES.csvRequired,
      importHasErrors: CATALOG_MESSAGES.importHasErrors,
      imported: CATALOG_MESSAGES.imported,
    },
  };
}

/** A CSV export call for `@ledgerleaf/ui`'s ExportCsvButton: `exportCsv={csvExport(() => exportLeads(filters))}`. */
export function csvExport(run: () => PromiseLike<Outcome<string>>) {
  return () => inWords(run(), 'The CSV could not be created.');
}
