import { Modal } from 'antd';
import type { CardContent } from '@field-portal/shared';
import { useI18n } from '@/lib/i18n';
import { CardItem } from './CardItem';

/** Preview width (spec 000 section 2). */
export const PREVIEW_WIDTH = 350;

interface PreviewDialogProps {
  content: CardContent | undefined;
  cardId: number | undefined;
  onClose: () => void;
}

/** The card as it will look, with placeholders for an empty title, date and source. */
export function PreviewDialog({ content, cardId, onClose }: PreviewDialogProps) {
  const { t } = useI18n();
  return (
    <Modal open={Boolean(content)} title={t('cards.preview.title')} width={PREVIEW_WIDTH} footer={null} onCancel={onClose} destroyOnHidden centered>
      {content ? <CardItem card={{ id: cardId, content }} placeholders className="fp-card-preview" /> : null}
    </Modal>
  );
}
