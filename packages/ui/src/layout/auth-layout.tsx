import { Box, Container, Group, Paper, SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import { ColorSchemeToggle } from '../theme/color-scheme-toggle';
import { BrandLogo } from './brand-logo';

export interface AuthLayoutProps {
  /** The form (login, register, reset password...). */
  children?: ReactNode;
  /** Marketing panel beside the card on wide screens; stacks under it on narrow ones. */
  aside?: ReactNode;
}

/** Frame of the guest pages: the brand, a centred card and an optional marketing aside. */
export function AuthLayout({ children, aside }: AuthLayoutProps) {
  const hasAside = aside !== undefined && aside !== null && aside !== false;
  return (
    <Box
      mih="100dvh"
      display="flex"
      style={{
        flexDirection: 'column',
        background:
          'radial-gradient(1200px 600px at 0% 0%, var(--mantine-color-leaf-light) 0%, transparent 60%), radial-gradient(900px 500px at 100% 100%, var(--mantine-color-teal-light) 0%, transparent 55%), var(--mantine-color-body)',
      }}
    >
      <Container
        size={hasAside ? 'lg' : 'xs'}
        py={{ base: 'md', sm: 'xl' }}
        px="md"
        w="100%"
        style={{ flex: 1, display: 'flex', flexDirection: 'column' }}
      >
        <Group component="header" justify="space-between" mb={{ base: 'lg', sm: 'xl' }}>
          <BrandLogo size="lg" />
          <ColorSchemeToggle />
        </Group>
        <Box
          component="main"
          id="main-content"
          style={{ flex: 1, display: 'flex', flexDirection: 'column', justifyContent: 'center' }}
          pb={{ base: 0, md: 64 }}
        >
          <SimpleGrid
            cols={{ base: 1, md: hasAside ? 2 : 1 }}
            spacing={{ base: 'xl', md: 48 }}
            style={{ alignItems: 'center' }}
          >
            <Paper withBorder shadow="md" p={{ base: 'lg', sm: 'xl' }} radius="lg" w="100%" maw={460} mx="auto">
              {children}
            </Paper>
            {hasAside && (
              <Box component="aside" aria-label="About Ledgerleaf" maw={520} mx={{ base: 'auto', md: 0 }} w="100%">
                {aside}
              </Box>
            )}
          </SimpleGrid>
        </Box>
      </Container>
    </Box>
  );
}
