import { libraryConfig } from '@ledgerleaf/tsup-config';

// React, Mantine and the icons stay external (peer dependencies): the app must share one copy
// of each, or context (theme, colour scheme) would not cross the package boundary.
export default libraryConfig({
  entry: ['src/index.ts'],
  external: ['react', 'react-dom', 'react/jsx-runtime', /^@mantine\//, /^@tabler\//],
});
