import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import Cookies from 'js-cookie';
import { ADMIN_PATHS, CORE_MESSAGES, DEFAULT_LANG, fillMessage, isLang, LANG_COOKIE, LANGS, type Lang, type MessageKey, type MessageText } from '@field-portal/shared';
import { en } from './en';
import { zh, type LabelKey } from './zh';
import type { AreaLabels } from './labels';

export type { LabelKey };
export type { AreaLabels };

/** The language kept in the cookie (spec 001 section 1), else the default zh. */
export function savedLang(): Lang {
  const value = Cookies.get(LANG_COOKIE);
  return isLang(value) ? value : DEFAULT_LANG;
}

// dayjs follows the language where a screen uses it (lib/dayjs-locale.ts): the sign-in and phone pages load no date library.
function applyLang(lang: Lang) {
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
}

const initial = savedLang();
void i18n.use(initReactI18next).init({
  resources: { zh: { translation: { ...zh } }, en: { translation: { ...en } } },
  lng: initial,
  fallbackLng: DEFAULT_LANG,
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
  // Catalogue entries arriving at run time re-render the interface.
  react: { bindI18nStore: 'added removed' },
});
applyLang(initial);

/** The built-in labels loaded so far: the core ones, then each area's as its screens load. */
const BUILT_IN: Record<Lang, Record<string, string>> = { zh: { ...zh }, en: { ...en } };
/** The run-time catalogue's entries last fetched; they win over built-in labels. */
const CATALOGUE: Record<Lang, Record<string, string>> = { zh: {}, en: {} };

/**
 * Adds areas' labels (zh and en) to the built-in ones. Called when the code of the screens that
 * show them loads (the console's layout, the phone page, the share page), so labels arrive with
 * their screens and not with the entry. Entries of the run-time catalogue keep precedence.
 */
export function addLabels(...areas: readonly AreaLabels[]): void {
  for (const lang of LANGS) {
    const added = Object.assign({}, ...areas.map((area) => area[lang])) as Record<string, string>;
    Object.assign(BUILT_IN[lang], added);
    i18n.addResourceBundle(lang, 'translation', { ...added, ...CATALOGUE[lang] }, true, true);
  }
}

/** A catalogue content in i18next's form: `{name}` and the spec's positional `{}` become `{{name}}` and `{{0}}`, `{{1}}`, … */
export function catalogueText(content: string): string {
  let position = 0;
  return content.replace(/(?<!\{)\{(\w*)\}(?!\})/g, (_, name: string) => `{{${name || String(position++)}}}`);
}

/**
 * The run-time text catalogue (system administration, languages) over the built-in labels,
 * which stay the fallback for every key the catalogue lacks. Fetched at start and after each
 * change on the languages screen, so an edit shows without a rebuild.
 */
export async function reloadCatalogue(): Promise<void> {
  await Promise.all(
    LANGS.map(async (lang) => {
      const response = await fetch(`${ADMIN_PATHS.langCatalogue}?langType=${lang}`);
      if (!response.ok) return;
      const body = (await response.json()) as { result?: Record<string, string> | null };
      const entries = Object.fromEntries(Object.entries(body.result ?? {}).map(([key, content]) => [key, catalogueText(content)]));
      CATALOGUE[lang] = entries;
      i18n.removeResourceBundle(lang, 'translation');
      i18n.addResourceBundle(lang, 'translation', { ...BUILT_IN[lang], ...entries }, false, true);
    }),
  );
}
if (typeof window !== 'undefined' && typeof fetch === 'function' && !import.meta.env.VITEST) void reloadCatalogue().catch(() => undefined);

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

/**
 * The shared messages `msg` knows so far: the core ones (sign-in, sessions, HTTP failures, cards),
 * then every area's once the console's layout loads, or the feed's on the phone page — like the
 * labels, so the entry does not carry every area's messages (docs/decisions/0016).
 */
const MESSAGE_TEXTS: Record<string, MessageText> = { ...CORE_MESSAGES };

export function addMessages(...tables: readonly Record<string, MessageText>[]): void {
  for (const table of tables) Object.assign(MESSAGE_TEXTS, table);
}

/** A key of the shared messages loaded so far (the core ones and the areas' added): the web's `isMessageKey`, without every area's table. */
export function isKnownMessage(key: string): key is MessageKey {
  return Object.hasOwn(MESSAGE_TEXTS, key);
}

/** A shared message in the given language, `{name}` parameters filled in (the key itself while its area is not loaded). */
export function messageText(key: MessageKey, lang: Lang, params?: Record<string, string | number>): string {
  const text = MESSAGE_TEXTS[key];
  return text ? fillMessage(text[lang], params) : key;
}

/** Current language, label lookup and the shared messages, re-rendering on a language switch. */
export function useI18n() {
  const { t, i18n: instance } = useTranslation();
  const lang: Lang = isLang(instance.language) ? instance.language : DEFAULT_LANG;
  return {
    lang,
    t: (key: LabelKey, params?: Record<string, string | number>) => t(key, params ?? {}),
    // A message the catalogue holds comes from it (named and positional parameters), else from the shared texts.
    msg: (key: MessageKey, params?: Record<string, string | number>) =>
      instance.exists(key) ? t(key, { ...Object.values(params ?? {}).map(String), ...params }) : messageText(key, lang, params),
  };
}

/** Picks the name of a bilingual record (menus, roles) for the current language. */
export function localName(item: { name: string; nameEn: string }, lang: Lang): string {
  return lang === 'en' ? item.nameEn || item.name : item.name || item.nameEn;
}
