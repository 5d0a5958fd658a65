import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDeviceFloppy, IconPlus } from '@tabler/icons-react';
import {
  DYNAMIC_MESSAGES,
  DYNAMIC_SOURCE_LABELS,
  REPORT_FORMATS,
  describeDynamicDefinition,
  dynamicReportTable,
  type SavedDynamicReport,
} from '@ledgerleaf/domain';
import { fieldErrors, paths, queryState, serverMessage } from '@ledgerleaf/api';
import {
  dynamicReportExportUrl,
  useCreateSavedDynamicReportMutation,
  useDeleteSavedDynamicReportMutation,
  useDuplicateSavedDynamicReportMutation,
  useGetSavedDynamicReportQuery,
  useListSavedDynamicReportsQuery,
  useRenameSavedDynamicReportMutation,
  useRunDynamicReportQuery,
  useUpdateSavedDynamicReportMutation,
} from '@ledgerleaf/api/reports';
import { EmptyState, LoadError, PageHeader, useConfirm, useToast } from '@ledgerleaf/ui';
import { useUrlParams } from '@ledgerleaf/ui/routing';
import { ReportChart } from '../shared/report-chart';
import { ReportTable } from '../shared/report-table';
import { ExportButtons } from '../reports/export-buttons';
import { ReportSkeleton } from '../reports/reports-page';
import {
  checkDefinition,
  decodeDefinition,
  encodeDefinition,
  newDefinition,
  normalizeDefinition,
  sameDefinition,
  type Definition,
} from './definition';
import { DynamicBuilder } from './dynamic-builder';
import { NameModal } from './name-modal';
import { SavedReportsList } from './saved-reports-list';

/** Which name question is open: saving a new report, saving a copy, or renaming one. */
type Asking = { kind: 'save' } | { kind: 'save_as' } | { kind: 'rename'; report: SavedDynamicReport } | null;

const noDrill = () => undefined;

/**
 * `/dynamic-reports`: a report built without SQL. The builder's state lives in the URL (`?def=` the
 * definition, `?id=` the saved report it started from), so a report can be bookmarked before it is
 * saved, and a saved one opens by its link. The results (table, chart, exports) follow the
 * definition as it changes; saved reports are listed beside it with rename, duplicate and delete.
 */
