import { lazy, Suspense, type ComponentType } from 'react';
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
 * cascaders), is downloaded the first time it is opened rather than with the page
 * (docs/decisions/0031). Render it only while it is open, as the pages do with their dialogs.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() }));
  function LazyDialog(props: P) {
    return (
      <Suspense fallback={<DialogLoading />}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
