import type { QueryClient } from '@tanstack/react-query';
import type { CardContent } from '@field-portal/shared';
import { draftCardQuery } from './api/get-draft-card';
import { cardQuery } from './api/select-card';
import { readCardContent, type EditorSource } from './editor-source';
import { newId, openNewCard, type OpenedCard } from './open-new';

/**
 * Loads what the editor opens (spec 000 section 4): the caller's own draft under its id, any
 * other card (another user's draft too) copied under a new id, else an empty card under a new id. `opening` names this opening, so a
 * repeated call shares the new id. A card that cannot be read (the client has said why)
 * opens an empty card instead.
 */
export type { OpenedCard };

export async function openEditor(client: QueryClient, source: EditorSource, opening: string): Promise<OpenedCard> {
  switch (source.kind) {
    case 'new':
      return openNewCard(client, opening);
    case 'content':
      return { mode: 'copy', fromId: undefined, cardId: await newId(client, opening), type: source.type, content: withoutTime(source.content) };
    case 'draft':
    case 'copy':
      break;
  }
  if (source.kind === 'draft') {
    const own = await client.fetchQuery(draftCardQuery(source.id, { quiet: true })).catch(() => undefined);
    if (own) {
      const { type, content } = readCardContent(own.content);
      return { mode: 'draft', fromId: own.id, cardId: own.id, type, content };
    }
    // Not the caller's draft (only its creator edits a draft under its id): it opens as a copy
    // under a new id, saying so, instead of an empty form that would be saved over nothing.
  }
  let record;
  try {
    record = await client.fetchQuery(cardQuery(source.id));
  } catch {
    return openNewCard(client, opening);
  }
  const { type, content } = readCardContent(record.content);
  return { mode: 'copy', fromId: record.id, cardId: await newId(client, opening), type, content: withoutTime(content) };
}

/** A copy is a new card: it gets its own creation time. */
function withoutTime(content: CardContent): CardContent {
  const { createTime: _createTime, ...rest } = content;
  return rest;
}
