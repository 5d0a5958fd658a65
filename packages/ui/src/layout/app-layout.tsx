import { useEffect, useState } from 'react';
import type { AnchorHTMLAttributes, ElementType, ReactElement, ReactNode } from 'react';
import {
  ActionIcon,
  AppShell,
  Avatar,
  Box,
  Burger,
  Button,
  Divider,
  Drawer,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconChevronDown,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLogout,
  IconMoon,
  IconSun,
  IconTarget,
  IconUserCog,
} from '@tabler/icons-react';
import { NAV_BREAKPOINTS } from '../constants';
import { ColorSchemeToggle, useToggleColorScheme } from '../theme/color-scheme-toggle';
import { BrandLogo } from './brand-logo';
import { FontSizeButtons, FontSizeMenuItems, type AppFontSize } from './font-size-buttons';
import { getInitials } from './initials';
import { useNavCollapse } from './use-nav-collapse';

export interface AppLayoutUser {
  name?: string | null;
  email?: string;
  businessName?: string;
  /** Shown in the user menu; falls back to the company logo, then to initials. */
  avatarUrl?: string | null;
  logoUrl?: string | null;
}

export interface AppNavItem {
  label: string;
  href: string;
  icon: ReactNode;
  active: boolean;
}

/** A link of the user menu, shown after 'Profile & Settings'. */
export interface AppUserMenuItem {
  label: string;
  href: string;
  icon?: ReactNode;
}

export interface AppLayoutProps {
  user: AppLayoutUser;
  /** Extra links of the user menu (for instance the admin area, for the roles that may open it). */
  userMenuItems?: AppUserMenuItem[];
  navItems: AppNavItem[];
  /** Target of the prominent 'Goals Tracker' button. */
  goalsHref: string;
  goalsActive?: boolean;
  /** The router's link component; it receives `to`. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any router's Link (its props are unknown here)
  linkComponent: ElementType<any>;
  onSignOut: () => void;
  /**
   * The text size control. On wide screens it sits in the header; below 768px, with the dark-mode
   * toggle, in the user menu, so the header fits a phone at every text size (issue 11).
   */
  fontSize?: AppFontSize;
  /** Extra header controls (notifications...), kept in the header at every width, before the dark-mode toggle. */
  headerExtra?: ReactNode;
  /** Rendered below the page content. */
  footer?: ReactNode;
  children?: ReactNode;
}

/** How the shell uses `linkComponent`: an anchor-like component taking `to`. */
type RouterLink = (props: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) => ReactNode;

const HEADER_HEIGHT = 60;
/**
 * The height the bottom-right floating buttons take, in px like them: scroll-to-top's top edge
 * (96 px up, 44 px tall) plus a gap. The page ends with this much room.
 */
export const FLOATING_BUTTONS_ROOM = 152;
const NAV_WIDTH_COLLAPSED = 76;

/**
 * The authenticated application shell (SPEC.md section 2 "Application shell"): side navigation
 * that collapses to icons (stored under `sideNavCollapsed`), a drawer with a burger below 768px,
 * and a header with the logo, the welcome line, extra controls, the dark-mode toggle and the
 * user menu.
 */
