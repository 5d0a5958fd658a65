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
  // tooling/storybook-harness: the store and the router, never a screen or the design system.
  storybook: ['@ledgerleaf/db', '@ledgerleaf/ui', '@ledgerleaf/features-*'],
};

/** Storybook only: stories (and their canned data under `stories/`) may import it, product code may not (it is a devDependency). */
const storyOnly = '@ledgerleaf/storybook-harness';
const storyFiles = ['**/*.stories.ts', '**/*.stories.tsx', '**/stories/**/*.ts', '**/stories/**/*.tsx'];

/** @param {string} layer @param {string[]} groups */
function restricted(layer, groups) {
  return [
    'error',
    {
      patterns: groups.map((group) => ({
        group: [group],
        message:
          group === storyOnly
            ? `ARCHITECTURE.md: only stories may import ${group}`
            : `ARCHITECTURE.md: the ${layer} layer may not import ${group}`,
      })),
    },
  ];
}

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
        'no-restricted-imports': restricted(layer, layer === 'storybook' ? patterns : [...patterns, storyOnly]),
      },
    },
    { files: storyFiles, rules: { 'no-restricted-imports': restricted(layer, patterns) } },
    ...(react
      ? [
          {
            plugins: { 'react-hooks': reactHooks },
            rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
          },
        ]
      : []),
  );
}
export { areaBoundaries, areaBoundariesPlugin } from './area-boundaries.js';
