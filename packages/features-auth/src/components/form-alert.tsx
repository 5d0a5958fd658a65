import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

/** A form-level message; line breaks in the text are kept (registration errors are joined by them). */
export function FormAlert({ kind, children }: { kind: 'error' | 'success'; children: ReactNode }) {
  return (
    <Alert
      color={kind === 'error' ? 'red' : 'green'}
      variant="light"
      role={kind === 'error' ? 'alert' : 'status'}
      styles={{ message: { whiteSpace: 'pre-line' } }}
    >
      {children}
    </Alert>
  );
}
