/** The shell's side navigation: its entries (with tooltips when icons only), the Goals Tracker button and sign-out. */
import type { ReactElement, ReactNode } from 'react';
import { Box, Button, Divider, Group, NavLink, ScrollArea, Stack, Tooltip } from '@mantine/core';
import { IconLogout, IconTarget } from '@tabler/icons-react';
import type { AppNavItem, RouterLink } from './app-layout-types';

interface NavContentProps {
  navItems: AppNavItem[];
  goalsHref: string;
  goalsActive: boolean;
  linkComponent: RouterLink;
  onSignOut: () => void;
  iconsOnly: boolean;
  collapseToggle?: ReactNode;
  onNavigate?: () => void;
}

/**
 * A navigation entry's tooltip, there only when the navigation shows icons alone (the label is the
 * entry's text otherwise). A disabled Mantine tooltip still sets up its positioning for each of the
 * fifteen entries, a good part of the shell's first draw on a phone.
 */
function NavTooltip({ label, iconsOnly, children }: { label: string; iconsOnly: boolean; children: ReactElement }) {
  if (!iconsOnly) return children;
  return (
    <Tooltip label={label} position="right">
      {children}
    </Tooltip>
  );
}

export function NavContent({
  navItems,
  goalsHref,
  goalsActive,
  linkComponent,
  onSignOut,
  iconsOnly,
  collapseToggle,
  onNavigate,
}: NavContentProps) {
  return (
    <Stack h="100%" gap="sm" justify="space-between">
      <Box>
        <NavTooltip label="Goals Tracker" iconsOnly={iconsOnly}>
          <Button
            component={linkComponent}
            to={goalsHref}
            onClick={onNavigate}
            fullWidth
            size="md"
            variant="gradient"
            gradient={{ from: 'leaf.8', to: 'teal.9', deg: 135 }}
            aria-current={goalsActive ? 'page' : undefined}
            aria-label={iconsOnly ? 'Goals Tracker' : undefined}
            leftSection={iconsOnly ? undefined : <IconTarget size={18} aria-hidden />}
            px={iconsOnly ? 0 : undefined}
            data-active={goalsActive || undefined}
            style={
              goalsActive
                ? { boxShadow: '0 0 0 2px var(--mantine-color-body), 0 0 0 4px var(--mantine-color-leaf-5)' }
                : undefined
            }
          >
            {iconsOnly ? <IconTarget size={20} aria-hidden /> : 'Goals Tracker'}
          </Button>
        </NavTooltip>
      </Box>

      <ScrollArea style={{ flex: 1 }} type="hover" scrollbarSize={6}>
        <Stack gap={2}>
          {navItems.map((item) => (
            <NavTooltip key={item.href} label={item.label} iconsOnly={iconsOnly}>
              <NavLink
                component={linkComponent}
                to={item.href}
                onClick={onNavigate}
                label={iconsOnly ? undefined : item.label}
                aria-label={iconsOnly ? item.label : undefined}
                leftSection={item.icon}
                active={item.active}
                aria-current={item.active ? 'page' : undefined}
                variant="light"
                styles={{
                  root: {
                    borderRadius: 'var(--mantine-radius-md)',
                    justifyContent: iconsOnly ? 'center' : undefined,
                    minHeight: 42,
                  },
                  section: iconsOnly ? { marginInlineEnd: 0 } : undefined,
                  body: iconsOnly ? { display: 'none' } : undefined,
                  label: { fontWeight: 500, fontSize: 'var(--mantine-font-size-sm)' },
                }}
              />
            </NavTooltip>
          ))}
        </Stack>
      </ScrollArea>

      <Box>
        <Divider mb="sm" />
        <Stack gap={4}>
          <NavTooltip label="Sign out" iconsOnly={iconsOnly}>
            <NavLink
              component="button"
              type="button"
              onClick={onSignOut}
              label={iconsOnly ? undefined : 'Sign out'}
              aria-label={iconsOnly ? 'Sign out' : undefined}
              leftSection={<IconLogout size={20} aria-hidden />}
              styles={{
                root: {
                  borderRadius: 'var(--mantine-radius-md)',
                  justifyContent: iconsOnly ? 'center' : undefined,
                  minHeight: 42,
                },
                section: iconsOnly ? { marginInlineEnd: 0 } : undefined,
                body: iconsOnly ? { display: 'none' } : undefined,
                label: { fontWeight: 500, fontSize: 'var(--mantine-font-size-sm)' },
              }}
            />
          </NavTooltip>
          {collapseToggle !== undefined && (
            <Group justify={iconsOnly ? 'center' : 'flex-end'} visibleFrom="sm">
              {collapseToggle}
            </Group>
          )}
        </Stack>
      </Box>
    </Stack>
  );
}
