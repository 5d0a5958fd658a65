import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Import boundaries from ARCHITECTURE.md ("What may import what"). pnpm's strict node_modules
 * already refuses undeclared dependencies; these rules catch the declared-but-forbidden ones.
 */
const forbidden = {
  domain: ['@ledgerleaf/*', 'react', 'kysely', 'fastify'],
  db: ['@ledgerleaf/api', '@ledgerleaf/ui', '@ledgerleaf/features-*', 'react'],
  api: ['@ledgerleaf/db', '@ledgerleaf/ui', '@ledgerleaf/features-*'],
  ui: ['@ledgerleaf/domain', '@ledgerleaf/api', '@ledgerleaf/db', '@ledgerleaf/features-*'],
  feature: ['@ledgerleaf/db', '@ledgerleaf/features-*'],
  web: ['@ledgerleaf/db'],
  server: ['@ledgerleaf/api', '@ledgerleaf/ui', '@ledgerleaf/features-*', 'react'],
};

/**
 * @param {{ layer: keyof typeof forbidden, react?: boolean, node?: boolean }} options
 */
export function config({ layer, react = false, node = false }) {
  const patterns = forbidden[layer];
  return tseslint.config(
    { ignores: ['dist/**', 'storybook-static/**', 'coverage/**', '*.config.*', 'e2e/.tmp/**'] },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
      languageOptions: {
        globals: { ...(node ? globals.node : {}), ...(react ? globals.browser : {}) },
      },
      rules: {
        '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
        '@typescript-eslint/consistent-type-imports': 'error',
        'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group: [group], message: `ARCHITECTURE.md: the ${layer} layer may not import ${group}` })) }],
      },
    },
    ...(react
      ? [{ plugins: { 'react-hooks': reactHooks }, rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' } }]
      : []),
  );
}
