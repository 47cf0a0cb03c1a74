import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AppstoreOutlined, PictureOutlined } from '@ant-design/icons';
import { API } from '@field-portal/shared';
import { appImageQuery } from '../management-api';
import './app-image.css';

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
