import { defineConfig } from 'vitest/config';

// Timeouts only catch hangs; speed is measured by `pnpm bench`, never by a timed test. CI runs
// several packages' suites at once on 2 cores, where the first jsdom test of a file can take
// seconds just to import Mantine, so the default 5 s would fail correct tests.
const hangTimeouts = { testTimeout: 30000, hookTimeout: 30000 };

/**
 * Node-side packages: plain environment, tests beside the code. The files of a worker share one
 * module graph (`isolate: false`) instead of importing everything again per file, which was most of
 * the server suite's time (284 s -> 110 s side by side) and db's (34 s -> 5 s). So what a module
 * keeps between calls must be keyed by the database or the app, never by a business id alone: ids
 * repeat across the test files' databases.
 */
export function nodeConfig(overrides = {}) {
  return defineConfig({
    test: { include: ['src/**/*.test.ts'], environment: 'node', isolate: false, ...hangTimeouts, ...overrides },
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
