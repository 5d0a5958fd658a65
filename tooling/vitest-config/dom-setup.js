// The jsdom setup every React package's tests share (import it from the package's setup file):
// testing-library matchers and cleanup, and the browser APIs jsdom lacks that Mantine uses.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Only catches hangs: on two busy cores (CI runs two packages' tests at once) a first render can take
// more than testing-library's default second, and a findBy that gives up early is a flaky test.
configure({ asyncUtilTimeout: 5000 });

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// Testing Library only recognises Jest's fake timers: without this bridge its async helpers wait on
// a faked setTimeout(0) forever under vi.useFakeTimers().
globalThis.jest = { advanceTimersByTime: (ms) => vi.advanceTimersByTime(ms) };
