import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
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
 *
 * The code is awaited in an effect and the part drawn once it is in, not through React's lazy and
 * Suspense: a suspended boundary's content may be rendered and thrown away several times before it
 * is shown (React holds it back for a moment after the fallback, and an update meanwhile — a toast's
 * animation — starts it again), and antd's dialogs register their Escape handler while rendering
 * (@rc-component/portal's useEscKeyDown, in a useMemo): each thrown-away render left a handler
 * behind that no cleanup removes, and the stale one on top swallowed Escape, so the meeting drawer
 * no longer closed with it. A download that fails is thrown in render, to the screen's error boundary.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = null): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // Asked for again on the next use.
        loading = undefined;
        throw error;
      },
    ));
  function LazyPart(props: P) {
    const [state, setState] = useState<{ component?: ComponentType<P>; error?: unknown }>(() => ({ component: loaded }));
    useEffect(() => {
      if (state.component || state.error !== undefined) return;
      let live = true;
      start().then(
        (component) => live && setState({ component }),
        (error: unknown) => live && setState({ error: error ?? new Error('lazy part') }),
      );
      return () => {
        live = false;
      };
    }, [state]);
    if (state.error !== undefined) throw state.error;
    const Component = state.component;
    return Component ? <Component {...props} /> : <>{fallback}</>;
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
