import { DATA_COLLECTION_MESSAGES } from '@field-portal/shared';
import { defineWords, wordsHook, type CoreLabelKey, type CoreMessageKey } from '@/lib/i18n';

/** The words of data collection: the shared messages its screens show (its labels are the shell's), added as this file loads (docs/decisions/0048). */
export const dataCollectionWords = defineWords({ zh: {}, en: {} }, DATA_COLLECTION_MESSAGES);
export const useDataCollectionWords = wordsHook(dataCollectionWords);
export type DataCollectionLabelKey = CoreLabelKey;
export type DataCollectionMessageKey = CoreMessageKey | keyof typeof DATA_COLLECTION_MESSAGES;
