/** API contracts of allocating a payment to goals and of the allocation preference. */
import { z } from 'zod';
import { amountSchema } from '../common';
import { formatCurrency } from '../format';
import { goalSchema } from './contracts';
import { MAX_GOAL_ALLOCATIONS } from './other-income-contracts';
import { checkRepeatedGoals, hasIssueAt, idWithMessage, moneySchema, sumCents } from './schema-helpers';

export const ALLOCATION_MESSAGES = {
  // SPEC.md section 2, the modal and the panel
  modalTitle: 'Allocate Payment to Goals',
  panelTitle: 'Allocate Payment to Financial Goals (Optional)',
  noGoals: 'No active financial goals found. You can create financial goals in the Goals section.',
  dontShowAgain: "Don't show this again",
  skip: 'Skip',
  save: 'Save Allocations',
  saving: 'Saving...',
  allocateEvenly: 'Allocate Evenly',
  clearAll: 'Clear All',
  afterAllocation: 'After allocation',
  // SPEC.md section 8, "Payment allocation"
  errorTitle: 'Error',
  failed: 'Failed to allocate payment to goals. Please try again.',
  successTitle: 'Success',
  allocated: 'Payment has been allocated to goals successfully',
  // ours (the server's answers)
  invoiceRequired: 'Please choose the invoice',
  paymentRequired: 'Please choose the payment',
  paymentAmountInvalid: 'Please enter the payment amount',
  paymentNotFound: 'Payment not found.',
  paymentAmountMismatch: 'The payment amount does not match the recorded payment',
  allocationsRequired: 'Please allocate some amount to the goals',
  allocationsInvalid: 'Please choose goals and amounts',
  tooManyAllocations: `At most ${MAX_GOAL_ALLOCATIONS} goals can share one payment`,
  goalRequired: 'Please choose a goal',
  goalRepeated: 'Each goal can be chosen only once',
  goalNotAllocatable: 'Please choose an active financial goal',
  allocationAmountInvalid: 'Please enter a valid amount',
  allocationAmountPositive: 'The amount must be more than 0.00',
  exceedsPayment: 'Total allocated amount exceeds the payment amount',
  exceedsLeft: (leftCents: number) => `Only ${formatCurrency(leftCents / 100)} of this payment is left to allocate`,
  preferenceInvalid: 'Please choose whether to show the allocation window',
} as const;

/**
 * `POST /api/invoice-payments/allocate-to-goals` (SPEC.md section 7). `payment_id` is optional as
 * in SPEC.md section 3: without it the invoice's latest payment of `payment_amount` is used.
 * The server refuses (422 `allocations`) a total beyond what is left of the payment.
 */
export const allocationRequestSchema = z
  .strictObject({
    invoice_id: idWithMessage(ALLOCATION_MESSAGES.invoiceRequired),
    payment_id: idWithMessage(ALLOCATION_MESSAGES.paymentRequired)
      .nullish()
      .transform((value) => value ?? null),
    payment_amount: z
      .number({ error: ALLOCATION_MESSAGES.paymentAmountInvalid })
      .positive(ALLOCATION_MESSAGES.paymentAmountInvalid)
      .pipe(amountSchema),
    allocations: z
      .array(
        z.strictObject({
          goal_id: idWithMessage(ALLOCATION_MESSAGES.goalRequired),
          amount: z
            .number({ error: ALLOCATION_MESSAGES.allocationAmountInvalid })
            .positive(ALLOCATION_MESSAGES.allocationAmountPositive)
            .pipe(amountSchema),
        }),
        { error: ALLOCATION_MESSAGES.allocationsInvalid },
      )
      .min(1, ALLOCATION_MESSAGES.allocationsRequired)
      .max(MAX_GOAL_ALLOCATIONS, ALLOCATION_MESSAGES.tooManyAllocations),
  })
  .superRefine((request, ctx) => {
    if (hasIssueAt(ctx, 'allocations')) return;
    checkRepeatedGoals(request.allocations, 'allocations', ALLOCATION_MESSAGES.goalRepeated, ctx);
    if (
      !hasIssueAt(ctx, 'payment_amount') &&
      sumCents(request.allocations) > Math.round(request.payment_amount * 100)
    ) {
      ctx.addIssue({ code: 'custom', message: ALLOCATION_MESSAGES.exceedsPayment, path: ['allocations'] });
    }
  });
export type AllocationInput = z.input<typeof allocationRequestSchema>;
export type AllocationRequest = z.output<typeof allocationRequestSchema>;

export const paymentAllocationSchema = z.object({
  id: z.number().int(),
  goal_id: z.number().int(),
  goal_title: z.string(),
  amount: moneySchema,
  created_at: z.string(),
});
export type PaymentAllocation = z.infer<typeof paymentAllocationSchema>;
export const allocationResponseSchema = z.object({
  data: z.object({
    invoice_id: z.number().int(),
    invoice_number: z.string().nullable(),
    payment_id: z.number().int(),
    payment_amount: moneySchema,
    /** Everything allocated from this payment so far (this request included). */
    allocated_amount: moneySchema,
    unallocated_amount: moneySchema,
    allocations: z.array(paymentAllocationSchema),
  }),
  goals: z.array(goalSchema),
  message: z.string(),
});
export type AllocationResponse = z.infer<typeof allocationResponseSchema>;

// ---------------------------------------------------------------- preference

/** `POST /api/goal-allocation-preferences` (SPEC.md section 7) and `GET` of the same path. */
export const allocationPreferenceRequestSchema = z.strictObject({
  show_allocation_modal: z.boolean({ error: ALLOCATION_MESSAGES.preferenceInvalid }),
});
export type AllocationPreferenceRequest = z.infer<typeof allocationPreferenceRequestSchema>;
export const allocationPreferenceResponseSchema = z.object({
  data: z.object({ show_allocation_modal: z.boolean() }),
  message: z.string().optional(),
});
export type AllocationPreferenceResponse = z.infer<typeof allocationPreferenceResponseSchema>;
