import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

/** A form-level error above the fields (server message, errors that belong to no field). */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <Alert color="red" variant="light" role="alert" styles={{ message: { whiteSpace: 'pre-line' } }}>
      {children}
    </Alert>
  );
}
