import { Spin } from 'antd';
import { useI18n, type LabelKey } from '@/lib/i18n';

export function FullPageSpin({ label = 'common.loading' }: { label?: LabelKey }) {
  const { t } = useI18n();
  return (
    <div className="fp-fullpage-center" role="status" aria-live="polite">
      <Spin size="large" />
      <div className="fp-fullpage-text">{t(label)}</div>
    </div>
  );
}
