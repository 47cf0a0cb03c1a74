import { Alert } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useI18n } from '@/lib/i18n';

/** The data-use notice of spec 001 section 1. */
export function DataUseNotice({ banner = false }: { banner?: boolean }) {
  const { msg } = useI18n();
  return <Alert className="fp-notice" type="warning" showIcon icon={<SafetyCertificateOutlined />} banner={banner} role="note" title={msg('notice.dataUse')} />;
}
