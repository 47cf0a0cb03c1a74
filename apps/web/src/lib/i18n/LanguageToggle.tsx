import { LANGS, type Lang } from '@field-portal/shared';
import { setLang, useI18n } from './index';

/**
 * 中文 / English as a two-button switch in plain elements (the sign-in and phone pages load no
 * antd); the choice applies at once and is kept in the language cookie. Each page draws it with its
 * own stylesheet's class.
 */
export function LanguageToggle({ className }: { className: string }) {
  const { lang, t } = useI18n();
  return (
    <div className={className} role="group" aria-label={t('lang.switch')}>
      {LANGS.map((value: Lang) => (
        <button
          key={value}
          type="button"
          className={value === lang ? 'is-active' : undefined}
          aria-pressed={value === lang}
          onClick={() => void setLang(value)}
        >
          {t(value === 'zh' ? 'lang.zh' : 'lang.en')}
        </button>
      ))}
    </div>
  );
}
