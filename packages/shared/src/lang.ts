import { DEFAULT_LANG, LANGS, type Lang } from './constants.js';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/**
 * The caller's language: the `language` header first, then the first
 * supported tag of Accept-Language, else zh (ARCHITECTURE.md, envelopes).
 */
export function resolveLang(languageHeader?: string | null, acceptLanguage?: string | null): Lang {
  const direct = languageHeader?.trim().toLowerCase().slice(0, 2);
  if (isLang(direct)) return direct;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase().slice(0, 2);
    if (isLang(tag)) return tag;
  }
  return DEFAULT_LANG;
}
