import { useState } from 'react';
import { FONT_SIZE_STEPS } from '@ledgerleaf/domain';
import { FontSizeButtons, type AppFontSize } from '@ledgerleaf/ui';
import { applyFontSize, readFontSizeIndex, storeFontSizeIndex } from './font-size';

/** The font size (SPEC.md sections 2 and 9), stored under `fontSizePreference`, as the shell's control takes it. */
export function useFontSize(): AppFontSize {
  const [index, setIndex] = useState(readFontSizeIndex);
  const change = (next: number) => {
    setIndex(next);
    storeFontSizeIndex(next);
    applyFontSize(next);
  };
  return {
    percent: FONT_SIZE_STEPS[index] ?? 100,
    canDecrease: index > 0,
    canIncrease: index < FONT_SIZE_STEPS.length - 1,
    onDecrease: () => change(Math.max(0, index - 1)),
    onIncrease: () => change(Math.min(FONT_SIZE_STEPS.length - 1, index + 1)),
  };
}

/** The header's font size control on its own (the shell places it through `AppLayout`'s `fontSize`). */
export function FontSizeControl() {
  return <FontSizeButtons {...useFontSize()} />;
}
