import type { Meta, StoryObj } from '@storybook/react-vite';
import { StoryApp, type StoryApi } from '@ledgerleaf/storybook-harness';
import { clientItem, clientPage } from '../test/fixtures';
import { ClientsPage } from './clients-page';

const meta = {
  title: 'Invoicing/Screens/Clients',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const screen = (api: StoryApi) => ({
  render: () => (
    <StoryApp api={api} path="/clients">
      <ClientsPage />
    </StoryApp>
  ),
});

export const List: Story = screen({
  'GET /api/clients': {
    status: 200,
    body: clientPage(
      [
        clientItem(),
        clientItem({
          id: 2,
          name: 'Birch Studio',
          email: 'hello@birch.test',
          balance_outstanding: 0,
          has_invoices: false,
        }),
        clientItem({
          id: 3,
          kind: 'person',
          name: 'Dana Whitfield',
          email: 'dana@whitfield.test',
          balance_outstanding: 320,
        }),
      ],
      { total: 3 },
    ),
  },
});
export const Loading: Story = screen({ 'GET /api/clients': 'pending' });
export const Empty: Story = screen({ 'GET /api/clients': { status: 200, body: clientPage([]) } });
export const LoadError: Story = screen({ 'GET /api/clients': { status: 500, body: { message: 'Server error' } } });
