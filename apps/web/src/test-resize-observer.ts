/**
 * jsdom has no ResizeObserver; antd's popups, fixed columns and tag bar only need it to exist in a
 * component test. Called from a test file's `beforeAll`, so only the files that need it get it.
 */
export function standInResizeObserver() {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
