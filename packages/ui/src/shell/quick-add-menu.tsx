import type { AnchorHTMLAttributes, ElementType, ReactNode } from 'react';
import { ActionIcon, Affix, Menu, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

type RouterLink = (props: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) => ReactNode;

/** One entry: a link (`href`) or an action (`onSelect`, e.g. a modal). */
export interface QuickAddItem {
  label: string;
  icon: ReactNode;
  href?: string;
  onSelect?: () => void;
}

export interface QuickAddMenuProps {
  items: QuickAddItem[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any router's Link
  linkComponent: ElementType<any>;
  /** Distance from the bottom-right corner, in px. */
  offset?: { bottom: number; right: number };
  defaultOpened?: boolean;
}

/**
 * The floating quick-add menu (SPEC.md section 2): a round '+' button in the bottom-right corner
 * opening a menu of the nine "new ..." entries. Arrow keys move through it, Escape closes it and
 * puts the focus back on the button.
 */
export function QuickAddMenu({
  items,
  linkComponent,
  offset = { bottom: 24, right: 24 },
  defaultOpened,
}: QuickAddMenuProps) {
  const Link = linkComponent as RouterLink;
  return (
    <Affix position={offset} zIndex={190}>
      <Menu
        position="top-end"
        width={250}
        shadow="xl"
        offset={10}
        withArrow
        arrowPosition="center"
        withInitialFocusPlaceholder={false}
        {...(defaultOpened ? { defaultOpened } : {})}
      >
        <Menu.Target>
          <Tooltip label="Quick add" position="left">
            <ActionIcon
              size={56}
              radius="xl"
              variant="gradient"
              gradient={{ from: 'leaf.7', to: 'teal.8', deg: 135 }}
              aria-label="Quick add"
              data-testid="quick-add"
              style={{ boxShadow: 'var(--mantine-shadow-lg)' }}
            >
              <IconPlus size={28} stroke={2.2} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Quick add</Menu.Label>
          {items.map((item) =>
            item.href !== undefined ? (
              <Menu.Item key={item.label} component={Link} to={item.href} leftSection={item.icon}>
                {item.label}
              </Menu.Item>
            ) : (
              <Menu.Item key={item.label} leftSection={item.icon} onClick={item.onSelect}>
                {item.label}
              </Menu.Item>
            ),
          )}
        </Menu.Dropdown>
      </Menu>
    </Affix>
  );
}
