import { DEFAULT_FONT_SIZE_INDEX, FONT_SIZE_STEPS, STORAGE_KEYS } from '@ledgerleaf/domain';

/** The stored step index (SPEC.md section 9: 90-150 %, default index 1 = 100 %), clamped. */
export function readFontSizeIndex(): number {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.fontSizePreference);
    const index = raw === null ? NaN : Number.parseInt(raw, 10);
    return Number.isInteger(index) && index >= 0 && index < FONT_SIZE_STEPS.length ? index : DEFAULT_FONT_SIZE_INDEX;
  } catch {
    return DEFAULT_FONT_SIZE_INDEX;
  }
}

/** Scales the root font size: Mantine sizes are in rem, so the whole interface follows. */
export function applyFontSize(index: number, doc: Document = document): void {
  const step = FONT_SIZE_STEPS[index] ?? FONT_SIZE_STEPS[DEFAULT_FONT_SIZE_INDEX];
  doc.documentElement.style.fontSize = step === 100 ? '' : `${step}%`;
}

export function storeFontSizeIndex(index: number): void {
  try {
    localStorage.setItem(STORAGE_KEYS.fontSizePreference, String(index));
  } catch {
    // Storage disabled: the choice lasts for this page only.
  }
}
