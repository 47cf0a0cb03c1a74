import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App as AntApp, Button, Space, Upload } from 'antd';
import { AppstoreOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { API } from '@field-portal/shared';
import { describeFailure } from '@/lib/http';
import { useI18n } from '@/lib/i18n';
import { appImageQuery, appsApi } from '../api';
import { imageFileError } from '../file-rules';
import './app-image.css';
import '@/lib/i18n/areas/apps';
import '@/lib/i18n/messages/apps';

const OURS = API.apps.file.download.replace(':fileId', '');

/** An uploaded image (fetched with the bearer token), or a quiet placeholder. */
export function AppImage({ url, alt, kind = 'icon' }: { url: string | undefined; alt: string; kind?: 'icon' | 'banner' }) {
  const ours = Boolean(url?.startsWith(OURS));
  const query = useQuery({ ...appImageQuery(url ?? ''), enabled: ours });
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    if (!query.data) return setSrc(undefined);
    const objectUrl = URL.createObjectURL(query.data);
    setSrc(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [query.data]);
  const className = kind === 'icon' ? 'fp-apps-icon' : 'fp-apps-banner';
  if (src) return <img className={className} src={src} alt={alt} />;
  return (
    <span className={className} role="img" aria-label={alt}>
      {kind === 'icon' ? <AppstoreOutlined /> : <PictureOutlined />}
    </span>
  );
}

/** A form control: the image's url, with a preview and an upload button (PNG, JPG or GIF, 2 MB). */
export function ImageUpload({ value, onChange, kind = 'icon', label }: { value?: string; onChange?: (url: string) => void; kind?: 'icon' | 'banner'; label: string }) {
  const { t, lang } = useI18n();
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
            const uploaded = await appsApi.upload(file as File);
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
