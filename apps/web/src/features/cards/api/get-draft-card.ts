import { queryOptions } from '@tanstack/react-query';
import { API, type CardRecord } from '@field-portal/shared';
import { getCardData } from './envelope';

/** GET getDraftCard?id: the caller's own draft, edited under its id (spec 000 section 4). */
export function getDraftCard(id: number): Promise<CardRecord> {
  return getCardData<CardRecord>(API.cards.getDraftCard, { params: { id } });
}

export const draftCardQuery = (id: number) =>
  queryOptions({
    queryKey: ['cards', 'draft', id],
    queryFn: () => getDraftCard(id),
    // A draft is read fresh each time the editor opens it.
    staleTime: 0,
  });
