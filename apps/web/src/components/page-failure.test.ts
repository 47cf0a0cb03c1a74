import { afterEach, describe, expect, it, vi } from 'vitest';
import { isLoadFailure, showPageFailure } from './page-failure';

describe('isLoadFailure', () => {
  it("knows each browser's words for a module that did not arrive, and Vite's for a style sheet", () => {
    expect(isLoadFailure(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'))).toBe(true);
    expect(isLoadFailure(new TypeError('error loading dynamically imported module: https://x/assets/a.js'))).toBe(true);
    expect(isLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isLoadFailure(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isLoadFailure(new Error('the page broke'))).toBe(false);
    expect(isLoadFailure('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('showPageFailure (an entry whose React did not arrive)', () => {
  afterEach(() => {
    document.body.replaceChildren();
    vi.restoreAllMocks();
  });

  function root(): HTMLElement {
    const element = document.createElement('div');
    element.append(document.createElement('span'));
    document.body.append(element);
    return element;
  }

  it("says the code did not arrive, in the link's language, without the file's address, and reloads", () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const element = root();
    showPageFailure(element, 'zh', new TypeError('Failed to fetch dynamically imported module: https://x/assets/start-1a2b.js'));
    const alert = element.querySelector('[role="alert"]');
    expect(element.children).toHaveLength(1);
    expect(alert?.querySelector('h2')?.textContent).toBe('此页面未能加载');
    expect(alert?.textContent).toContain('请检查网络后重新加载');
    expect(alert?.textContent).not.toContain('start-1a2b');
    const button = alert?.querySelector('button');
    expect(button?.textContent).toBe('重新加载');
    button?.click();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('says anything else cannot be shown, in English, with the error for the administrator', () => {
    const element = root();
    showPageFailure(element, 'en', new Error('the page broke'));
    expect(element.querySelector('h2')?.textContent).toBe('This page cannot be shown');
    expect(element.querySelector('.fp-page-failure-detail')?.textContent).toBe('the page broke');
    expect(element.querySelector('button')?.textContent).toBe('Reload');
  });
});
