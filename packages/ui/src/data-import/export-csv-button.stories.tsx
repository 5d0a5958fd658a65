import type { Meta, StoryObj } from '@storybook/react-vite';
import type { CsvImportAnswer } from './csv-import-modal';
import { ExportCsvButton } from './export-csv-button';

const meta = {
  title: 'Data/ExportCsvButton',
  component: ExportCsvButton,
  args: {
    name: 'leads',
    exportCsv: async (): Promise<CsvImportAnswer<string>> => ({ data: 'person_name,email\nAda,ada@example.test\n' }),
  },
} satisfies Meta<typeof ExportCsvButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** The server refused: a click shows 'Export failed' with its words. */
export const Fails: Story = {
  args: { exportCsv: async (): Promise<CsvImportAnswer<string>> => ({ error: 'The CSV could not be created.' }) },
};
