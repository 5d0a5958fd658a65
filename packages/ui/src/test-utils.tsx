import { render } from '@testing-library/react';
import type { RenderOptions, RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { UiProvider } from './theme/ui-provider';
import type { UiProviderProps } from './theme/ui-provider';

/** Renders inside UiProvider in Mantine's test environment (no transitions, no portals). */
export function renderWithUi(
  ui: ReactElement,
  { provider, ...options }: Omit<RenderOptions, 'wrapper'> & { provider?: Omit<UiProviderProps, 'children'> } = {},
): RenderResult {
  const Wrapper = ({ children }: { children?: ReactNode }) => (
    <UiProvider env="test" {...provider}>
      {children}
    </UiProvider>
  );
  return render(ui, { wrapper: Wrapper, ...options });
}
