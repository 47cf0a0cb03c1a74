import { coreMessage as message, type Lang } from '@field-portal/shared';
import { isHttpError } from './errors';
import { noticeFor } from './rules';

/** One line for a failed call, for screens that show errors themselves (e.g. the login page). */
export function describeFailure(error: unknown, lang: Lang): string {
  if (isHttpError(error)) {
    const notice = noticeFor(error.kind, error.status, error.body, lang);
    if (notice) return notice.text;
  }
  return message('http.error', lang);
}
