import { useEffect, useState } from 'react';
import { ActionIcon, AppShell, Box, Burger, Drawer, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { NAV_BREAKPOINTS } from '../constants';
import { ColorSchemeToggle } from '../theme/color-scheme-toggle';
import type { AppLayoutProps, RouterLink } from './app-layout-types';
import { NavContent } from './app-nav';
import { UserMenu } from './app-user-menu';
import { BrandLogo } from './brand-logo';
import { FontSizeButtons } from './font-size-buttons';
import { useNavCollapse } from './use-nav-collapse';

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