export function DynamicReportsPage() {
  const url = useUrlParams();
  const toast = useToast();
  const confirm = useConfirm();
  const idText = url.get('id');
  const id = /^[1-9]\d{0,9}$/.test(idText) ? Number(idText) : null;
  const defParam = url.get('def');
  const fromUrl = useMemo(() => decodeDefinition(defParam), [defParam]);
  const list = queryState(useListSavedDynamicReportsQuery());
  const savedState = queryState(useGetSavedDynamicReportQuery(id ?? 0, { skip: id === null }));
  const saved = id !== null ? savedState.data : undefined;
  const savedDefinition = useMemo(() => (saved ? normalizeDefinition(saved.definition) : null), [saved]);
  const definition: Definition = fromUrl ?? savedDefinition ?? newDefinition();
  const dirty = savedDefinition ? !sameDefinition(definition, savedDefinition) : false;
  const [asking, setAsking] = useState<Asking>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [create, createState] = useCreateSavedDynamicReportMutation();
  const [update, updateState] = useUpdateSavedDynamicReportMutation();
  const [rename, renameState] = useRenameSavedDynamicReportMutation();
  const [duplicate] = useDuplicateSavedDynamicReportMutation();
  const [remove] = useDeleteSavedDynamicReportMutation();
  const errors = checkDefinition(definition);

  const change = (next: Definition) =>
    url.update({ def: savedDefinition && sameDefinition(next, savedDefinition) ? null : encodeDefinition(next) });

  const failed = (error: unknown, fallback: string) => {
    const message = serverMessage(error as never) ?? fallback;
    toast.show({ severity: 'error', summary: 'Not saved', detail: message });
  };

  const saveOver = async () => {
    if (!saved) return;
    const result = await update({ id: saved.id, body: { name: saved.name, definition } });
    if ('error' in result) return failed(result.error, 'The report could not be saved. Please try again.');
    url.update({ def: null });
    toast.show({ severity: 'success', summary: DYNAMIC_MESSAGES.saved, detail: saved.name });
  };

  const submitName = async (name: string) => {
    if (!asking) return;
    setNameError(null);
    const result =
      asking.kind === 'rename' ? await rename({ id: asking.report.id, name }) : await create({ name, definition });
    if ('error' in result) {
      const fields = fieldErrors(result.error);
      if (fields?.name?.[0]) return setNameError(fields.name[0]);
      setNameError(serverMessage(result.error) ?? 'The report could not be saved. Please try again.');
      return;
    }
    setAsking(null);
    toast.show({
      severity: 'success',
      summary: asking.kind === 'rename' ? DYNAMIC_MESSAGES.renamed : DYNAMIC_MESSAGES.saved,
      detail: result.data.data.name,
    });
    if (asking.kind !== 'rename') url.update({ id: result.data.data.id, def: null }, { push: true });
  };

  const onDuplicate = async (report: SavedDynamicReport) => {
    const result = await duplicate({ id: report.id });
    if ('error' in result) return failed(result.error, 'The report could not be duplicated. Please try again.');
    toast.show({ severity: 'success', summary: DYNAMIC_MESSAGES.duplicated, detail: result.data.data.name });
    url.update({ id: result.data.data.id, def: null }, { push: true });
  };

  const onDelete = async (report: SavedDynamicReport) => {
    try {
      await confirm({
        title: 'Delete this report?',
        message: `“${report.name}” will be deleted for everyone in the business. The records it reports on stay.`,
        confirmText: 'Delete report',
        type: 'danger',
      });
    } catch {
      return;
    }
    const result = await remove(report.id);
    if ('error' in result) return failed(result.error, 'The report could not be deleted. Please try again.');
    toast.show({ severity: 'success', summary: DYNAMIC_MESSAGES.deleted, detail: report.name });
    // The open report was deleted: its definition stays in the builder, unsaved.
    if (report.id === id) url.update({ id: null, def: encodeDefinition(definition) });
  };

  const title = saved?.name ?? `Dynamic report: ${DYNAMIC_SOURCE_LABELS[definition.source]}`;
  const savingNew = createState.isLoading || renameState.isLoading;
  return (
    <Stack gap="md">
      <PageHeader
        title="Dynamic reports"
        description="Build a report from any of your records without writing a query: choose the source, the columns, the filters and a grouping, then save it for the business."
        actions={
          <Anchor component={Link} to={paths.reports} size="sm">
            Standard reports
          </Anchor>
        }
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 3 }} order={{ base: 2, md: 1 }}>
          <SavedReportsList
            reports={list.data}
            loading={list.loading}
            error={list.error}
            onRetry={list.retry}
            currentId={id}
            onRename={(report) => {
              setNameError(null);
              setAsking({ kind: 'rename', report });
            }}
            onDuplicate={(report) => void onDuplicate(report)}
            onDelete={(report) => void onDelete(report)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }} order={{ base: 1, md: 2 }}>
          <Stack gap="md">
            {id !== null && !saved && savedState.notFound ? (
              <EmptyState
                title="This saved report does not exist"
                message="It may have been deleted. Open another one, or build a new report below."
              />
            ) : id !== null && !saved && savedState.error ? (
              <LoadError
                title="The saved report could not be loaded"
                message={savedState.error}
                onRetry={savedState.retry}
              />
            ) : null}
            {defParam && !fromUrl ? (
              <Alert color="yellow" title="This link’s report could not be read">
                The builder starts a new report instead.
              </Alert>
            ) : null}
            {id !== null && !saved && !fromUrl && !savedState.error ? (
              <ReportSkeleton />
            ) : (
              <>
                <Card withBorder padding="md" component="section" aria-labelledby="builder-title">
                  <Group justify="space-between" wrap="wrap" gap="xs" mb="sm">
                    <div style={{ minWidth: 0 }}>
                      <Title order={2} fz="h4" id="builder-title" style={{ overflowWrap: 'anywhere' }}>
                        {saved ? saved.name : 'New report'}
                      </Title>
                      {saved && dirty ? (
                        <Text size="xs" c="orange.8" data-testid="unsaved-changes">
                          Changed since it was saved
                        </Text>
                      ) : null}
                    </div>
                    <Group gap="xs" wrap="wrap">
                      {saved ? (
                        <Button
                          size="xs"
                          variant="default"
                          component={Link}
                          to={paths.dynamicReports}
                          leftSection={<IconPlus size={14} aria-hidden />}
                        >
                          New report
                        </Button>
                      ) : null}
                      {saved && saved.can_edit ? (
                        <Button
                          size="xs"
                          leftSection={<IconDeviceFloppy size={14} aria-hidden />}
                          disabled={!dirty || errors !== null}
                          loading={updateState.isLoading}
                          onClick={() => void saveOver()}
                        >
                          Save
                        </Button>
                      ) : null}
                      <Button
                        size="xs"
                        variant={saved?.can_edit ? 'default' : 'filled'}
                        leftSection={saved?.can_edit ? undefined : <IconDeviceFloppy size={14} aria-hidden />}
                        disabled={errors !== null}
                        onClick={() => {
                          setNameError(null);
                          setAsking({ kind: saved ? 'save_as' : 'save' });
                        }}
                      >
                        {saved ? 'Save as…' : 'Save…'}
                      </Button>
                    </Group>
                  </Group>
                  <DynamicBuilder definition={definition} errors={errors} onChange={change} />
                </Card>
                <DynamicResults
                  definition={definition}
                  title={title}
                  exportId={saved && !dirty ? saved.id : null}
                  invalid={errors !== null}
                />
              </>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      <NameModal
        opened={asking !== null}
        title={
          asking?.kind === 'rename'
            ? 'Rename the report'
            : asking?.kind === 'save_as'
              ? 'Save as a new report'
              : 'Save the report'
        }
        submitLabel={asking?.kind === 'rename' ? 'Rename' : 'Save report'}
        initialName={
          asking?.kind === 'rename'
            ? asking.report.name
            : asking?.kind === 'save_as' && saved
              ? `${saved.name} (copy)`
              : ''
        }
        saving={savingNew}
        error={nameError}
        onSubmit={(name) => void submitName(name)}
        onClose={() => setAsking(null)}
      />
    </Stack>
  );
}

