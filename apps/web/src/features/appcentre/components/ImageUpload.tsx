import { useState } from 'react';
import { App as AntApp, Button, Space, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { describeFailure } from '@/lib/http';
import { useAppCentreWords } from '../i18n';
import { managementApi } from '../management-api';
import { imageFileError } from '../file-rules';
import { AppImage } from './AppImage';

/** A form control: the image's url, with a preview and an upload button (PNG, JPG or GIF, 2 MB). */
export function ImageUpload({
  value,
  onChange,
  kind = 'icon',
  label,
}: {
  value?: string;
  onChange?: (url: string) => void;
  kind?: 'icon' | 'banner';
  label: string;
}) {
  const { t, lang } = useAppCentreWords();
  const { message } = AntApp.useApp();
  const [busy, setBusy] = useState(false);
  return (
    <Space align="center" size={12}>
      <AppImage url={value} alt={label} kind={kind} />
      <Upload
        accept=".png,.jpg,.jpeg,.gif"
        showUploadList={false}
        beforeUpload={(file) => {
          const error = imageFileError(file, lang);
          if (error) {
            void message.error(error);
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={async ({ file, onSuccess, onError }) => {
          setBusy(true);
          try {
            const uploaded = await managementApi.upload(file as File);
            onChange?.(uploaded.url);
            onSuccess?.(uploaded);
          } catch (error) {
            void message.error(describeFailure(error, lang));
            onError?.(error as Error);
          } finally {
            setBusy(false);
          }
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} aria-label={label}>
          {value ? t('apps.image.replace') : t('apps.image.upload')}
        </Button>
      </Upload>
    </Space>
  );
}
