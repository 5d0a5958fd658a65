import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button, Checkbox, Group, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { PasswordStrength } from '../password/password-strength';

function FormControls() {
  const [password, setPassword] = useState('Leaf2024');
  return (
    <Stack gap="lg" w={480} maw="100%">
      <Title order={2} fz="h3">
        Buttons
      </Title>
      <Group>
        <Button leftSection={<IconPlus size={16} aria-hidden />}>New Invoice</Button>
        <Button variant="light">Light</Button>
        <Button variant="outline">Outline</Button>
        <Button variant="default">Default</Button>
        <Button variant="subtle">Subtle</Button>
        <Button color="red" leftSection={<IconTrash size={16} aria-hidden />}>
          Delete
        </Button>
        <Button loading>Saving</Button>
        <Button disabled>Disabled</Button>
      </Group>
      <Title order={2} fz="h3">
        Inputs
      </Title>
      <TextInput label="Full name" placeholder="Dana Demo" required />
      <TextInput
        label="Email address"
        type="email"
        defaultValue="not-an-email"
        error="Please enter a valid email address"
      />
      <TextInput label="Phone number" description="US format: 10-digit phone number" placeholder="(555) 123-4567" />
      <TextInput label="Business Name" disabled defaultValue="Leaf & Ledger Studio" />
      <div>
        <PasswordInput label="Password" value={password} onChange={(event) => setPassword(event.currentTarget.value)} />
        <PasswordStrength value={password} />
      </div>
      <Checkbox label="Remember me" defaultChecked />
      <Checkbox label="Don't show this again" />
      <Checkbox label="Disabled" disabled />
    </Stack>
  );
}

const meta = {
  title: 'Theme/Form controls',
  component: FormControls,
} satisfies Meta<typeof FormControls>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
