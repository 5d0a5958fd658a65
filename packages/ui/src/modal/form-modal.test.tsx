import { useState } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Modal, TextInput } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { renderWithUi } from '../test-utils';
import { DateField } from '../forms/date-field';
import { FormModal, useGuardedClose } from './form-modal';

function GoalLikeForm({ onClosed }: { onClosed: () => void }) {
  const [opened, setOpened] = useState(true);
  const [title, setTitle] = useState('');
  const [date, setDate] = useState('');
  const close = () => {
    setOpened(false);
    onClosed();
  };
  const requestClose = useGuardedClose(close, () => title !== '' || date !== '');
  return (
    <FormModal opened={opened} onClose={requestClose} title="Create goal">
      <TextInput label="Title" value={title} onChange={(event) => setTitle(event.currentTarget.value)} />
      <DateField label="Target date" value={date} onChange={setDate} />
      <Button onClick={requestClose}>Cancel</Button>
    </FormModal>
  );
}

const escape = (target: Element = document.activeElement ?? document.body) =>
  fireEvent.keyDown(target, { key: 'Escape', code: 'Escape' });

describe('FormModal and useGuardedClose (issue 11 item 4)', () => {
  it('Escape in an open date picker closes the picker only; the form and its input stay', async () => {
    const user = userEvent.setup();
    const onClosed = vi.fn();
    renderWithUi(<GoalLikeForm onClosed={onClosed} />);
    await user.type(screen.getByLabelText('Title'), 'New van');
    await user.click(screen.getByLabelText('Target date'));
    expect(await screen.findByRole('button', { name: 'Next month' })).toBeInTheDocument();
    escape(screen.getByLabelText('Target date'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Next month' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Create goal' })).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('New van');
    expect(onClosed).not.toHaveBeenCalled();
  });

  it('with unsaved input, Escape asks first: "Keep editing" keeps the form, "Discard changes" closes it', async () => {
    const user = userEvent.setup();
    const onClosed = vi.fn();
    renderWithUi(<GoalLikeForm onClosed={onClosed} />);
    await user.type(screen.getByLabelText('Title'), 'New van');
    escape(screen.getByLabelText('Title'));
    expect(await screen.findByText('Discard changes?')).toBeInTheDocument();
    // Escape again answers the question ("Keep editing"), it does not ask twice nor close the form.
    escape(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByText('Discard changes?')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Title')).toHaveValue('New van');
    expect(onClosed).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(onClosed).toHaveBeenCalledTimes(1));
  });

  it('an untouched form closes at once on Escape and on the close button', async () => {
    const onClosed = vi.fn();
    renderWithUi(<GoalLikeForm onClosed={onClosed} />);
    escape(screen.getByLabelText('Title'));
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Discard changes?')).not.toBeInTheDocument();
  });
});

describe('DateField inside a plain Mantine Modal', () => {
  it('keeps the modal open when Escape closes its calendar', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    function Plain() {
      const [date, setDate] = useState('');
      return (
        <Modal opened onClose={onClose} title="Record payment">
          <DateField label="Payment date" value={date} onChange={setDate} />
        </Modal>
      );
    }
    renderWithUi(<Plain />);
    await user.click(screen.getByLabelText('Payment date'));
    expect(await screen.findByRole('button', { name: 'Next month' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Payment date')).toHaveAttribute('data-mantine-stop-propagation'));
    escape(screen.getByLabelText('Payment date'));
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Next month' })).not.toBeInTheDocument());
    // With the calendar closed, Escape is the modal's again.
    escape(screen.getByLabelText('Payment date'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
