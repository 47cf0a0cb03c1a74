import { queryOptions } from '@tanstack/react-query';
import { managementApi } from '../../management-api';

/** The name in the interface language, the other one when it is empty. */
export const bilingual = (zh: string, en: string, lang: string) => (lang === 'en' ? en || zh : zh || en);

/** The choices of the app form: every classification and every role. */
export const classificationChoices = queryOptions({ queryKey: ['apps', 'classification', 'all'], queryFn: managementApi.classifications });
export const roleChoices = queryOptions({ queryKey: ['apps', 'roles'], queryFn: managementApi.roles });
