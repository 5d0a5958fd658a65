import type { Meta, StoryObj } from '@storybook/react-vite';
import { screen, userEvent, within } from 'storybook/test';
import { CsvImportModal, type CsvImportAnswer, type CsvImportPreview } from './csv-import-modal';

// The words come from the product (its messages); the story restates them.
const messages = {
  csvRequired: 'Please choose a CSV file',
  importHasErrors: 'The file has errors, so nothing was imported. Fix the rows listed and try again.',
  imported: (count: number) => `Imported ${count} row${count === 1 ? '' : 's'}.`,
};

const preview: CsvImportPreview = {
  columns: ['person_name', 'email'],
  rows: [
    { row: 2, values: { person_name: 'Ada Lovelace', email: 'ada@example.test' }, errors: {} },
    {
      row: 3,
      values: { person_name: 'Grace Hopper', email: 'grace@' },
      errors: { email: ['Please enter a valid email address'] },
    },
  ],
  total: 2,
  valid: 1,
  invalid: 1,
  errors: {},
};

const meta = {
  title: 'Data/CsvImportModal',
  component: CsvImportModal,
  args: {
    opened: true,
    onClose: () => undefined,
    noun: 'leads',
    required: "a person's name or a company name",
    columns: ['person_name', 'company_name', 'email', 'status'],
    previewColumns: ['person_name', 'email'],
    preview: async (): Promise<CsvImportAnswer<CsvImportPreview>> => ({ data: preview }),
    runImport: async () => ({ data: { imported: 2 } }),
    messages,
  },
} satisfies Meta<typeof CsvImportModal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** As it opens: choose a file or paste the text. */
export const Open: Story = {};

/** A preview with a bad row: it comes first, highlighted, and Import stays disabled. */
export const PreviewWithRowErrors: Story = {
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Import leads from CSV' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Paste CSV text' }));
    await userEvent.click(within(dialog).getByLabelText('CSV text'));
    await userEvent.paste('person_name,email\nAda Lovelace,ada@example.test\nGrace Hopper,grace@\n');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
  },
};

/** The server could not read the file: its words in the alert. */
export const Unreadable: Story = {
  args: {
    preview: async (): Promise<CsvImportAnswer<CsvImportPreview>> => ({
      error: 'The file could not be read as CSV',
    }),
  },
  play: PreviewWithRowErrors.play,
};
