import { CARD_TYPES, type CardType } from '@field-portal/shared';
import type { LabelKey } from '@/lib/i18n';

/** The five templates in the order the editor lists them (index = content.type). */
/** The template a new card starts in: the first of the list. */
export const NEW_CARD_TYPE: CardType = 0;

export const CARD_TEMPLATES: readonly { type: CardType; label: LabelKey }[] = [
  { type: 0, label: 'cards.template.video' },
  { type: 1, label: 'cards.template.article' },
  { type: 2, label: 'cards.template.oneImage' },
  { type: 3, label: 'cards.template.threeImages' },
  { type: 4, label: 'cards.template.text' },
];

/** A content.type the renderer has a layout for (anything else is "card format is wrong"). */
export function isCardType(type: unknown): type is CardType {
  return typeof type === 'number' && (CARD_TYPES as readonly number[]).includes(type);
}
