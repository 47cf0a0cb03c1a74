import { Segmented } from 'antd';
import { LANGS, type Lang } from '@field-portal/shared';
import { DATA } from '@/lib/data-text';
import { setLang, useI18n } from '@/lib/i18n';

/** 中文 / English; the choice is kept in the language cookie and applies without a reload. */
export function LanguageSwitch({ size = 'middle' }: { size?: 'small' | 'middle' }) {
  const { lang, t } = useI18n();
  return (
    <Segmented<Lang>
      size={size}
      aria-label={t('lang.switch')}
      value={lang}
      // each language is named in itself (中文 stays 中文 on an English screen)
      options={LANGS.map((value) => ({
        value,
        label: (
          <span lang={value} {...DATA}>
            {t(value === 'zh' ? 'lang.zh' : 'lang.en')}
          </span>
        ),
      }))}
      onChange={(value) => void setLang(value)}
    />
  );
}
