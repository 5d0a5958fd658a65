import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { DateField } from '../forms/date-field';
import { FormModal, useGuardedClose } from './form-modal';

/**
 * A form in a modal: Escape in the open date picker closes the picker only; closing with unsaved
 * input (Escape, the close button, a backdrop click or Cancel) asks "Discard changes?" first.
 */
/** `typed`: a title already typed when the story opens (unsaved input). */
function GoalForm({ typed = '' }: { typed?: string }) {
  const [opened, setOpened] = useState(true);
  const [title, setTitle] = useState(typed);
  const [date, setDate] = useState('');
  const requestClose = useGuardedClose(
    () => setOpened(false),
    () => title !== '' || date !== '',
  );
  return (
    <>
      <Button onClick={() => setOpened(true)}>Create goal</Button>
      <FormModal opened={opened} onClose={requestClose} title="Create goal">
        <Stack>
          <TextInput label="Title" value={title} onChange={(event) => setTitle(event.currentTarget.value)} />
          <DateField label="Target date" value={date} onChange={setDate} />
          <Group justify="flex-end">
            <Button variant="default" onClick={requestClose}>
              Cancel
            </Button>
            <Button onClick={() => setOpened(false)}>Create goal</Button>
          </Group>
        </Stack>
      </FormModal>
    </>
  );
}

const meta = {
  title: 'Feedback/FormModal',
  component: GoalForm,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof GoalForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Untouched: Story = {};

export const WithUnsavedInput: Story = { args: { typed: 'New van' } };
