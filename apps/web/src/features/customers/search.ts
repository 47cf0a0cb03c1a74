import { CUSTOMERS_LIMITS, searchConditions, type MessageKey } from '@field-portal/shared';
import '@/lib/i18n/areas/customers';
import '@/lib/i18n/messages/customers';

/** The message when a search has more than five conditions (spec 001 section 5), else nothing; the server checks the same. */
export function searchProblem(text: string, msg: (key: MessageKey) => string): string | undefined {
  return searchConditions(text).length > CUSTOMERS_LIMITS.searchMaxConditions ? msg('customers.search.tooMany') : undefined;
}
