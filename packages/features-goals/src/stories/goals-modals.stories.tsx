import type { Meta, StoryObj } from '@storybook/react-vite';
import { screen, userEvent, within } from 'storybook/test';
import { OTHER_INCOME_MESSAGES } from '@ledgerleaf/domain';
import { fail, ok, pending, screenStory, serverError, type StoryApi } from '@ledgerleaf/storybook-harness';
import { goalPage, income } from '../test/fixtures';
import { AllocatePaymentModal } from '../allocation/allocate-payment-modal';
import { OtherIncomeModal } from '../income/other-income-modal';
import { financialGoals, goalsAnswer } from './canned';

const meta = {
  title: 'Goals/Modals',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const noop = () => undefined;

// ---------------------------------------------------------------- Allocate Payment to Goals

const payment = { invoice_id: 11, invoice_number: 'INV-2026-0011', payment_id: 40, payment_amount: 400 };
const allocate = (api: StoryApi = {}, goalId: number | null = null, afterPayment = true) =>
  screenStory(<AllocatePaymentModal payment={payment} onClose={noop} afterPayment={afterPayment} />, {
    path: '/',
    api: {
      'GET /api/goals': goalsAnswer(financialGoals),
      'GET /api/invoices/11': ok({ data: { id: 11, invoice_number: 'INV-2026-0011', goal_id: goalId } }),
      ...api,
    },
  });
const allocateDialog = async () => {
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByRole('spinbutton', { name: 'Amount for Rent reserve' });
  return dialog;
};

export const AllocatePayment: Story = allocate();
/** The invoice is linked to a goal: the whole payment starts there. */
export const AllocatePaymentLinkedGoal: Story = allocate({}, 2);
export const AllocatePaymentLoading: Story = allocate({ 'GET /api/goals': pending });
/** No goal yet: the empty state with the way to create one (issue 11). */
export const AllocatePaymentNoGoals: Story = allocate({ 'GET /api/goals': { status: 200, body: goalPage([]) } });
/** Opened later from the invoice's payment row ("Allocate to goals"): no "Don't show this again". */
export const AllocatePaymentFromRow: Story = allocate({}, null, false);
/** Allocate Evenly: the split and what each goal reaches. */
export const AllocatePaymentEvenly: Story = {
  ...allocate(),
  play: async () => {
    const dialog = await allocateDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: /evenly/i }));
  },
};
/** The server refuses (someone allocated meanwhile): its message in an Error toast, the modal stays. */
export const AllocatePaymentFailed: Story = {
  ...allocate({
    'POST /api/invoice-payments/allocate-to-goals': fail(422, 'Only $20.00 of this payment is left to allocate'),
  }),
  play: async () => {
    const dialog = await allocateDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: /evenly/i }));
    await userEvent.click(within(dialog).getByRole('button', { name: /^Save/ }));
  },
};

// ---------------------------------------------------------------- Add / edit other income

const otherIncome = (api: StoryApi = {}, edit: ReturnType<typeof income> | null = null) =>
  screenStory(<OtherIncomeModal opened onClose={noop} income={edit} />, {
    path: '/',
    api: { 'GET /api/goals': goalsAnswer(financialGoals), ...api },
  });
const incomeDialog = async (name = 'Add Other Income') => {
  const dialog = await screen.findByRole('dialog', { name });
  await within(dialog).findByRole('checkbox', { name: /Rent reserve/ });
  return dialog;
};

export const OtherIncome: Story = otherIncome();
/** Amount, source and two goals with the income split between them. */
export const OtherIncomeAllocated: Story = {
  ...otherIncome(),
  play: async () => {
    const dialog = await incomeDialog();
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: /^Amount/ }), '500');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Source/ }), 'Consulting grant');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Rent reserve/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /New laptop/ }));
  },
};
/** Submitting without amount, date and source: the messages of SPEC.md section 5. */
export const OtherIncomeValidationErrors: Story = {
  ...otherIncome(),
  play: async () => {
    const dialog = await incomeDialog();
    await userEvent.clear(within(dialog).getByLabelText(/^Date/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record income' }));
  },
};
/** More allocated than received: the message, and Record income disabled. */
export const OtherIncomeOverAllocated: Story = {
  ...otherIncome(),
  play: async () => {
    const dialog = await incomeDialog();
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: /^Amount/ }), '100');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Rent reserve/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /New laptop/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: OTHER_INCOME_MESSAGES.distributeEvenly }));
    const laptop = within(dialog).getByRole('spinbutton', { name: 'Allocation for New laptop' });
    await userEvent.clear(laptop);
    await userEvent.type(laptop, '60');
  },
};
/** The server's 422 under its fields, an allocation's included. */
export const OtherIncomeServerErrors: Story = {
  ...otherIncome({
    'POST /api/other-income/multiple-goals': fail(422, 'The given data was invalid.', {
      source: ['This income was already recorded on the same day'],
      'goal_allocations.0.goal_id': ['Please choose an active financial goal'],
    }),
  }),
  play: async () => {
    const dialog = await incomeDialog();
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: /^Amount/ }), '250');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Source/ }), 'Tax refund');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Rent reserve/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record income' }));
  },
};
/** No active financial goal to allocate to. */
export const OtherIncomeNoGoals: Story = otherIncome({ 'GET /api/goals': { status: 200, body: goalPage([]) } });
export const OtherIncomeGoalsError: Story = otherIncome({ 'GET /api/goals': serverError });
/** Editing a recorded income with its allocation. */
export const OtherIncomeEdit: Story = otherIncome({}, income());
