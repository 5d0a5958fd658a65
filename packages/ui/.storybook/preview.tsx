import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useMantineColorScheme } from '@mantine/core';
import type { Preview } from '@storybook/react-vite';
import { UiProvider } from '../src';

/** Applies the toolbar's colour scheme to Mantine (which also stores it, as the app would). */
function ColorSchemeSync({ scheme, children }: { scheme: 'light' | 'dark'; children: ReactNode }) {
  const { setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    setColorScheme(scheme);
  }, [scheme, setColorScheme]);
  return children;
}

const preview: Preview = {
  globalTypes: {
    colorScheme: {
      description: 'Light or dark colour scheme',
      toolbar: {
        title: 'Colour scheme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { colorScheme: 'light' },
  parameters: {
    layout: 'centered',
    controls: { expanded: true },
  },
  decorators: [
    (Story, context) => {
      const scheme = context.globals['colorScheme'] === 'dark' ? 'dark' : 'light';
      return (
        <UiProvider defaultColorScheme={scheme}>
          <ColorSchemeSync scheme={scheme}>
            <Story />
          </ColorSchemeSync>
        </UiProvider>
      );
    },
  ],
};

export default preview;