export function AppLayout({
  user,
  userMenuItems = [],
  navItems,
  goalsHref,
  goalsActive = false,
  linkComponent,
  onSignOut,
  fontSize,
  headerExtra,
  footer,
  children,
}: AppLayoutProps) {
  const isMobile = useMediaQuery(`(max-width: ${NAV_BREAKPOINTS.mobile - 0.02}px)`, false, {
    getInitialValueInEffect: false,
  });
  const { collapsed, toggle } = useNavCollapse();
  const [drawerOpened, setDrawerOpened] = useState(false);
  const iconsOnly = collapsed && !isMobile;
  const displayName = user.name?.trim() || 'User';

  // Leaving the mobile layout (rotation, resize) must not leave a drawer behind.
  useEffect(() => {
    if (!isMobile) setDrawerOpened(false);
  }, [isMobile]);

  const closeDrawer = () => setDrawerOpened(false);
  const Link = linkComponent as RouterLink;

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{
        width: iconsOnly ? NAV_WIDTH_COLLAPSED : { sm: 232, lg: 260 },
        breakpoint: 'sm',
        // Below 768px the navigation lives in a Drawer opened by the burger.
        collapsed: { mobile: true, desktop: false },
      }}
      padding={{ base: 'md', md: 'lg' }}
      data-nav-collapsed={iconsOnly}
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger
              hiddenFrom="sm"
              size="sm"
              opened={drawerOpened}
              onClick={() => setDrawerOpened((o) => !o)}
              aria-label={drawerOpened ? 'Close navigation' : 'Open navigation'}
              aria-expanded={drawerOpened}
            />
            <UnstyledButton
              component={Link}
              to="/dashboard"
              aria-label="Ledgerleaf, go to dashboard"
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            >
              {/* The wordmark leaves room for the header controls on phones. */}
              <BrandLogo size="sm" iconOnly={isMobile} />
            </UnstyledButton>
            {/* On every width (SPEC.md lists it in the header); on phones smaller, and it gives way
                (ellipsis, down to nothing) before the logo and the controls do. */}
            <Text
              fz={{ base: 'xs', sm: 'sm' }}
              c="dimmed"
              truncate="end"
              ml={{ base: 0, sm: 'md' }}
              miw={0}
              data-testid="welcome-line"
            >
              Welcome, {displayName}
            </Text>
          </Group>
          {/* Below 768px only what must stay at hand is here (the bell, the user menu); text size and dark
              mode move into the user menu, so nothing covers the burger at any width or text size. */}
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }} data-testid="header-controls">
            {!isMobile && fontSize && <FontSizeButtons {...fontSize} />}
            {headerExtra}
            {!isMobile && <ColorSchemeToggle />}
            <UserMenu
              user={user}
              items={userMenuItems}
              displayName={displayName}
              linkComponent={Link}
              onSignOut={onSignOut}
              displayControls={isMobile ? { fontSize } : undefined}
            />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label="Main navigation">
        <NavContent
          navItems={navItems}
          goalsHref={goalsHref}
          goalsActive={goalsActive}
          linkComponent={Link}
          onSignOut={onSignOut}
          iconsOnly={iconsOnly}
          collapseToggle={
            <Tooltip label={iconsOnly ? 'Expand navigation' : 'Collapse navigation'} position="right">
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                onClick={toggle}
                aria-label={iconsOnly ? 'Expand navigation' : 'Collapse navigation'}
                aria-expanded={!iconsOnly}
              >
                {iconsOnly ? (
                  <IconLayoutSidebarLeftExpand size={20} aria-hidden />
                ) : (
                  <IconLayoutSidebarLeftCollapse size={20} aria-hidden />
                )}
              </ActionIcon>
            </Tooltip>
          }
        />
      </AppShell.Navbar>

      {isMobile && (
        <Drawer
          opened={drawerOpened}
          onClose={closeDrawer}
          size={280}
          padding="sm"
          title={<BrandLogo size="sm" />}
          closeButtonProps={{ 'aria-label': 'Close navigation' }}
        >
          <Box component="nav" aria-label="Main navigation" h="calc(100dvh - 80px)">
            <NavContent
              navItems={navItems}
              goalsHref={goalsHref}
              goalsActive={goalsActive}
              linkComponent={Link}
              onSignOut={onSignOut}
              iconsOnly={false}
              onNavigate={closeDrawer}
            />
          </Box>
        </Drawer>
      )}

      <AppShell.Main
        id="main-content"
        tabIndex={-1}
        style={{ background: 'light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))', outline: 'none' }}
      >
        {children}
        {/* Bottom room so the floating buttons (quick add, scroll to top, feedback) never cover the last
            lines: at the end of a page everything can be scrolled clear of them (issue 11). */}
        <Box
          mt={footer !== undefined && footer !== null ? 'xl' : 0}
          style={{ paddingBottom: FLOATING_BUTTONS_ROOM }}
          data-testid="page-end"
        >
          {footer}
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}

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

function NavContent({
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

function UserMenu({
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

function SkipLink() {
  const [focused, setFocused] = useState(false);
  return (
    <Box
      component="a"
      href="#main-content"
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      style={
        focused
          ? {
              position: 'fixed',
              top: 8,
              left: 8,
              zIndex: 1000,
              padding: '8px 16px',
              borderRadius: 'var(--mantine-radius-md)',
              background: 'var(--mantine-color-body)',
              color: 'var(--mantine-color-text)',
              boxShadow: 'var(--mantine-shadow-md)',
            }
          : {
              position: 'absolute',
              width: 1,
              height: 1,
              overflow: 'hidden',
              clip: 'rect(0 0 0 0)',
              whiteSpace: 'nowrap',
            }
      }
    >
      Skip to main content
    </Box>
  );
}
