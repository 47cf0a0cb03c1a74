import { PASSWORD, setupRequest, type Lang, type SetupRequest } from '@field-portal/shared';
import { isKnownMessage } from '@/lib/i18n';
import { setupWords } from '@/features/setup/i18n';

export type SetupField = Exclude<keyof SetupRequest, 'token'>;

/** The setup form checked with the server's own schema and messages (docs/decisions/0041); the token is the page's, not a field. */
export function setupErrors(values: Partial<Record<SetupField, string>>, lang: Lang): Partial<Record<SetupField, string>> {
  const parsed = setupRequest.safeParse({
    token: 'page',
    companyName: values.companyName ?? '',
    username: values.username ?? '',
    displayName: values.displayName ?? '',
    email: values.email ?? '',
    password: values.password ?? '',
    confirmPassword: values.confirmPassword ?? '',
  });
  if (parsed.success) return {};
  const errors: Partial<Record<SetupField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as SetupField;
    if (errors[field]) continue;
    errors[field] = isKnownMessage(issue.message)
      ? setupWords.message(issue.message, lang, { min: PASSWORD.min, max: PASSWORD.max })
      : setupWords.message('field.invalid', lang, { field });
  }
  return errors;
}
