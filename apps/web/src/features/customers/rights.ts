import { useSession } from '@/lib/session/session-context';

/**
 * What the signed-in user may do here, read from their permitted menus (the server checks the same
 * authorities on every call): keepers of customer master data (its menu under data management)
 * review corrections, manage shared tags and decide hospital coverage.
 */
export function useCustomerRights() {
  const { table } = useSession();
  const has = (router: string) => table.pages.some((p) => p.router === router);
  return { reviewer: has('customerData') };
}
