/**
 * The cards module's public face: its routes, the card rules other areas call (a new card, saving one) and the card rows push reads and locks.
 */
export { cardRoutes } from './routes.js';
export { deleteCardRows, findCard, findCards, markCardQueued, markCardsPublished, restoreCardAfterCancel, setCardRemark, toCardRecord } from './repo.js';
export { newCardId, saveCard } from './service.js';
/** Card rows inside other areas' statements: a `from` source and a join (docs/decisions/0065). */
export { cardsSource, joinCard } from './card-rows.js';
