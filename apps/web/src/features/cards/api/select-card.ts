import { queryOptions } from '@tanstack/react-query';
import { API, type CardRecord } from '@field-portal/shared';
import { getCardData } from './envelope';

/** GET selectCard?id: any card, e.g. a created one the editor copies under a new id. */
export function selectCard(id: number): Promise<CardRecord> {
  return getCardData<CardRecord>(API.cards.selectCard, { params: { id } });
}

export const cardQuery = (id: number) =>
  queryOptions({
    queryKey: ['cards', 'card', id],
    queryFn: () => selectCard(id),
    staleTime: 0,
  });
