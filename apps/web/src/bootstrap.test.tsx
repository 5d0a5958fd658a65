import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { mount, PAGE_START_SCREEN_ID, ReplacesPageStartScreen, stylesheetsLoaded } from './bootstrap';

afterEach(() => vi.restoreAllMocks());

describe('mount', () => {
  it('logs an error and mounts nothing without #root (SPEC.md section 8)', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const doc = document.implementation.createHTMLDocument('empty');
    expect(mount(doc)).toBeNull();
    expect(error).toHaveBeenCalledTimes(1);
    expect(doc.body.innerHTML).toBe('');
  });
});

describe('the page start-up screen and stylesheet (index.html, vite.config.ts)', () => {
  it("React's first commit removes the page's own start-up screen", async () => {
    const boot = document.createElement('div');
    boot.id = PAGE_START_SCREEN_ID;
    document.body.append(boot);
    render(
      <ReplacesPageStartScreen doc={document}>
        <p>drawn by React</p>
      </ReplacesPageStartScreen>,
    );
    expect(screen.getByText('drawn by React')).toBeInTheDocument();
    expect(document.getElementById(PAGE_START_SCREEN_ID)).toBeNull();
  });

  it('stylesheetsLoaded waits for every stylesheet still loading, and for one that fails', async () => {
    const doc = document.implementation.createHTMLDocument('page');
    const first = doc.createElement('link');
    first.rel = 'stylesheet';
    const second = doc.createElement('link');
    second.rel = 'stylesheet';
    doc.head.append(first, second);
    let done = false;
    const loaded = stylesheetsLoaded(doc).then(() => {
      done = true;
    });
    first.dispatchEvent(new Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done).toBe(false);
    second.dispatchEvent(new Event('error'));
    await loaded;
    expect(done).toBe(true);
  });

  it('stylesheetsLoaded does not wait for a stylesheet that failed before it was asked (data-settled)', async () => {
    const doc = document.implementation.createHTMLDocument('page');
    const failed = doc.createElement('link');
    failed.rel = 'stylesheet';
    failed.setAttribute('data-settled', '');
    doc.head.append(failed);
    await expect(stylesheetsLoaded(doc)).resolves.toBeUndefined();
  });

  it('stylesheetsLoaded resolves at once without stylesheets (the dev server injects styles)', async () => {
    await expect(stylesheetsLoaded(document.implementation.createHTMLDocument('dev'))).resolves.toBeUndefined();
  });
});
