import { LANGS, type Lang } from '@field-portal/shared';
import { DATA } from '@/lib/data-text';
import { useI18n } from '@/lib/i18n';

/**
 * A language named in itself (中文 stays 中文 on an English screen), marked with that language so a
 * screen reader reads it in it (WCAG 3.1.2, language of parts) and a page translator leaves it.
 */
export function LanguageName({ lang }: { lang: Lang }) {
  const { t } = useI18n();
  return (
    <span lang={lang} {...DATA}>
      {t(lang === 'zh' ? 'lang.zh' : 'lang.en')}
    </span>
  );
}

/** The languages as a Select's or a Segmented's options, each named in itself. */
export const languageOptions = () => LANGS.map((value) => ({ value, label: <LanguageName lang={value} /> }));
