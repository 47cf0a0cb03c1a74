import { DOWNLOADS_MESSAGES } from '@field-portal/shared';
import { defineWords, wordsHook, type CoreLabelKey, type CoreMessageKey } from '@/lib/i18n';

/** The words of the download centre: the shared messages its screens show (its labels are the shell's), added as this file loads (docs/decisions/0048). */
export const downloadsWords = defineWords({ zh: {}, en: {} }, DOWNLOADS_MESSAGES);
export const useDownloadsWords = wordsHook(downloadsWords);
export type DownloadsLabelKey = CoreLabelKey;
export type DownloadsMessageKey = CoreMessageKey | keyof typeof DOWNLOADS_MESSAGES;
