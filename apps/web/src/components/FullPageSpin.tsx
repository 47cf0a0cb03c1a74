import { Spin } from 'antd';
import { useI18n } from '@/lib/i18n';

export function FullPageSpin() {
  const { t } = useI18n();
  return (
    <div className="fp-fullpage-center" role="status" aria-live="polite">
      <Spin size="large" />
      <div className="fp-fullpage-text">{t('common.loading')}</div>
    </div>
  );
}
