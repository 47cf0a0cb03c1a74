import { queryOptions } from '@tanstack/react-query';
import { API, type NewCardId } from '@field-portal/shared';
import { getCardData } from './envelope';

/** GET newCardId: the server allocates (and reserves for the caller) the id a new card is saved under. */
export async function newCardId(): Promise<number> {
  return (await getCardData<NewCardId>(API.cards.newCardId)).id;
}

/** Every new-id query; a saved card's id must not be handed out again from the cache. */
export const NEW_CARD_ID_KEY = ['cards', 'newCardId'] as const;

/**
 * One id per opening of the editor: `opening` names it, so a second request for the same
 * opening (a re-mounted effect) shares the call instead of reserving another id.
 */
export const newCardIdQuery = (opening: string) =>
  queryOptions({
    queryKey: [...NEW_CARD_ID_KEY, opening],
    queryFn: newCardId,
    staleTime: Infinity,
    gcTime: 60_000,
  });
