import { CUSTOMERS_LIMITS, searchConditions } from '@field-portal/shared';
import type { CustomersMessageKey } from '@/features/customers/i18n';

/** The message when a search has more than five conditions (spec 001 section 5), else nothing; the server checks the same. */
export function searchProblem(text: string, msg: (key: CustomersMessageKey) => string): string | undefined {
  return searchConditions(text).length > CUSTOMERS_LIMITS.searchMaxConditions ? msg('customers.search.tooMany') : undefined;
}
