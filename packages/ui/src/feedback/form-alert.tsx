import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

export interface FormAlertProps {
  /** An error (the default) is announced as an alert; a success as a status. */
  kind?: 'error' | 'success';
  children: ReactNode;
}

/**
 * A form-level message above the fields: the server's message and the errors that belong to no
 * field on screen. Line breaks in the text are kept (several errors are joined by them).
 */
export function FormAlert({ kind = 'error', children }: FormAlertProps) {
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
