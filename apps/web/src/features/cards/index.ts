/** The public face of cards (their words are the shell's: every load shows cards): all another area may import of it (docs/decisions/0048). */
export { getCardData, postCardData } from './api/envelope';
export { CardItem, type CardItemCard } from './components/CardItem';
export { CARD_TEMPLATES } from './templates';
