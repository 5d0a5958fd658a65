/// <reference types="@testing-library/jest-dom/vitest" />
// Shared jsdom setup: testing-library matchers and cleanup, the browser APIs Mantine needs.
import '@ledgerleaf/vitest-config/dom-setup';
import { afterEach } from 'vitest';
import { toastStore } from '@ledgerleaf/ui';

// Toasts live in one app-wide store: start every test without the previous test's toasts.
afterEach(() => toastStore.clear());

// The confirmation dialog and the toasts load on demand in the app (issue 18); loaded up front here so
// that a question or a toast renders in the same act() as the action that raises it.
await (await import('@ledgerleaf/ui')).preloadUiViews();
