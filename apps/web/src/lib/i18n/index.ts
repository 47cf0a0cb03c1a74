import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import Cookies from 'js-cookie';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import { DEFAULT_LANG, isLang, LANG_COOKIE, message, type Lang, type MessageKey } from '@field-portal/shared';
import { en } from './en';
import { zh, type LabelKey } from './zh';

export type { LabelKey };

const DAYJS_LOCALE: Record<Lang, string> = { zh: 'zh-cn', en: 'en' };

/** The language kept in the cookie (spec 001 section 1), else the default zh. */
export function savedLang(): Lang {
  const value = Cookies.get(LANG_COOKIE);
  return isLang(value) ? value : DEFAULT_LANG;
}

function applyLang(lang: Lang) {
  dayjs.locale(DAYJS_LOCALE[lang]);
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
}

const initial = savedLang();
void i18n.use(initReactI18next).init({
  resources: { zh: { translation: zh }, en: { translation: en } },
  lng: initial,
  fallbackLng: DEFAULT_LANG,
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});
applyLang(initial);

export { i18n };

export function currentLang(): Lang {
  return isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
}

/** Switches the interface language without a reload and keeps the choice in the cookie. */
export async function setLang(lang: Lang): Promise<void> {
  Cookies.set(LANG_COOKIE, lang, { expires: 365, sameSite: 'Lax', path: '/' });
  applyLang(lang);
  await i18n.changeLanguage(lang);
}

/** Current language, label lookup and the shared messages, re-rendering on a language switch. */
export function useI18n() {
  const { t, i18n: instance } = useTranslation();
  const lang: Lang = isLang(instance.language) ? instance.language : DEFAULT_LANG;
  return {
    lang,
    t: (key: LabelKey, params?: Record<string, string | number>) => t(key, params ?? {}),
    msg: (key: MessageKey, params?: Record<string, string | number>) => message(key, lang, params),
  };
}

/** Picks the name of a bilingual record (menus, roles) for the current language. */
export function localName(item: { name: string; nameEn: string }, lang: Lang): string {
  return lang === 'en' ? item.nameEn || item.name : item.name || item.nameEn;
}
