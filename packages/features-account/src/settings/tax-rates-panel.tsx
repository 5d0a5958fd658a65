import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Menu,
  Modal,
  NumberInput,
  Stack,
  Switch,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  IconArchive,
  IconArchiveOff,
  IconDots,
  IconEdit,
  IconPlus,
  IconReceiptTax,
  IconTrash,
} from '@tabler/icons-react';
import {
  CATALOG_MESSAGES,
  taxRateRequestSchema,
  validateWith,
  type TaxRate,
  type TaxRateRequestInput,
} from '@ledgerleaf/domain';
import {
  errorMessage,
  splitServerErrors,
  useArchiveTaxRateMutation,
  useCreateTaxRateMutation,
  useDeleteTaxRateMutation,
  useListTaxRatesQuery,
  useRestoreTaxRateMutation,
  useUpdateTaxRateMutation,
  loadErrorMessage,
} from '@ledgerleaf/api';
import {
  DataTable,
  EmptyState,
  useConfirm,
  useToast,
  type DataTableColumn,
  LoadError,
  FormAlert,
} from '@ledgerleaf/ui';
import { formatPercent } from '../shared/format';

interface TaxRateFormValues {
  name: string;
  rate: number | string;
  is_compound: boolean;
  is_default: boolean;
}

function toRequest(values: TaxRateFormValues): TaxRateRequestInput {
  return {
    name: values.name,
    rate: values.rate === '' ? (undefined as unknown as number) : Number(values.rate),
    is_compound: values.is_compound,
    is_default: values.is_default,
  };
}

const FIELDS = new Set(['name', 'rate', 'is_compound', 'is_default']);

