import { Link } from 'react-router';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useAppSelector, paths } from '@ledgerleaf/api';

/** 404 for paths that are not in the route table at all. */
export function NotFoundPage() {
  const signedIn = useAppSelector((state) => state.auth.token !== null);
  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Text c="dimmed" fw={700} fz={48} lh={1} aria-hidden>
          404
        </Text>
        <Title order={1} size="h2">
          Page not found
        </Title>
        <Text c="dimmed">The address may be mistyped, or the page may have moved.</Text>
        <Button component={Link} to={signedIn ? paths.dashboard : paths.home} mt="sm">
          {signedIn ? 'Back to the dashboard' : 'Back to the home page'}
        </Button>
      </Stack>
    </Center>
  );
}

export default NotFoundPage;
