import { APPS_LIMITS, type Lang } from '@field-portal/shared';
import { appCentreWords } from './i18n';

// The file checks of app management, apart from the form rules: a screen that only uploads an
// image does not download the zod schemas (docs/decisions/0031).

const extensionOf = (name: string) => name.toLowerCase().split('.').pop() ?? '';

/** An image to upload: PNG, JPG or GIF, at most 2 MB (the server checks the bytes again). */
export function imageFileError(file: { name: string; size: number }, lang: Lang): string | undefined {
  if (!(APPS_LIMITS.imageExtensions as readonly string[]).includes(extensionOf(file.name))) return appCentreWords.message('apps.image.type', lang);
  if (file.size > APPS_LIMITS.imageMaxBytes) return appCentreWords.message('apps.image.tooLarge', lang);
  return undefined;
}

/** An organisation import file: .xlsx, .xls or .csv, at most 1 MB. */
export function importFileError(file: { name: string; size: number }, lang: Lang): string | undefined {
  if (!(APPS_LIMITS.importExtensions as readonly string[]).includes(extensionOf(file.name))) return appCentreWords.message('apps.import.type', lang);
  if (file.size > APPS_LIMITS.importMaxBytes) return appCentreWords.message('apps.import.tooLarge', lang);
  return undefined;
}
