import { activityWords } from '@/features/activity';
import { customersWords } from '@/features/customers';
import { wordsHook } from '@/lib/i18n';
import { intelligenceWords } from './i18n';

/** The doctor list and the 360 view name the customers area's columns and messages beside their own, and the kinds of a business record as its timeline does. */
export const useDoctorWords = wordsHook(intelligenceWords, customersWords, activityWords);
