import Cookies from 'js-cookie';
import { DEFAULT_LANG, isLang, LANG_COOKIE, type Lang } from '@field-portal/shared';

/** The language kept in the cookie (spec 001 section 1), else the default zh. */
export function savedLang(): Lang {
  const value = Cookies.get(LANG_COOKIE);
  return isLang(value) ? value : DEFAULT_LANG;
}
