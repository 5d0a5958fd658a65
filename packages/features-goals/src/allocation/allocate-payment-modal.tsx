import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { IconTarget } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import {
  ALLOCATION_MESSAGES,
  emitAllocations,
  formatCurrency,
  initialAllocations,
  offerableGoals,
  scaleAllocationsToPayment,
  type GoalAllocationLine,
} from '@ledgerleaf/domain';
import {
  readToken,
  serverMessage,
  useAllocatePaymentToGoalsMutation,
  useGetAllocationPreferenceQuery,
  useGetInvoiceQuery,
  useListAllGoalsQuery,
  useSetAllocationPreferenceMutation,
  createSubmissionKeys,
  paths,
  paymentToastId,
} from '@ledgerleaf/api';
import { useToast } from '@ledgerleaf/ui';
import { useGoalsRefreshed } from '../shared/use-goals-refreshed';
import { GoalAllocationPanel } from './goal-allocation-panel';

/** A payment just recorded on an invoice (SPEC.md section 3 "Payment"). */
export interface PaymentToAllocate {
  invoice_id: number;
  invoice_number: string | null;
  payment_id: number | null;
  payment_amount: number;
}

const log = (what: string, error: unknown) => console.warn(`[goals] ${what}`, error);

export interface AllocatePaymentModalProps {
  payment: PaymentToAllocate;
  onClose: () => void;
  /**
   * False when opened on purpose from a payment row ("Allocate to goals"), where "Don't show this
   * again" (about the modal that follows a payment) has nothing to say.
   */
  afterPayment?: boolean;
}

/**
 * "Allocate Payment to Goals" (SPEC.md sections 2, 4, 5, 7, 8). Offers the active financial goals
 * below target; a `goal_id` on the invoice pre-allocates the whole payment to that goal. "Don't show
 * this again" sends the preference on Save or Skip. Without a stored token nothing is fetched.
 */
