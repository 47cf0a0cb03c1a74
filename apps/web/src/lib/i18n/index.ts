import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import Cookies from 'js-cookie';
import {
  ADMIN_PATHS,
  CORE_MESSAGES,
  DEFAULT_LANG,
  fillMessage,
  isLang,
  LANG_COOKIE,
  LANGS,
  type CoreMessageKey,
  type Lang,
  type MessageKey,
  type MessageText,
} from '@field-portal/shared';
import { en } from './en';
import { zh, type CoreLabelKey } from './zh';
import { savedLang } from './saved-lang';

/** A label of the shell (sign-in, the layout, status pages, cards): every load has these. */
export type LabelKey = CoreLabelKey;
export type { CoreLabelKey, CoreMessageKey };

/** One area's labels: the same keys in zh and en. */
export interface AreaLabels<L extends string = string> {
  zh: Readonly<Record<L, string>>;
  en: Readonly<Record<L, string>>;
}

type Params = Record<string, string | number>;

export { savedLang };

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
    for (const key of Object.keys(CATALOGUE[lang])) delete added[key];
    // Silent: the labels load with the code of the screens that show them, before those render, so
    // nothing on screen needs drawing again (every area's words arriving re-rendered every screen).
    i18n.addResourceBundle(lang, 'translation', added, false, true, { silent: true, skipCopy: true });
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
 * change on the languages screen, so an edit shows without a rebuild. At start only the language
 * shown is fetched (on a phone's network the other's 45 KB held a connection the session's calls
 * waited for); the other is fetched when the user switches to it.
 */
export async function reloadCatalogue(langs: readonly Lang[] = LANGS): Promise<void> {
  await Promise.all(
    langs.map(async (lang) => {
      const response = await fetch(`${ADMIN_PATHS.langCatalogue}?langType=${lang}`);
      if (!response.ok) return;
      fetched.add(lang);
      const body = (await response.json()) as { result?: Record<string, string> | null };
      const entries = Object.fromEntries(Object.entries(body.result ?? {}).map(([key, content]) => [key, catalogueText(content)]));
      const before = { ...BUILT_IN[lang], ...CATALOGUE[lang] };
      const after = { ...BUILT_IN[lang], ...entries };
      CATALOGUE[lang] = entries;
      // The screens are drawn again only if a word changed: at start the catalogue mostly holds the
      // built-in words, and drawing every screen again costs more than its download.
      const changed = Object.keys(before).length !== Object.keys(after).length || Object.entries(after).some(([key, text]) => before[key] !== text);
      if (!changed) return;
      i18n.removeResourceBundle(lang, 'translation');
      i18n.addResourceBundle(lang, 'translation', after, false, true);
    }),
  );
}
/** The languages whose catalogue has been fetched. */
const fetched = new Set<Lang>();
if (typeof window !== 'undefined' && typeof fetch === 'function' && !import.meta.env.VITEST) void reloadCatalogue([initial]).catch(() => undefined);

export { i18n };

export function currentLang(): Lang {
  return isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
}

/** Switches the interface language without a reload and keeps the choice in the cookie. */
export async function setLang(lang: Lang): Promise<void> {
  Cookies.set(LANG_COOKIE, lang, { expires: 365, sameSite: 'Lax', path: '/' });
  // Its catalogue first, so the switch shows the edited words at once; without it, the built-in ones.
  if (!fetched.has(lang) && typeof fetch === 'function') await reloadCatalogue([lang]).catch(() => undefined);
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

/**
 * Current language, label lookup and the shared messages, re-rendering on a language switch: the
 * keys `t` and `msg` accept are the shell's and those of the words the hook was made for.
 */
export interface WordsApi<L extends string = never, M extends string = never> {
  lang: Lang;
  t: (key: CoreLabelKey | L, params?: Params) => string;
  msg: (key: CoreMessageKey | M, params?: Params) => string;
  /**
   * A message whose key is only known at run time (a server's answer, a shared check's result, a
   * stored question): any shared key; one of an area whose words have not loaded shows as the key.
   */
  anyMsg: (key: MessageKey, params?: Params) => string;
}

/**
 * An area's words: its labels and the shared messages its screens show. Made once, in the area's
 * `i18n.ts`, which adds them to the built-in ones as it loads — so they arrive with the code of
 * the screens that import its hook, not with the entry (docs/decisions/0048).
 */
export interface Words<L extends string = string, M extends string = string> {
  labels: AreaLabels<L>;
  messages: Readonly<Record<M, MessageText>>;
  /** A shared message in a language, outside a component (a form's rules); these words are loaded with the caller. */
  message: (key: MessageKey, lang: Lang, params?: Params) => string;
}

export function defineWords<L extends string, const T extends readonly Readonly<Record<string, MessageText>>[]>(
  labels: AreaLabels<L>,
  ...messages: T
): Words<L, KeyOf<T[number]>> {
  addLabels(labels);
  addMessages(...messages);
  return { labels, messages: Object.assign({}, ...messages) as Record<KeyOf<T[number]>, MessageText>, message: messageText };
}

type KeyOf<T> = T extends unknown ? keyof T & string : never;

function useWordsApi(): WordsApi<string, string> {
  const { t, i18n: instance } = useTranslation();
  const lang: Lang = isLang(instance.language) ? instance.language : DEFAULT_LANG;
  // A message the catalogue holds comes from it (named and positional parameters), else from the shared texts.
  const msg = (key: string, params?: Params) =>
    instance.exists(key) ? t(key, { ...Object.values(params ?? {}).map(String), ...params }) : messageText(key as MessageKey, lang, params);
  return { lang, t: (key, params) => t(key, params ?? {}), msg, anyMsg: msg };
}

/**
 * The hook of an area's words: `t` and `msg` take the shell's keys and those words' keys, so
 * naming a key of an area whose words a screen did not import is a type error, not a raw key on
 * the screen. The words given are already added (by `defineWords`); they only type the hook.
 */
export function wordsHook<const W extends readonly Words[]>(...words: W): () => WordsApi<LabelOf<W[number]>, MessageOf<W[number]>> {
  if (words.length === 0) throw new Error('wordsHook needs the words it is for');
  return useWordsApi;
}

type LabelOf<W> = W extends Words<infer L, string> ? L : never;
type MessageOf<W> = W extends Words<string, infer M> ? M : never;

/** The shell's words only (sign-in, the layout, status pages, cards). */
export function useI18n(): WordsApi {
  return useWordsApi();
}

/** Of a text kept in both languages, the one of the interface language, the other one when it is empty. */
export function bilingual(zh: string, en: string, lang: Lang): string {
  return lang === 'en' ? en || zh : zh || en;
}

/** Picks the name of a bilingual record (menus, roles) for the current language. */
export function localName(item: { name: string; nameEn: string }, lang: Lang): string {
  return bilingual(item.name, item.nameEn, lang);
}

/**
 * Labels `<prefix>.<code>` of a list of codes whose names live in packages/shared (a meeting's
 * statuses, a survey's), in one language: the screens and the server's messages say the same.
 */
export function codeWords<P extends string, C extends string>(prefix: P, words: Readonly<Record<C, MessageText>>, lang: Lang) {
  return Object.fromEntries(Object.entries<MessageText>(words).map(([code, text]) => [`${prefix}.${code}`, text[lang]])) as Record<`${P}.${C}`, string>;
}
