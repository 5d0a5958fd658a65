import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Badge, Button, Card, Stack, Table, Title } from '@mantine/core';
import { MESSAGES } from '@ledgerleaf/domain';
import {
  clearAuthStorage,
  demoLoginErrorMessage,
  sessionEnded,
  useAppDispatch,
  useAppSelector,
  useDemoLoginMutation,
  paths,
} from '@ledgerleaf/api';
import { FormAlert } from '@ledgerleaf/ui';
import { useDelayedNavigate } from '../use-delayed-navigate';
import { AuthPage } from '../components/auth-page';

/** Long enough to read the success text before the dashboard replaces it. */
export const DEMO_REDIRECT_DELAY_MS = 1000;

/** /demo-login (SPEC.md sections 2 and 8): diagnostics of the stored session and the demo account. */
export function DemoLoginPage() {
  const navigate = useNavigate();
  const navigateLater = useDelayedNavigate();
  const dispatch = useAppDispatch();
  const { token, user, status } = useAppSelector((state) => state.auth);
  const [demoLogin, { isLoading }] = useDemoLoginMutation();
  const [feedback, setFeedback] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const loginAsDemo = async () => {
    setFeedback(null);
    const result = await demoLogin();
    if ('error' in result) {
      setFeedback({ kind: 'error', text: demoLoginErrorMessage(result.error) });
      return;
    }
    setFeedback({ kind: 'success', text: MESSAGES.demoSuccess });
    navigateLater(paths.dashboard, DEMO_REDIRECT_DELAY_MS);
  };

  const clearAndGoToLogin = () => {
    clearAuthStorage();
    dispatch(sessionEnded());
    navigate(paths.login, { replace: true });
  };

  const authenticated = token !== null && status === 'authenticated';

  return (
    <AuthPage title="Demo login" intro="Try Ledgerleaf with a demo business and its sample data.">
      <Card withBorder padding="md" radius="md">
        <Title order={2} size="h5" mb="xs">
          Diagnostics
        </Title>
        <Table variant="vertical" layout="fixed" withRowBorders={false}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row" w={140}>
                Token
              </Table.Th>
              <Table.Td>
                <Badge color={token ? 'green' : 'gray'} variant="light">
                  {token ? 'Present' : 'Missing'}
                </Badge>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Authenticated</Table.Th>
              <Table.Td>
                <Badge color={authenticated ? 'green' : 'gray'} variant="light">
                  {authenticated ? 'Yes' : 'No'}
                </Badge>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">User</Table.Th>
              <Table.Td>{user ? `${user.name} (ID: ${user.id})` : 'Not signed in'}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Card>
      {feedback ? <FormAlert kind={feedback.kind}>{feedback.text}</FormAlert> : null}
      <Stack gap="sm">
        <Button onClick={loginAsDemo} disabled={isLoading} fullWidth>
          {isLoading ? 'Signing in...' : 'Login as Demo User'}
        </Button>
        <Button variant="default" onClick={clearAndGoToLogin} fullWidth>
          Clear Auth Data &amp; Go to Login
        </Button>
        <Button variant="light" onClick={() => navigate(paths.dashboard)} fullWidth>
          Go to Dashboard
        </Button>
      </Stack>
    </AuthPage>
  );
}
