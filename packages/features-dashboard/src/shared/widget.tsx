import { Component, Suspense, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { Alert, Box, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { DASHBOARD_MESSAGES, DASHBOARD_WIDGET_FALLBACKS, type DashboardWidget } from '@ledgerleaf/domain';
import { PLACEHOLDER_DELAY_MS } from './constants';

/** The loading placeholder of a widget, shown only after the 200-300 ms delay. */
export function DelayedPlaceholder({ height }: { height: number }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), PLACEHOLDER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return shown ? (
    <Skeleton h={height} radius="md" data-testid="widget-placeholder" role="status" aria-label="Loading" />
  ) : (
    <Box h={height} />
  );
}

/** The yellow fallback of a widget that failed (SPEC.md section 8). */
export function WidgetFallback({ widget, detail }: { widget: DashboardWidget; detail?: string | undefined }) {
  const fallback = DASHBOARD_WIDGET_FALLBACKS[widget];
  return (
    <Alert
      color="yellow"
      variant="light"
      role="alert"
      title={fallback.title}
      icon={<IconAlertTriangle size={18} aria-hidden />}
      data-testid={`fallback-${widget}`}
    >
      <Stack gap={4}>
        {detail && <Text size="sm">{detail}</Text>}
        <Text size="sm">{fallback.message}</Text>
      </Stack>
    </Alert>
  );
}

interface BoundaryProps {
  widget: DashboardWidget;
  children: ReactNode;
}

/** Catches a widget's render or code-loading failure and shows its fallback instead of the page's boundary. */
class WidgetBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown) {
    console.error(`Dashboard widget ${this.props.widget} failed`, error);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const timedOut = error.message === DASHBOARD_MESSAGES.chartTimeout;
    return <WidgetFallback widget={this.props.widget} detail={timedOut ? error.message : undefined} />;
  }
}

export interface WidgetProps {
  widget: DashboardWidget;
  title: string;
  /** A link or note beside the title. */
  action?: ReactNode;
  /** Its data failed to load: the fallback instead of the content. */
  failed?: boolean;
  /** Its data is on the way: the delayed placeholder. */
  loading?: boolean;
  height?: number;
  children: ReactNode;
}

/**
 * One dashboard panel: a titled card whose content loads lazily behind a placeholder shown after
 * 200-300 ms, and shows its yellow fallback when its data or its code fails.
 */
export function Widget({ widget, title, action, failed, loading, height = 280, children }: WidgetProps) {
  // The content mounts in a transition after its data arrives (the placeholder stays until then):
  // the data comes through a store update, which React renders in one go, and the widgets' first
  // render (charts, tables, the activity feed) was a long task each on a phone.
  const ready = useDeferredValue(!failed && !loading, false);
  return (
    <Card withBorder radius="md" padding="md" h="100%" data-testid={`widget-${widget}`}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {action}
      </Group>
      {failed ? (
        <WidgetFallback widget={widget} />
      ) : !ready ? (
        <DelayedPlaceholder height={height} />
      ) : (
        <WidgetBoundary widget={widget}>
          <Suspense fallback={<DelayedPlaceholder height={height} />}>{children}</Suspense>
        </WidgetBoundary>
      )}
    </Card>
  );
}