/** Add or edit one tax rate in a modal. */
function TaxRateModal({ rate, onClose }: { rate: TaxRate | null; onClose: () => void }) {
  const toast = useToast();
  const [create, createState] = useCreateTaxRateMutation();
  const [update, updateState] = useUpdateTaxRateMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TaxRateFormValues>({
    initialValues: rate
      ? { name: rate.name, rate: rate.rate, is_compound: rate.is_compound, is_default: rate.is_default }
      : { name: '', rate: '', is_compound: false, is_default: false },
    validate: (values) => validateWith(taxRateRequestSchema, toRequest(values)).errors,
    validateInputOnBlur: true,
  });

  const submit = async (values: TaxRateFormValues) => {
    setFormError(null);
    const body = toRequest(values);
    const result = rate ? await update({ id: rate.id, body }) : await create(body);
    if ('error' in result) {
      const { fields, message } = splitServerErrors(
        result.error,
        (key) => FIELDS.has(key),
        'The tax rate could not be saved.',
      );
      form.setErrors(fields);
      setFormError(message);
      return;
    }
    toast.show({
      severity: 'success',
      summary: rate ? 'Tax rate saved' : 'Tax rate added',
      detail: `${result.data.name} (${formatPercent(result.data.rate)})`,
    });
    onClose();
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={rate ? `Edit ${rate.name}` : 'Add tax rate'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          {formError && <FormAlert>{formError}</FormAlert>}
          <TextInput
            label="Tax rate name"
            placeholder="Sales tax"
            required
            data-autofocus
            maxLength={100}
            {...form.getInputProps('name')}
          />
          <NumberInput
            label="Rate"
            description="Percent, up to 3 decimals (8.875)"
            suffix="%"
            decimalScale={3}
            min={0}
            max={100}
            allowNegative={false}
            hideControls
            inputMode="decimal"
            required
            {...form.getInputProps('rate')}
          />
          <Checkbox
            label="Compound"
            description="Applied on top of the line amount plus the line's other tax."
            {...form.getInputProps('is_compound', { type: 'checkbox' })}
          />
          <Checkbox
            label="Default for new products and services"
            {...form.getInputProps('is_default', { type: 'checkbox' })}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={createState.isLoading || updateState.isLoading}>
              {rate ? 'Save tax rate' : 'Add tax rate'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function RowActions({ rate, onEdit }: { rate: TaxRate; onEdit: () => void }) {
  const confirm = useConfirm();
  const toast = useToast();
  const [archive] = useArchiveTaxRateMutation();
  const [restore] = useRestoreTaxRateMutation();
  const [remove] = useDeleteTaxRateMutation();
  const ask = async (options: Parameters<typeof confirm>[0]) => {
    try {
      return await confirm(options);
    } catch {
      return false;
    }
  };
  const run = async (action: () => Promise<{ error?: unknown }>, done: string, failed: string) => {
    const result = await action();
    if (result.error)
      toast.show({ severity: 'error', summary: failed, detail: errorMessage(result.error as never, failed) });
    else toast.show({ severity: 'success', summary: done, detail: rate.name });
  };
  const inUse = rate.products_count > 0;

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${rate.name}`}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEdit size={16} aria-hidden />} onClick={onEdit}>
          Edit
        </Menu.Item>
        {rate.status === 'archived' ? (
          <Menu.Item
            leftSection={<IconArchiveOff size={16} aria-hidden />}
            onClick={async () => {
              if (
                await ask({
                  title: 'Restore tax rate?',
                  message: `${rate.name} will be offered again.`,
                  confirmText: 'Restore',
                  type: 'info',
                })
              )
                await run(() => restore(rate.id), 'Tax rate restored', 'Could not restore the tax rate');
            }}
          >
            Restore
          </Menu.Item>
        ) : (
          <Menu.Item
            leftSection={<IconArchive size={16} aria-hidden />}
            onClick={async () => {
              if (
                await ask({
                  title: 'Archive tax rate?',
                  message: `${rate.name} will no longer be offered for products and invoice lines. Where it is already used, it stays.`,
                  confirmText: 'Archive',
                  type: 'warning',
                })
              )
                await run(() => archive(rate.id), 'Tax rate archived', 'Could not archive the tax rate');
            }}
          >
            Archive
          </Menu.Item>
        )}
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          disabled={inUse}
          title={inUse ? CATALOG_MESSAGES.taxRateInUse : undefined}
          onClick={async () => {
            if (
              await ask({
                title: 'Delete tax rate?',
                message: `${rate.name} will be deleted for good.`,
                confirmText: 'Delete',
                type: 'danger',
              })
            )
              await run(() => remove(rate.id), 'Tax rate deleted', 'Could not delete the tax rate');
          }}
        >
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The business's tax rates: list, add, edit, archive, delete when unused. Read-only roles only list them. */
export function TaxRatesPanel({ readOnly = false }: { readOnly?: boolean }) {
  const [showArchived, setShowArchived] = useState(false);
  const query = useListTaxRatesQuery(showArchived ? { status: 'all' } : undefined);
  const [editing, setEditing] = useState<TaxRate | null | 'new'>(null);
  const rates = query.data ?? [];

  const columns: DataTableColumn<TaxRate>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (rate) => (
        <Group gap={6}>
          <Text size="sm" fw={600}>
            {rate.name}
          </Text>
          {rate.is_default && (
            <Badge size="xs" variant="light">
              Default
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'rate',
      header: 'Rate',
      align: 'right',
      render: (rate) => (
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatPercent(rate.rate)}
        </Text>
      ),
    },
    { key: 'compound', header: 'Compound', visibleFrom: 'sm', render: (rate) => (rate.is_compound ? 'Yes' : 'No') },
    {
      key: 'products',
      header: 'Used by',
      visibleFrom: 'sm',
      render: (rate) => `${rate.products_count} item${rate.products_count === 1 ? '' : 's'}`,
    },
    {
      key: 'status',
      header: 'Status',
      visibleFrom: 'sm',
      render: (rate) => (
        <Badge color={rate.status === 'archived' ? 'gray' : 'green'} variant="dot">
          {rate.status === 'archived' ? 'Archived' : 'Active'}
        </Badge>
      ),
    },
    ...(readOnly
      ? []
      : [
          {
            key: 'actions',
            header: <VisuallyHidden>Actions</VisuallyHidden>,
            align: 'right' as const,
            width: 56,
            render: (rate: TaxRate) => <RowActions rate={rate} onEdit={() => setEditing(rate)} />,
          },
        ]),
  ];

  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Switch
            label="Show archived"
            checked={showArchived}
            onChange={(event) => setShowArchived(event.currentTarget.checked)}
          />
          {!readOnly && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
              Add tax rate
            </Button>
          )}
        </Group>
        {query.isError ? (
          <LoadError
            title="Tax rates could not be loaded"
            message={loadErrorMessage(query.error)}
            onRetry={() => void query.refetch()}
          />
        ) : query.data && rates.length === 0 ? (
          <EmptyState
            icon={<IconReceiptTax size={28} stroke={1.5} aria-hidden />}
            title="No tax rates yet"
            message="Add the sales tax or VAT you charge; products and invoice lines then pick it from a list."
            action={readOnly ? undefined : <Button onClick={() => setEditing('new')}>Add your first tax rate</Button>}
          />
        ) : (
          <DataTable
            label="Tax rates"
            columns={columns}
            rows={rates}
            rowKey={(rate) => rate.id}
            loading={query.isFetching}
            skeletonRows={3}
          />
        )}
      </Stack>
      {editing !== null && <TaxRateModal rate={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
