import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UiProvider } from '../theme/ui-provider';
import { useRecordForm } from './record-form';

afterEach(cleanup);

type Values = { name: string };
type Answer = { error: string } | { data: { id: number } };

function NameForm({ save, stay = false }: { save: (values: Values) => Promise<Answer>; stay?: boolean }) {
  const { form, formError, saving, onSubmit } = useRecordForm<Values, { id: number }, string>({
    initialValues: { name: '' },
    validate: (values): Record<string, string> => (values.name.trim() ? {} : { name: 'Please enter a name' }),
    save,
    serverErrors: (error) => ({ fields: { name: `Server: ${error}` }, message: 'Not saved.' }),
    onSaved: (saved) => (stay ? null : `/saved/${saved.id}`),
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      {formError && <p role="alert">{formError}</p>}
      <label>
        Name
        <input {...form.getInputProps('name')} />
      </label>
      {form.errors.name && <p>{form.errors.name}</p>}
      <p>{form.isDirty() ? 'dirty' : 'clean'}</p>
      <button type="submit" disabled={saving}>
        Save
      </button>
    </form>
  );
}

function renderForm(props: Parameters<typeof NameForm>[0]) {
  const router = createMemoryRouter(
    [
      { path: '/form', element: <NameForm {...props} /> },
      { path: '/saved/:id', element: <p>Saved page</p> },
    ],
    { initialEntries: ['/form'] },
  );
  render(
    <UiProvider env="test">
      <RouterProvider router={router} />
    </UiProvider>,
  );
  return router;
}

describe('useRecordForm', () => {
  it('checks the rules first and sends nothing while a field is wrong', async () => {
    const save = vi.fn();
    renderForm({ save });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a name')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    expect(save).not.toHaveBeenCalled();
  });

  it("puts the server's refusal under its field and in the alert", async () => {
    renderForm({ save: async () => ({ error: 'taken' }) });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Server: taken')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Not saved.');
  });

  it('opens the page onSaved names once saved', async () => {
    const router = renderForm({ save: async () => ({ data: { id: 7 } }) });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/saved/7');
  });

  it('stays on the form, clean, when onSaved answers null', async () => {
    const router = renderForm({ save: async () => ({ data: { id: 7 } }), stay: true });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Acme' } });
    expect(screen.getByText('dirty')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('clean')).toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/form');
  });
});