export function AllocatePaymentModal({ payment, onClose, afterPayment = true }: AllocatePaymentModalProps) {
  const goalsRefreshed = useGoalsRefreshed();
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const toast = useToast();
  const hasToken = readToken() !== null;
  // Every active financial goal, all pages: the first page alone would leave goals out.
  const goalsQuery = useListAllGoalsQuery(
    { type: 'financial', status: 'active' },
    { skip: !hasToken, refetchOnMountOrArgChange: true },
  );
  const invoiceQuery = useGetInvoiceQuery(payment.invoice_id, { skip: !hasToken });
  const [allocate, allocateState] = useAllocatePaymentToGoalsMutation();
  const [setPreference] = useSetAllocationPreferenceMutation();
  const [dontShowAgain, setDontShowAgain] = useState(false);
  const [lines, setLines] = useState<GoalAllocationLine[] | null>(null);
  const keys = useRef(createSubmissionKeys());

  const goals = useMemo(() => offerableGoals(goalsQuery.data?.data ?? []), [goalsQuery.data]);
  const invoiceSettled = !invoiceQuery.isLoading && !invoiceQuery.isUninitialized;
  const loading = hasToken && (goalsQuery.isLoading || (!invoiceSettled && !invoiceQuery.isError));

  useEffect(() => {
    if (goalsQuery.isError) log('goal fetch failed', goalsQuery.error);
  }, [goalsQuery.isError, goalsQuery.error]);
  useEffect(() => {
    if (invoiceQuery.isError) log('invoice fetch failed', invoiceQuery.error);
  }, [invoiceQuery.isError, invoiceQuery.error]);

  // The first lines once the goals and the invoice's goal link are known (the link is optional).
  useEffect(() => {
    if (lines !== null || loading || !goalsQuery.data) return;
    setLines(initialAllocations(goals, payment.payment_amount, invoiceQuery.data?.goal_id ?? null));
  }, [lines, loading, goalsQuery.data, goals, payment.payment_amount, invoiceQuery.data]);

  // "When the payment amount decreases below the current total, all allocations are scaled down proportionally."
  useEffect(() => {
    setLines((current) => (current === null ? current : scaleAllocationsToPayment(current, payment.payment_amount)));
  }, [payment.payment_amount]);

  const current = lines ?? [];
  const nothingAllocated = emitAllocations(current, payment.payment_amount).length === 0;

  const savePreference = async () => {
    if (!dontShowAgain) return;
    const result = await setPreference({ show_allocation_modal: false });
    if ('error' in result) log('preference update failed', result.error);
  };

  const onSkip = async () => {
    await savePreference();
    onClose();
  };

  const onSave = async () => {
    if (allocateState.isLoading) return;
    const allocations = emitAllocations(current, payment.payment_amount);
    await savePreference();
    if (allocations.length === 0) {
      onClose();
      return;
    }
    const body = {
      invoice_id: payment.invoice_id,
      payment_id: payment.payment_id,
      payment_amount: payment.payment_amount,
      allocations,
    };
    const result = await allocate({ body, idempotencyKey: keys.current.keyFor(body) });
    if ('error' in result) {
      // SPEC.md section 8: the server's `message`, else the fallback (also when no answer came back).
      toast.show({
        severity: 'error',
        summary: ALLOCATION_MESSAGES.errorTitle,
        detail: serverMessage(result.error) ?? ALLOCATION_MESSAGES.failed,
      });
      return;
    }
    // The payment's toast becomes this one (same id): one toast per payment (issue 11).
    const id = paymentToastId(payment.payment_id);
    toast.show({
      ...(id ? { id } : {}),
      severity: 'success',
      summary: ALLOCATION_MESSAGES.successTitle,
      detail: ALLOCATION_MESSAGES.allocated,
    });
    goalsRefreshed();
    onClose();
  };

  const saving = allocateState.isLoading;
  return (
    <Modal
      opened
      onClose={onClose}
      title={ALLOCATION_MESSAGES.modalTitle}
      size="lg"
      fullScreen={narrow}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Group gap="xl" wrap="wrap">
          <Text size="sm">
            Invoice: <strong>{payment.invoice_number ?? 'N/A'}</strong>
          </Text>
          <Text size="sm">
            Payment amount: <strong>{formatCurrency(payment.payment_amount)}</strong> USD
          </Text>
        </Group>
        <GoalAllocationPanel
          goals={goals}
          lines={current}
          paymentAmount={payment.payment_amount}
          onChange={setLines}
          loading={loading}
          disabled={saving}
          emptyAction={
            // No goal yet: the way to make one (the modal closes; the payment can be allocated later from its row).
            <Button
              component={Link}
              to={paths.goals.create}
              onClick={onClose}
              size="xs"
              variant="light"
              leftSection={<IconTarget size={14} aria-hidden />}
            >
              Create a goal
            </Button>
          }
        />
        {afterPayment && (
          <Checkbox
            label={ALLOCATION_MESSAGES.dontShowAgain}
            checked={dontShowAgain}
            onChange={(event) => setDontShowAgain(event.currentTarget.checked)}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => void onSkip()} disabled={saving}>
            {ALLOCATION_MESSAGES.skip}
          </Button>
          <Button onClick={() => void onSave()} disabled={saving || nothingAllocated}>
            {saving ? ALLOCATION_MESSAGES.saving : ALLOCATION_MESSAGES.save}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * What the host mounts after a payment: asks the preference first (a failure is only logged and
 * counts as "show") and opens the modal only when `show_allocation_modal` is not false. Without a
 * stored token it closes at once: the goal and invoice fetches are skipped (SPEC.md section 6).
 */
export function PaymentAllocationFlow({ payment, onClose }: AllocatePaymentModalProps) {
  const hasToken = readToken() !== null;
  const preference = useGetAllocationPreferenceQuery(undefined, { skip: !hasToken, refetchOnMountOrArgChange: true });
  const hidden = preference.data?.data.show_allocation_modal === false;
  useEffect(() => {
    if (!hasToken || hidden) onClose();
  }, [hasToken, hidden, onClose]);
  useEffect(() => {
    if (preference.isError) log('preference fetch failed', preference.error);
  }, [preference.isError, preference.error]);
  if (!hasToken || hidden || preference.isLoading || preference.isUninitialized) return null;
  return <AllocatePaymentModal payment={payment} onClose={onClose} />;
}
