import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type CardBuList } from '@field-portal/shared';
import { getCardData } from './envelope';

/** Session storage key of the BU choices, a comma-separated list (spec 000 section 3). */
export const BU_STORAGE_KEY = 'bu';

/** The BU choices kept in session storage, if any. */
export function storedBuList(storage: Storage = sessionStorage): string[] | undefined {
  const list = (storage.getItem(BU_STORAGE_KEY) ?? '')
    .split(',')
    .map((bu) => bu.trim())
    .filter(Boolean);
  return list.length ? list : undefined;
}

/** GET findBu: the caller's own BU list (data.status 200, data.data), kept back in session storage. */
export async function findBu(storage: Storage = sessionStorage): Promise<string[]> {
  const answer = await getCardData<CardBuList>(API.cards.findBu);
  if (answer.status !== 200 || !Array.isArray(answer.data)) throw new Error('findBu: unexpected answer');
  storage.setItem(BU_STORAGE_KEY, answer.data.join(','));
  return answer.data;
}

export const buListQuery = queryOptions({
  queryKey: ['cards', 'buList'],
  queryFn: () => findBu(),
  staleTime: 5 * 60_000,
});

/**
 * The BU choices of the card form: what session storage holds (else the user's own list)
 * at once, then the server's answer.
 */
export function useBuOptions(fallback: readonly string[]): string[] {
  const query = useQuery(buListQuery);
  return query.data ?? storedBuList() ?? [...fallback];
}
