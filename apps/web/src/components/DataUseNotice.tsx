import SafetyCertificateOutlined from '@ant-design/icons-svg/es/asn/SafetyCertificateOutlined';
import { SvgIcon } from '@/components/SvgIcon';
import { useI18n } from '@/lib/i18n';

/** The data-use notice of spec 001 section 1, in plain elements (the sign-in page loads no antd, docs/decisions/0016). */
export function DataUseNotice({ banner = false }: { banner?: boolean }) {
  const { msg } = useI18n();
  return (
    <div className={`fp-alert is-warning fp-notice${banner ? ' is-banner' : ''}`} role="note">
      <SvgIcon icon={SafetyCertificateOutlined} className="fp-alert-icon" />
      <div className="fp-alert-text">{msg('notice.dataUse')}</div>
    </div>
  );
}
