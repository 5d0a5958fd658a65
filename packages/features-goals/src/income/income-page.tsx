import { useEffect, useState } from 'react';
import { ActionIcon, Button, Card, Group, Menu, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconDots, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { OTHER_INCOME_MESSAGES, OTHER_INCOME_SORT_FIELDS, formatCurrency, type OtherIncome } from '@ledgerleaf/domain';
import {
  errorMessage,
  useCanWrite,
  useDeleteOtherIncomeMutation,
  useGetOtherIncomeQuery,
  useListOtherIncomeQuery,
  useDateFormat,
  loadErrorMessage,
} from '@ledgerleaf/api';
import {
  DataTable,
  EmptyState,
  PageHeader,
  useConfirm,
  useToast,
  type DataTableColumn,
  LoadError,
} from '@ledgerleaf/ui';
import { useUrlParams } from '@ledgerleaf/ui/routing';
import { useGoalsActions } from '../host/goals-host';
import { notifyGoalsUpdated } from '../shared/events';
import { GoalsNav } from '../shared/goals-nav';
import { OtherIncomeModal } from './other-income-modal';

export const INCOME_PER_PAGE = 25;

function RowActions({ income, onEdit }: { income: OtherIncome; onEdit: (income: OtherIncome) => void }) {
  const { formatDate } = useDateFormat();
  const confirm = useConfirm();
  const toast = useToast();
  const [remove] = useDeleteOtherIncomeMutation();
  const onDelete = async () => {
    try {
      await confirm({
        title: 'Delete income?',
        message: `${formatCurrency(income.amount)} from ${income.source} will be deleted.${income.goal_allocations.length > 0 ? '\nIts allocations are taken off the goals.' : ''}`,
        confirmText: 'Delete income',
        type: 'danger',
      });
    } catch {
      return;
    }
    const result = await remove(income.id);
    if ('error' in result) {
      toast.show({
        severity: 'error',
        summary: 'Error',
        detail: errorMessage(result.error, 'The income could not be deleted. Please try again.'),
      });
      return;
    }
    toast.show({ severity: 'success', summary: OTHER_INCOME_MESSAGES.deleted, detail: income.source });
    notifyGoalsUpdated();
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Actions for ${income.source} on ${formatDate(income.income_date)}`}
        >
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEdit size={16} aria-hidden />} onClick={() => onEdit(income)}>
          Edit
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => void onDelete()}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** `?id=N` names one income (a goal's contribution links to it); anything else names none. */
function linkedIncomeId(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * `/goals/income`: the other income recorded, newest first, with edit and delete (after
 * confirmation). `?id=N` opens that income in its edit modal (the goal details link there); one
 * that cannot be read gives an error toast.
 */
export function IncomePage() {
  const { formatDate } = useDateFormat();
  const url = useUrlParams();
  const { openOtherIncome } = useGoalsActions();
  // The read-only role reads the income and where it went; adding, editing and deleting are not offered.
  const canWrite = useCanWrite();
  const toast = useToast();
  const [editing, setEditing] = useState<OtherIncome | null>(null);
  const linkedId = linkedIncomeId(url.params.get('id'));
  const linked = useGetOtherIncomeQuery(linkedId ?? 0, { skip: linkedId === null });
  const forgetLinked = () => url.update({ id: null }, { keepPage: true });
  useEffect(() => {
    if (linkedId === null || !linked.isError) return;
    toast.show({
      severity: 'error',
      summary: OTHER_INCOME_MESSAGES.errorTitle,
      detail: errorMessage(linked.error, OTHER_INCOME_MESSAGES.notFound),
    });
    forgetLinked();
    // Once per failed read of the linked income.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [linkedId, linked.isError]);
  const modalIncome = editing ?? (linkedId !== null ? (linked.data ?? null) : null);
  const sort = url.oneOf('sort', OTHER_INCOME_SORT_FIELDS, 'income_date');
  const direction = url.get('direction') === 'asc' ? 'asc' : 'desc';
  const page = url.page;
  const query = useListOtherIncomeQuery({ sort, direction, page, per_page: INCOME_PER_PAGE });
  const { update } = url;

  const columns: DataTableColumn<OtherIncome>[] = [
    { key: 'income_date', header: 'Date', sortable: true, render: (income) => formatDate(income.income_date) },
    {
      key: 'source',
      header: 'Source',
      sortable: true,
      render: (income) => (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {income.source}
          </Text>
          {income.reference_number && (
            <Text size="xs" c="dimmed">
              Ref. {income.reference_number}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'goals',
      header: 'Allocated to',
      visibleFrom: 'sm',
      render: (income) =>
        income.goal_allocations.length === 0 ? (
          <Text size="sm" c="dimmed">
            No goal
          </Text>
        ) : (
          <Text size="sm">
            {income.goal_allocations.map((line) => `${line.goal_title} (${formatCurrency(line.amount)})`).join(', ')}
          </Text>
        ),
    },
    {
      key: 'amount',
      header: 'Amount',
      sortable: true,
      align: 'right',
      render: (income) => (
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatCurrency(income.amount)}
        </Text>
      ),
    },
    ...(canWrite
      ? [
          {
            key: 'actions',
            header: <VisuallyHidden>Actions</VisuallyHidden>,
            align: 'right' as const,
            width: 56,
            render: (income: OtherIncome) => <RowActions income={income} onEdit={setEditing} />,
          },
        ]
      : []),
  ];

  const data = query.data;
  return (
    <>
      <PageHeader
        title="Other income"
        description="Money received outside invoices, and the goals it went to."
        actions={
          canWrite ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={openOtherIncome}>
              Add Other Income
            </Button>
          ) : undefined
        }
      />
      <GoalsNav />
      <Card withBorder padding="md">
        {query.isError ? (
          <LoadError
            title="Other income could not be loaded"
            message={loadErrorMessage(query.error)}
            onRetry={() => void query.refetch()}
          />
        ) : data && data.meta.total === 0 ? (
          <EmptyState
            title="No other income yet"
            message={
              canWrite
                ? 'Record grants, interest, refunds and other money that does not come from an invoice, and split it over your goals.'
                : 'Money the business received outside invoices will be listed here.'
            }
            action={
              canWrite ? (
                <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={openOtherIncome}>
                  Add Other Income
                </Button>
              ) : undefined
            }
          />
        ) : (
          <Stack gap="sm">
            {data && (
              <Group gap="lg">
                <Text size="sm">
                  {data.summary.count} {data.summary.count === 1 ? 'entry' : 'entries'},{' '}
                  <strong>{formatCurrency(data.summary.total)}</strong> in total
                </Text>
              </Group>
            )}
            <DataTable
              label="Other income"
              columns={columns}
              rows={data?.data ?? []}
              rowKey={(income) => income.id}
              sort={{ field: sort, direction }}
              onSortChange={(next) => update({ sort: next.field, direction: next.direction })}
              page={data?.meta.page ?? page}
              lastPage={data?.meta.last_page ?? 1}
              total={data?.meta.total}
              perPage={data?.meta.per_page}
              onPageChange={(next) => update({ page: String(next) })}
              loading={query.isFetching}
            />
          </Stack>
        )}
      </Card>
      <OtherIncomeModal
        opened={canWrite && modalIncome !== null}
        income={modalIncome}
        onClose={() => {
          setEditing(null);
          if (linkedId !== null) forgetLinked();
        }}
      />
    </>
  );
}
