import { defineConfig } from 'vitest/config';

// Timeouts only catch hangs; speed is measured by `pnpm bench`, never by a timed test. CI runs
// several packages' suites at once on 2 cores, where the first jsdom test of a file can take
// seconds just to import Mantine, so the default 5 s would fail correct tests.
const hangTimeouts = { testTimeout: 30000, hookTimeout: 30000 };

/** Node-side packages: plain environment, tests beside the code. */
export function nodeConfig(overrides = {}) {
  return defineConfig({
    test: { include: ['src/**/*.test.ts'], environment: 'node', ...hangTimeouts, ...overrides },
  });
}

/** React packages: jsdom, testing-library matchers registered by the package's setup file. */
export function reactConfig(overrides = {}) {
  return defineConfig({
    test: {
      include: ['src/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
      css: false,
      ...hangTimeouts,
      ...overrides,
    },
  });
}
