import { IMPORTS_MESSAGES } from '@field-portal/shared';
import { defineWords, wordsHook, type CoreLabelKey, type CoreMessageKey } from '@/lib/i18n';

/** The words of the import centre: the shared messages its screens show (its labels are the shell's), added as this file loads (docs/decisions/0048). */
export const importsWords = defineWords({ zh: {}, en: {} }, IMPORTS_MESSAGES);
export const useImportsWords = wordsHook(importsWords);
export type ImportsLabelKey = CoreLabelKey;
export type ImportsMessageKey = CoreMessageKey | keyof typeof IMPORTS_MESSAGES;