/**
 * The results of a definition: run once the builder pauses (300 ms), as the standard reports'
 * table (with its totals row) and chart, the count of rows, and the exports (a saved, unchanged
 * report exports by its id; anything else posts its definition).
 */
export function DynamicResults({
  definition,
  title,
  exportId,
  invalid,
}: {
  definition: Definition;
  title: string;
  exportId: number | null;
  invalid: boolean;
}) {
  const [debounced] = useDebouncedValue(definition, 300);
  const runnable = checkDefinition(debounced) === null;
  const state = queryState(useRunDynamicReportQuery(debounced, { skip: !runnable }));
  const table = useMemo(
    () => (state.data ? dynamicReportTable(state.data, debounced, title) : null),
    [state.data, debounced, title],
  );
  const details = describeDynamicDefinition(definition);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed" data-testid="dynamic-description" style={{ overflowWrap: 'anywhere' }}>
          {details.map(([label, value]) => `${label}: ${value}`).join(' · ')}
        </Text>
        <ExportButtons
          what="the report"
          disabled={invalid}
          formats={REPORT_FORMATS.map((format) => ({
            format,
            url: dynamicReportExportUrl(exportId, format),
            ...(exportId === null ? { body: definition } : {}),
          }))}
        />
      </Group>
      {invalid ? (
        <Alert color="yellow" title="Complete the report to see its results">
          Some choices above need a value or a fix (they are marked).
        </Alert>
      ) : state.error ? (
        <LoadError title="The report could not be run" message={state.error} onRetry={state.retry} />
      ) : !table || !state.data ? (
        <ReportSkeleton />
      ) : table.rows.length === 0 ? (
        <EmptyState
          title="No records match"
          message="Nothing of this source matches the filters. Loosen or remove one."
        />
      ) : (
        <>
          {table.chart ? (
            <Card withBorder padding="md" component="section" aria-label={`${title} chart`}>
              <ReportChart chart={table.chart} title={title} />
            </Card>
          ) : null}
          <Card withBorder padding={0} component="section" aria-labelledby="dynamic-table-title">
            <Group justify="space-between" p="md" pb={0} wrap="wrap" gap="xs">
              <Title order={2} fz="h4" id="dynamic-table-title" style={{ overflowWrap: 'anywhere' }}>
                {title}
              </Title>
              <Text size="sm" c="dimmed" data-testid="dynamic-count" aria-live="polite">
                {state.data.total > table.rows.length
                  ? `The first ${table.rows.length.toLocaleString('en-US')} of ${state.data.total.toLocaleString('en-US')} ${debounced.group_by ? 'groups' : 'rows'}`
                  : `${state.data.total.toLocaleString('en-US')} ${debounced.group_by ? (state.data.total === 1 ? 'group' : 'groups') : state.data.total === 1 ? 'row' : 'rows'}`}
              </Text>
            </Group>
            <ReportTable report={table} onDrill={noDrill} />
          </Card>
          {table.notes.map((note) => (
            <Text key={note} size="xs" c="dimmed">
              {note}
            </Text>
          ))}
        </>
      )}
    </Stack>
  );
}
