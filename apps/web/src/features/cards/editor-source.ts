import { cardContentDraft, cardId, cardTemplate, type CardContent, type CardType } from '@field-portal/shared';

/** What the editor opens with, read from its route query (spec 000 sections 2 and 4). */
export type EditorSource =
  | { kind: 'new' }
  /** A draft: edited under its own id (getDraftCard). */
  | { kind: 'draft'; id: number }
  /** Any other card: copied into the form under a new id (selectCard). */
  | { kind: 'copy'; id: number }
  /** Card fields carried in the query without an id: copied under a new id. */
  | { kind: 'content'; type: CardType; content: CardContent };

/**
 * The query carries `id` and `cardStatus` (or `status`), or the card's fields with `content`
 * as JSON text; appId and the timer stamp only make each opening distinct.
 */
export function editorSourceOf(search: string): EditorSource {
  const query = new URLSearchParams(search);
  const id = cardId.safeParse(query.get('id') ?? '');
  if (id.success) return (query.get('cardStatus') ?? query.get('status')) === 'draft' ? { kind: 'draft', id: id.data } : { kind: 'copy', id: id.data };
  const text = query.get('content');
  if (text) {
    const read = readCardContent(text);
    if (Object.keys(read.content).length > 0) return { kind: 'content', ...read };
  }
  return { kind: 'new' };
}

/**
 * A stored card's content for the form: its template by content.type (any value other than
 * 0 to 3 means 4), the other fields if they keep the shared rules, else an empty form.
 */
export function readCardContent(text: string): { type: CardType; content: CardContent } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { type: 4, content: {} };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { type: 4, content: {} };
  const { type, ...fields } = value as Record<string, unknown>;
  const parsed = cardContentDraft.safeParse(fields);
  return { type: cardTemplate(type), content: parsed.success ? parsed.data : {} };
}
