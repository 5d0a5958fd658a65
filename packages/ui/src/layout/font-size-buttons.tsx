import { ActionIcon, Group, Menu, Tooltip } from '@mantine/core';
import { IconTextDecrease, IconTextIncrease } from '@tabler/icons-react';

/** The text size of the interface, as the app keeps it (SPEC.md sections 2 and 9). */
export interface AppFontSize {
  /** The current step, in percent (90-150). */
  percent: number;
  canDecrease: boolean;
  canIncrease: boolean;
  onDecrease: () => void;
  onIncrease: () => void;
}

/** The header's font size control: two buttons in a group named after the current step. */
export function FontSizeButtons({ percent, canDecrease, canIncrease, onDecrease, onIncrease }: AppFontSize) {
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label={`Font size ${percent}%`}>
      <Tooltip label={`Smaller text (${percent}%)`}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Decrease font size"
          disabled={!canDecrease}
          onClick={onDecrease}
        >
          <IconTextDecrease size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={`Larger text (${percent}%)`}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Increase font size"
          disabled={!canIncrease}
          onClick={onIncrease}
        >
          <IconTextIncrease size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/**
 * The same control as items of a menu (the user menu on narrow screens): the menu stays open, so
 * several steps are one visit.
 */
export function FontSizeMenuItems({ percent, canDecrease, canIncrease, onDecrease, onIncrease }: AppFontSize) {
  return (
    <>
      <Menu.Label>Text size {percent}%</Menu.Label>
      <Menu.Item
        closeMenuOnClick={false}
        disabled={!canDecrease}
        onClick={onDecrease}
        leftSection={<IconTextDecrease size={16} aria-hidden />}
      >
        Smaller text
      </Menu.Item>
      <Menu.Item
        closeMenuOnClick={false}
        disabled={!canIncrease}
        onClick={onIncrease}
        leftSection={<IconTextIncrease size={16} aria-hidden />}
      >
        Larger text
      </Menu.Item>
    </>
  );
}
