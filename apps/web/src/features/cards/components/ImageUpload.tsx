import { useState } from 'react';
import { App as AntApp, Button, Progress, Upload, type UploadProps } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CARD_FILE_MAX_BYTES } from '@field-portal/shared';
import { useI18n } from '@/lib/i18n';
import type { CardFiles } from '../hooks/use-card-files';
import { imageUploadProblem, type ImageKind } from '../upload-rules';
import { CardImage } from './CardImage';

const MB = 1024 * 1024;

interface ImageUploadProps {
  /** The upload's url (Form.Item value). */
  value?: string;
  onChange?: (url: string) => void;
  kind: ImageKind;
  label: string;
  files: CardFiles;
  round?: boolean;
}

/** One avatar or content image: checked before sending, sent with progress, shown from the server. */
export function ImageUpload({ value, onChange, kind, label, files, round = false }: ImageUploadProps) {
  const { t, anyMsg } = useI18n();
  const { message } = AntApp.useApp();
  const [percent, setPercent] = useState<number>();
  const busy = percent !== undefined;

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = imageUploadProblem(file, kind);
    if (problem) {
      void message.warning(anyMsg(problem));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    const previous = value;
    setPercent(0);
    files
      .upload(kind === 'avatar' ? 'avatar' : 'image', file as File, setPercent)
      .then((uploaded) => {
        onChange?.(uploaded.url);
        if (previous) files.discard(previous, 'image');
        onSuccess?.(uploaded);
      })
      .catch((error: unknown) => onError?.(error as Error))
      .finally(() => setPercent(undefined));
  };

  const remove = () => {
    if (value) files.discard(value, 'image');
    onChange?.('');
  };

  return (
    <div className="fp-image-upload">
      <Upload accept=".jpg,.jpeg,.png,image/jpeg,image/png" showUploadList={false} beforeUpload={beforeUpload} customRequest={customRequest} disabled={busy}>
        <button type="button" className={`fp-image-upload-box${round ? ' is-round' : ''}`} aria-label={`${label}: ${t('cards.upload.image')}`}>
          {busy ? (
            <Progress type="circle" percent={percent} size={56} aria-label={t('cards.upload.uploading', { percent: percent ?? 0 })} />
          ) : value ? (
            <CardImage url={value} alt={label} className="fp-image-upload-picture" />
          ) : (
            <span className="fp-image-upload-empty">
              <PlusOutlined />
              <span>{t('cards.upload.image')}</span>
            </span>
          )}
        </button>
      </Upload>
      <div className="fp-image-upload-side">
        <span className="fp-upload-hint">{t('cards.upload.imageHint', { mb: CARD_FILE_MAX_BYTES[kind] / MB })}</span>
        {value && !busy ? (
          <Button size="small" type="link" danger icon={<DeleteOutlined />} onClick={remove} className="fp-image-upload-remove">
            {t('cards.upload.remove')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
