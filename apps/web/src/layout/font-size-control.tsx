import { useState } from 'react';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconTextDecrease, IconTextIncrease } from '@tabler/icons-react';
import { FONT_SIZE_STEPS } from '@ledgerleaf/domain';
import { applyFontSize, readFontSizeIndex, storeFontSizeIndex } from './font-size';

/** The header's font size control (SPEC.md sections 2 and 9), stored under `fontSizePreference`. */
export function FontSizeControl() {
  const [index, setIndex] = useState(readFontSizeIndex);
  const change = (next: number) => {
    setIndex(next);
    storeFontSizeIndex(next);
    applyFontSize(next);
  };
  const percent = FONT_SIZE_STEPS[index];
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label={`Font size ${percent}%`}>
      <Tooltip label={`Smaller text (${percent}%)`}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Decrease font size"
          disabled={index === 0}
          onClick={() => change(index - 1)}
        >
          <IconTextDecrease size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={`Larger text (${percent}%)`}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Increase font size"
          disabled={index === FONT_SIZE_STEPS.length - 1}
          onClick={() => change(index + 1)}
        >
          <IconTextIncrease size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
