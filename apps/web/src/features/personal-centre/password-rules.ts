import { PASSWORD, passwordChangeRequest, type Lang, type PasswordChangeRequest } from '@field-portal/shared';
import { isKnownMessage as isMessageKey, messageText as message } from '@/lib/i18n';

export type PasswordField = keyof PasswordChangeRequest;

/**
 * Client-side check of the password change with the server's own schema and messages
 * (spec 001 section 5): same as old, mismatch, and the PASSWORD length limits.
 */
export function passwordErrors(values: Partial<PasswordChangeRequest>, lang: Lang): Partial<Record<PasswordField, string>> {
  const parsed = passwordChangeRequest.safeParse({
    oldPassword: values.oldPassword ?? '',
    newPassword: values.newPassword ?? '',
    confirmPassword: values.confirmPassword ?? '',
  });
  if (parsed.success) return {};
  const errors: Partial<Record<PasswordField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as PasswordField;
    if (errors[field]) continue;
    errors[field] = isMessageKey(issue.message)
      ? message(issue.message, lang, { min: PASSWORD.min, max: PASSWORD.max })
      : message('field.invalid', lang, { field });
  }
  return errors;
}
