import { customersWords } from '@/features/customers';
import { wordsHook } from '@/lib/i18n';
import { intelligenceWords } from './i18n';

/** The doctor list and the 360 view name the customers area's columns and messages beside their own. */
export const useDoctorWords = wordsHook(intelligenceWords, customersWords);
