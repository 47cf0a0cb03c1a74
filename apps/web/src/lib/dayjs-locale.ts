import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import type { Lang } from '@field-portal/shared';
import { currentLang, i18n } from './i18n';

/*
 * dayjs (antd's date pickers, the console's date columns) speaks the interface language. Imported
 * by the screens that use antd (lib/providers/antd-providers.tsx, the share page), not by the entry: the
 * sign-in and phone pages load no date library (bundle budgets, docs/decisions/0016).
 */
const DAYJS_LOCALE: Record<Lang, string> = { zh: 'zh-cn', en: 'en' };

dayjs.locale(DAYJS_LOCALE[currentLang()]);
i18n.on('languageChanged', () => dayjs.locale(DAYJS_LOCALE[currentLang()]));
