import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  List,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconChartBar, IconFileInvoice, IconUsers } from '@tabler/icons-react';
import { AuthLayout } from './auth-layout';

const meta = {
  title: 'Layout/AuthLayout',
  component: AuthLayout,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof AuthLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

function LoginForm() {
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <Stack gap="md">
        <div>
          <Title order={1} fz="h2">
            Sign in
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            Authorized users only
          </Text>
        </div>
        <TextInput label="Email" type="email" placeholder="you@business.com" required autoComplete="email" />
        <PasswordInput label="Password" required autoComplete="current-password" />
        <Group justify="space-between">
          <Checkbox label="Remember me" />
          <Anchor href="#forgot-password" size="sm">
            Forgot your password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth size="md">
          Sign in
        </Button>
      </Stack>
    </form>
  );
}

function MarketingAside() {
  const features = [
    {
      icon: <IconFileInvoice size={18} aria-hidden />,
      title: 'Invoice Management',
      text: 'Create, send and track invoices and estimates.',
    },
    {
      icon: <IconUsers size={18} aria-hidden />,
      title: 'Client Relationship Management',
      text: 'Leads, opportunities and your pipeline in one place.',
    },
    {
      icon: <IconChartBar size={18} aria-hidden />,
      title: 'Financial Insights',
      text: 'Revenue, goals and cash flow at a glance.',
    },
  ];
  return (
    <Stack gap="lg">
      <Title order={2}>Run your small business with confidence</Title>
      <List spacing="md" listStyleType="none">
        {features.map((feature) => (
          <List.Item
            key={feature.title}
            icon={
              <ThemeIcon variant="light" radius="xl" size="lg">
                {feature.icon}
              </ThemeIcon>
            }
          >
            <Text fw={600}>{feature.title}</Text>
            <Text size="sm" c="dimmed">
              {feature.text}
            </Text>
          </List.Item>
        ))}
      </List>
      <Text size="sm">
        Ledgerleaf is currently in stealth mode.{' '}
        <Button variant="light" size="compact-sm" ml={4}>
          Join the waiting list
        </Button>
      </Text>
    </Stack>
  );
}

export const Login: Story = {
  args: { children: <LoginForm />, aside: <MarketingAside /> },
};

export const WithoutAside: Story = {
  args: { children: <LoginForm /> },
};
