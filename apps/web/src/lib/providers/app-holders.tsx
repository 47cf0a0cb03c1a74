import { useEffect } from 'react';
import useMessage from 'antd/es/message/useMessage';
import useModal from 'antd/es/modal/useModal';
import useNotification from 'antd/es/notification/useNotification';
import type { ConfigOptions as MessageConfig } from 'antd/es/message/interface';
import type { useAppProps } from 'antd/es/app/context';

/**
 * antd's toasts, notifications and dialogs of `App.useApp()`, loaded the first time a screen
 * shows one (light-app.tsx): their holders render here, in the providers' theme and locale.
 */
export function AppHolders({ message, onReady }: { message: MessageConfig; onReady: (api: useAppProps) => void }) {
  const [messageApi, messageHolder] = useMessage(message);
  const [notificationApi, notificationHolder] = useNotification();
  const [modalApi, modalHolder] = useModal();
  useEffect(() => onReady({ message: messageApi, notification: notificationApi, modal: modalApi }), [messageApi, notificationApi, modalApi, onReady]);
  return (
    <>
      {modalHolder}
      {messageHolder}
      {notificationHolder}
    </>
  );
}
