import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Spin, theme } from 'antd';

/**
 * What shows while a dialog's code arrives: an empty dialog with a spinner, where the dialog will
 * be. Drawn with the theme's mask, surface, radius and shadow rather than antd's Modal, so a page
 * does not download the dialog component before a dialog is opened (docs/decisions/0031).
 */
export function DialogLoading() {
  const { token } = theme.useToken();
  return createPortal(
    <div
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: token.zIndexPopupBase,
        background: token.colorBgMask,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      <div
        role="status"
        aria-busy="true"
        style={{
          width: 240,
          maxWidth: 'calc(100vw - 32px)',
          background: token.colorBgElevated,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadow,
          padding: '20px 24px',
          boxSizing: 'border-box',
        }}
      >
        <div style={{ display: 'flex', justifyContent: 'center', padding: 24 }}>
          <Spin />
        </div>
      </div>
    </div>,
    document.body,
  );
}

/**
 * A part of a screen whose code, with the antd parts only it shows, is downloaded the first time
 * it is rendered rather than with the page (docs/decisions/0031): a form field shown on a choice
 * (a date picker after "at a time", a recipient list after its scope), a tab's panel, a step.
 * It takes the props of the component it loads, so it can be a Form.Item's child. `fallback`
 * shows while the code arrives (nothing by default).
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = null): ComponentType<P> {
  const Part = lazy(async () => ({ default: await load() }));
  function LazyPart(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Part {...props} />
      </Suspense>
    );
  }
  return LazyPart;
}

/**
 * A dialog (or drawer) whose code, with the antd parts only it shows (forms, steps, trees,
 * cascaders, timelines), is downloaded the first time it is opened rather than with the page
 * (docs/decisions/0031). Render it while it is open (or, to keep its closing animation, from the
 * first opening on: `useOpenedOnce`). `fallback` shows while the code arrives.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = <DialogLoading />): ComponentType<P> {
  return lazyPart(load, fallback);
}

/** True from the first time `open` is true: a lazy dialog is mounted then and stays, so it closes with its animation. */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
