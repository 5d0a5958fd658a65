import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { Alert, Button, Code, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';

export interface ErrorBoundaryProps {
  children?: ReactNode;
  /** Called when the user presses 'Try Again', before the children render again. */
  onReset?: () => void;
  /** Called with every caught error (logging). */
  onError?: (error: unknown, info: ErrorInfo) => void;
}

interface ErrorBoundaryState {
  error: unknown;
  hasError: boolean;
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

/** Catches render errors below it: 'Something went wrong', the error text and 'Try Again'. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: undefined, hasError: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError?.(error, info);
  }

  private readonly reset = () => {
    this.props.onReset?.();
    this.setState({ error: undefined, hasError: false });
  };

  override render() {
    if (!this.state.hasError) return this.props.children;
    return (
      <Alert
        color="red"
        variant="light"
        radius="lg"
        role="alert"
        icon={<IconAlertCircle size={20} aria-hidden />}
        title="Something went wrong"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">An unexpected error stopped this part of the page from showing.</Text>
          <Code block data-testid="error-boundary-message" style={{ whiteSpace: 'pre-wrap', width: '100%' }}>
            {describe(this.state.error)}
          </Code>
          <Button variant="filled" color="red" leftSection={<IconRefresh size={16} aria-hidden />} onClick={this.reset}>
            Try Again
          </Button>
        </Stack>
      </Alert>
    );
  }
}
