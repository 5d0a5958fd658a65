/** The shell's user menu: who is signed in, the account links, the narrow screens' display controls and sign-out. */
import { Avatar, Box, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLogout, IconMoon, IconSun, IconUserCog } from '@tabler/icons-react';
import { useToggleColorScheme } from '../theme/color-scheme-toggle';
import type { AppLayoutUser, AppUserMenuItem, RouterLink } from './app-layout-types';
import { FontSizeMenuItems, type AppFontSize } from './font-size-buttons';
import { getInitials } from './initials';

export function UserMenu({
  user,
  items,
  displayName,
  linkComponent,
  onSignOut,
  displayControls,
}: {
  user: AppLayoutUser;
  items: AppUserMenuItem[];
  displayName: string;
  linkComponent: RouterLink;
  onSignOut: () => void;
  /** The header's display controls, in the menu on narrow screens. */
  displayControls?: { fontSize?: AppFontSize | undefined } | undefined;
}) {
  const initials = getInitials(user.name);
  const image = user.avatarUrl || user.logoUrl || null;
  return (
    <Menu
      position="bottom-end"
      width={260}
      shadow="lg"
      withArrow
      arrowPosition="center"
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <UnstyledButton
          style={{
            borderRadius: 'var(--mantine-radius-xl)',
            display: 'flex',
            alignItems: 'center',
            gap: 4,
            padding: 2,
          }}
        >
          {/* Named by hidden text rather than aria-label: the visible initials are decorative, and an
              aria-label that does not contain visible text fails WCAG 2.5.3 (label in name). */}
          <VisuallyHidden>User menu</VisuallyHidden>
          <Avatar
            src={image}
            alt=""
            color="leaf"
            variant="filled"
            radius="xl"
            size={36}
            data-testid="user-avatar"
            aria-hidden
          >
            {initials}
          </Avatar>
          <IconChevronDown size={14} aria-hidden />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Group gap="sm" px="sm" py="xs" wrap="nowrap">
          <Avatar src={image} alt="" color="leaf" variant="light" radius="xl" size={40}>
            {initials}
          </Avatar>
          <Box style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" truncate>
              {displayName}
            </Text>
            {user.email && (
              <Text size="xs" c="dimmed" truncate>
                {user.email}
              </Text>
            )}
            {user.businessName && (
              <Text size="xs" truncate>
                {user.businessName}
              </Text>
            )}
          </Box>
        </Group>
        <Menu.Divider />
        <Menu.Item component={linkComponent} to="/profile" leftSection={<IconUserCog size={16} aria-hidden />}>
          Profile & Settings
        </Menu.Item>
        {items.map((item) => (
          <Menu.Item key={item.href} component={linkComponent} to={item.href} leftSection={item.icon}>
            {item.label}
          </Menu.Item>
        ))}
        {displayControls && (
          <>
            <Menu.Divider />
            <DarkModeMenuItem />
            {displayControls.fontSize && <FontSizeMenuItems {...displayControls.fontSize} />}
            <Menu.Divider />
          </>
        )}
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={onSignOut}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The dark-mode toggle as a menu item; the menu stays open so the change is seen. */
function DarkModeMenuItem() {
  const { colorScheme, toggle } = useToggleColorScheme();
  const dark = colorScheme === 'dark';
  return (
    <Menu.Item
      closeMenuOnClick={false}
      onClick={toggle}
      leftSection={dark ? <IconSun size={16} aria-hidden /> : <IconMoon size={16} aria-hidden />}
      rightSection={
        <Text size="xs" c="dimmed" aria-hidden>
          {dark ? 'On' : 'Off'}
        </Text>
      }
      aria-label={`Dark mode ${dark ? 'on' : 'off'}`}
    >
      Dark mode
    </Menu.Item>
  );
}
