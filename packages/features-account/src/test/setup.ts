/// <reference types="@testing-library/jest-dom/vitest" />
// Shared jsdom setup: testing-library matchers and cleanup, the browser APIs Mantine needs.
import '@ledgerleaf/vitest-config/dom-setup';
