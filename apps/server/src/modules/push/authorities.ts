/** Menu authorities (seed/menus.ts): the card area and the recommend area. */
export const PUSH_AUTHORITIES = {
  /** Any card list screen. */
  list: ['cardArea:NewCard', 'cardArea:CreatedCard', 'cardArea:DraftCard', 'recommend:NewRecommend', 'recommend:Published', 'recommend:InQueue'],
  queueList: 'recommend:InQueue',
  push: 'recommend:NewRecommend',
  cancel: 'recommend:InQueue',
  pin: 'recommend:Published',
  readState: 'recommend:Published',
  delete: ['cardArea:CreatedCard', 'cardArea:DraftCard'],
  directory: 'recommend:NewRecommend',
  report: 'reportDownload:cardPushDetail',
} as const;
