import { queryOptions } from '@tanstack/react-query';
import { API, type CardRecord } from '@field-portal/shared';
import { getCardData } from './envelope';

/** GET getDraftCard?id: the caller's own draft, edited under its id (spec 000 section 4). */
export function getDraftCard(id: number, options: { quiet?: boolean } = {}): Promise<CardRecord> {
  return getCardData<CardRecord>(API.cards.getDraftCard, { params: { id }, suppressError: options.quiet ?? false });
}

/** `quiet`: a draft that is not the caller's is no error to show (the editor then opens a copy). */
export const draftCardQuery = (id: number, options: { quiet?: boolean } = {}) =>
  queryOptions({
    queryKey: ['cards', 'draft', id],
    queryFn: () => getDraftCard(id, options),
    // A draft is read fresh each time the editor opens it.
    staleTime: 0,
  });
