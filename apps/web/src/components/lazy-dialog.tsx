import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Modal, Spin } from 'antd';

/** What shows while a dialog's code arrives: an empty dialog with a spinner, where the dialog will be. */
export function DialogLoading() {
  return (
    <Modal open footer={null} closable={false} maskClosable={false} width={240} centered>
      <div style={{ display: 'flex', justifyContent: 'center', padding: 24 }} role="status" aria-busy="true">
        <Spin />
      </div>
    </Modal>
  );
}

/**
 * A dialog (or drawer) whose code, with the antd parts only it shows (forms, steps, trees,
 * cascaders, timelines), is downloaded the first time it is opened rather than with the page
 * (docs/decisions/0031). Render it while it is open (or, to keep its closing animation, from the
 * first opening on: `useOpenedOnce`). `fallback` shows while the code arrives.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = <DialogLoading />): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() }));
  function LazyDialog(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}

/** True from the first time `open` is true: a lazy dialog is mounted then and stays, so it closes with its animation. */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
