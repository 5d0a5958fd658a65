import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { paths } from '@ledgerleaf/api';
import { AuthLayout } from '@ledgerleaf/ui';

/**
 * A guest page (sign in, register, the password reset pages): the auth frame, the page's title and
 * the line under it (dimmed unless `introDimmed` is false), then the page's content. `after` goes
 * after the content, outside its column (a modal).
 */
export function AuthPage({
  title,
  intro,
  introDimmed = true,
  aside,
  after,
  children,
}: {
  title: string;
  intro: ReactNode;
  introDimmed?: boolean;
  aside?: ReactNode;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <AuthLayout aside={aside}>
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c={introDimmed ? 'dimmed' : undefined} size="sm" mt={4}>
            {intro}
          </Text>
        </div>
        {children}
      </Stack>
      {after}
    </AuthLayout>
  );
}

/** The way back to the sign-in page, under a guest page's form. */
export function BackToSignIn() {
  return (
    <Text size="sm" ta="center">
      <Anchor component={Link} to={paths.login} underline="always">
        Back to sign in
      </Anchor>
    </Text>
  );
}
