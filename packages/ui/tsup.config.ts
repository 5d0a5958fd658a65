import { libraryConfig } from '@ledgerleaf/tsup-config';

// React, Mantine and the icons stay external (peer dependencies): the app must share one copy
// of each, or context (theme, colour scheme) would not cross the package boundary.
// DateField is an entry of its own: a separate module in dist, so the app's bundler can leave it
// (with Mantine's date input and dayjs) to the lazy chunks of the screens that use it, out of the
// sign-in page's JavaScript. The package still exports it from `.` only. AmountInput likewise (Mantine's
// NumberInput and react-number-format): its forwardRef call is not known to be pure, so inside the one
// index module it would stay in every bundle that imports anything from the package.
// `./routing` (React Router's pieces of the kit) is an entry of its own, so the main entry never
// loads React Router; shared modules (the confirmation provider) land in one chunk both import.
// `./chart` (ECharts through echarts-for-react) likewise: the screens with charts import it lazily.
export default libraryConfig({
  entry: [
    'src/index.ts',
    'src/forms/date-field.tsx',
    'src/forms/amount-input.tsx',
    'src/routing/index.ts',
    'src/chart/chart.tsx',
  ],
  external: ['react', 'react-dom', 'react/jsx-runtime', 'react-router', /^@mantine\//, /^@tabler\//, /^echarts/],
});
