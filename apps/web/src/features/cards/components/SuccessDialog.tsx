import { Button, Modal } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import type { CardSaveStatus } from '@field-portal/shared';
import { useI18n } from '@/lib/i18n';

interface SuccessDialogProps {
  /** What was just saved; undefined: closed. */
  saved: CardSaveStatus | undefined;
  /** Go push now; absent when the user has no push screen. */
  onPush: (() => void) | undefined;
  onAnother: () => void;
  onClose: () => void;
  busy?: boolean;
}

/** After a save (spec 000 section 2): notice, "created successfully", go push now / edit another / close. */
export function SuccessDialog({ saved, onPush, onAnother, onClose, busy = false }: SuccessDialogProps) {
  const { t, msg } = useI18n();
  return (
    <Modal
      open={Boolean(saved)}
      title={t('cards.success.title')}
      onCancel={onClose}
      width={420}
      centered
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          {t('cards.success.close')}
        </Button>,
        <Button key="another" onClick={onAnother} loading={busy}>
          {t('cards.success.another')}
        </Button>,
        onPush ? (
          <Button key="push" type="primary" onClick={onPush}>
            {t('cards.success.push')}
          </Button>
        ) : null,
      ]}
    >
      <p className="fp-card-success">
        <CheckCircleFilled className="fp-card-success-icon" />
        {saved === 'draft' ? t('cards.success.draft') : msg('card.created')}
      </p>
    </Modal>
  );
}
