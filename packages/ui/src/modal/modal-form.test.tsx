import { screen } from '@testing-library/react';
import { Button } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { renderWithUi } from '../test-utils';
import { ModalForm } from './modal-form';

const noop = () => undefined;

describe('ModalForm', () => {
  it('keeps Cancel on while saving unless told, and shows the submit label with its spinner', () => {
    renderWithUi(
      <ModalForm opened onClose={noop} title="Add stage" submitLabel="Add stage" onSubmit={noop} saving>
        <span>fields</span>
      </ModalForm>,
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add stage' })).toHaveAttribute('data-loading', 'true');
  });

  it('turns Cancel off while saving and takes a submit button of its own when told', async () => {
    const onSubmit = vi.fn();
    renderWithUi(
      <ModalForm
        opened
        onClose={noop}
        title="Add Other Income"
        submitLabel="Record income"
        onSubmit={onSubmit}
        saving
        cancelDisabledWhileSaving
        submitButton={<Button type="submit">Saving...</Button>}
      >
        <span>fields</span>
      </ModalForm>,
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Record income' })).not.toBeInTheDocument();
    screen.getByRole('button', { name: 'Saving...' }).click();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
