import type { QueryClient } from '@tanstack/react-query';
import type { CardContent, CardType } from '@field-portal/shared';
import { newCardIdQuery } from './api/new-card-id';
import type { EditorState } from './editor-memory';
import { NEW_CARD_TYPE } from './templates';

/*
 * Opening an empty card: a new id and the first template. Apart from open-editor.ts, which reads
 * stored cards with the shared zod schemas, so the editor opening on a new card downloads no zod.
 */

export interface OpenedCard {
  mode: EditorState['mode'];
  fromId: number | undefined;
  cardId: number | undefined;
  type: CardType;
  /** What the form starts with; undefined: an empty form. */
  content: CardContent | undefined;
}

export async function newId(client: QueryClient, opening: string): Promise<number | undefined> {
  // Without an id the form still opens; the first upload or save asks again.
  return client.fetchQuery(newCardIdQuery(opening)).catch(() => undefined);
}

/** An empty card under a new id (`opening` names this opening, so a repeated call shares the id). */
export async function openNewCard(client: QueryClient, opening: string): Promise<OpenedCard> {
  return { mode: 'new', fromId: undefined, cardId: await newId(client, opening), type: NEW_CARD_TYPE, content: undefined };
}
