import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Alert, Button, Center, Stack, Text } from '@mantine/core';

/** Last-resort route error (e.g. a page chunk that failed to load after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <Center mih="100dvh" p="md" component="main">
      <Alert color="red" title="Something went wrong" maw={480} role="alert">
        <Stack gap="sm">
          <Text size="sm">{detail}</Text>
          <div>
            <Button onClick={() => window.location.reload()}>Try Again</Button>
          </div>
        </Stack>
      </Alert>
    </Center>
  );
}
