import type { MouseEvent, ReactNode } from 'react';
import { App as AntApp, Button, type ButtonProps } from 'antd';
import { useI18n } from '@/lib/i18n';

export interface ConfirmButtonProps extends Omit<ButtonProps, 'onClick'> {
  /** What the dialog asks, in the area's words. */
  question: ReactNode;
  /** A line under the question: what follows from it (can't be undone, N users lose the role). */
  detail?: ReactNode;
  /** The dialog's confirming button; 确定 / OK when not given. A `danger` button gets a danger one. */
  okText?: ReactNode;
  /** Done on confirmation; a promise keeps the dialog open, its button spinning, until it settles. */
  onConfirm: () => unknown;
  /** The click stays on the button (inside a card or row that opens something itself). */
  stopPropagation?: boolean;
}

/**
 * A button whose action asks first, in a dialog that takes the keyboard's focus (on its confirming
 * button) and gives it back as it closes; Escape cancels (docs/decisions/0044). The portal's one way
 * to confirm: antd's pop-up confirmation, opened with Enter, left the focus on the button and put
 * its own buttons at the end of the page, out of Tab's reach (lint refuses it).
 */
export function ConfirmButton({ question, detail, okText, onConfirm, stopPropagation, danger, children, ...button }: ConfirmButtonProps) {
  const { modal } = AntApp.useApp();
  const { t } = useI18n();
  const ask = (event: MouseEvent<HTMLElement>) => {
    if (stopPropagation) event.stopPropagation();
    void modal.confirm({
      title: question,
      content: detail,
      okText: okText ?? t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger },
      onOk: () => onConfirm(),
    });
  };
  return (
    <Button {...button} danger={danger} onClick={ask}>
      {children}
    </Button>
  );
}
