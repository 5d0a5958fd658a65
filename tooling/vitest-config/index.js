import { defineConfig } from 'vitest/config';

/** Node-side packages: plain environment, tests beside the code. */
export function nodeConfig(overrides = {}) {
  return defineConfig({
    test: { include: ['src/**/*.test.ts'], environment: 'node', ...overrides },
  });
}

/** React packages: jsdom, testing-library matchers registered by the package's setup file. */
export function reactConfig(overrides = {}) {
  return defineConfig({
    test: {
      include: ['src/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
      css: false,
      ...overrides,
    },
  });
}
