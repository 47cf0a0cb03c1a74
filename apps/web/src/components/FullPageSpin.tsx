import { useI18n, type LabelKey } from '@/lib/i18n';

/** A page waiting on its code or its first call; a plain spinner, as the entry loads no antd (docs/decisions/0016). */
export function FullPageSpin({ label = 'common.loading' }: { label?: LabelKey }) {
  const { t } = useI18n();
  return (
    <div className="fp-fullpage-center" role="status" aria-live="polite">
      <span className="fp-spinner is-large" aria-hidden="true" />
      <div className="fp-fullpage-text">{t(label)}</div>
    </div>
  );
}
