import type { AnchorHTMLAttributes, ElementType, ReactNode } from 'react';
import { Button, Group } from '@mantine/core';

export interface SectionNavItem {
  to: string;
  label: string;
}

export interface SectionNavProps {
  /** The landmark's name (`Goals area`, `Administration sections`). */
  label: string;
  items: readonly SectionNavItem[];
  /** The `to` of the current section: marked `aria-current="page"`. */
  active: string;
  /** The router's link component (React Router's `Link`); its `to` prop takes the path. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any router's Link
  linkComponent: ElementType<any>;
}

/** An area's own row of section links (the goals area, the admin area), the current one highlighted. */
type RouterLink = (props: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) => ReactNode;

export function SectionNav({ label, items, active, linkComponent }: SectionNavProps) {
  const Link = linkComponent as RouterLink;
  return (
    <nav aria-label={label}>
      <Group gap={4} mb="lg" wrap="wrap">
        {items.map((item) => (
          <Button
            key={item.to}
            component={Link}
            to={item.to}
            size="compact-md"
            variant={item.to === active ? 'light' : 'subtle'}
            color={item.to === active ? undefined : 'gray'}
            aria-current={item.to === active ? 'page' : undefined}
            style={{ flexShrink: 0 }}
          >
            {item.label}
          </Button>
        ))}
      </Group>
    </nav>
  );
}
