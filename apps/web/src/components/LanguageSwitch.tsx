import { Segmented } from 'antd';
import type { Lang } from '@field-portal/shared';
import { setLang, useI18n } from '@/lib/i18n';
import { languageOptions } from './LanguageName';

/** 中文 / English; the choice is kept in the language cookie and applies without a reload. */
export function LanguageSwitch({ size = 'middle' }: { size?: 'small' | 'middle' }) {
  const { lang, t } = useI18n();
  return <Segmented<Lang> size={size} aria-label={t('lang.switch')} value={lang} options={languageOptions()} onChange={(value) => void setLang(value)} />;
}
