import type { Dayjs } from 'dayjs';
import {
  CARD_LIST_FILTER_LABELS,
  cardListStatusOf,
  EXCLUDED_CARD_SOURCES,
  EXCLUDED_CARD_TEMPLATES,
  PAGINATION,
  type CardListQuery,
  type CardRecord,
} from '@field-portal/shared';

/** The list screens (menu router names) and what each lists. */
export type ListScreen = 'CreatedCard' | 'DraftCard' | 'NewRecommend' | 'Published' | 'InQueue';
export type FilterLabel = (typeof CARD_LIST_FILTER_LABELS)[number];

export interface ListFilters {
  /** The status filter's label (created and recommend screens). */
  label: FilterLabel;
  range: [Dayjs, Dayjs] | null;
  mine: boolean;
  search: string;
}

export const emptyFilters = (): ListFilters => ({ label: 'all', range: null, mine: false, search: '' });

/** Dates of the creation-time filter: whole days, read by the server in portal time (an end date includes its day). */
const DAY = 'YYYY-MM-DD';

/**
 * The list call of a screen (spec 000 sections 4 and 7): drafts by status draft; created and
 * recommend by the filter label; published with the system templates and sources left out and
 * by last push time; the recommend list also mustRead=false; the queue always newest created first.
 */
export function listQueryOf(screen: ListScreen, filters: ListFilters, page: { pageNum: number; limitNum: number }, username: string): CardListQuery {
  const query: CardListQuery = {
    pageNum: page.pageNum,
    limitNum: page.limitNum,
    searchParameter: filters.search.trim() || undefined,
    createBy: filters.mine ? username : undefined,
    startTime: filters.range ? filters.range[0].format(DAY) : undefined,
    endTime: filters.range ? filters.range[1].format(DAY) : undefined,
  };
  switch (screen) {
    case 'DraftCard':
      return { ...query, status: 'draft', orderBy: 'create_time DESC' };
    case 'CreatedCard':
      return { ...query, status: cardListStatusOf(filters.label), orderBy: 'create_time DESC' };
    case 'NewRecommend':
      return { ...query, status: cardListStatusOf(filters.label), orderBy: 'create_time DESC', mustRead: false };
    case 'Published':
      return {
        ...query,
        status: 'publish',
        orderBy: 'last_push_time DESC',
        notTemplate: EXCLUDED_CARD_TEMPLATES.join(','),
        notSource: EXCLUDED_CARD_SOURCES.join(','),
      };
    case 'InQueue':
      return {
        ...query,
        status: 'queue',
        orderBy: 'create_time DESC',
        notTemplate: EXCLUDED_CARD_TEMPLATES.join(','),
        notSource: EXCLUDED_CARD_SOURCES.join(','),
      };
  }
}

export const FIRST_PAGE: { pageNum: number; limitNum: number } = { pageNum: PAGINATION.firstPage, limitNum: PAGINATION.defaultSize };

/** Screens whose items may be deleted: every list except Published and InQueue (spec 000 section 4). */
export const canDeleteOn = (screen: ListScreen) => screen !== 'Published' && screen !== 'InQueue';

/**
 * Whether an item offers Delete: only where the server allows it (spec 000 section 4 and
 * modules/push deleteCard): a list other than Published and InQueue, the caller's own card, and
 * not published or queued. Offering it anywhere else would end in a refusal after the confirmation.
 */
export function canDelete(screen: ListScreen, card: Pick<CardRecord, 'status' | 'createBy'>, username: string): boolean {
  return canDeleteOn(screen) && card.createBy === username && card.status !== 'publish' && card.status !== 'queue';
}

/**
 * Edit and Copy of an item: a draft is edited under its id by its creator only (the server
 * saves a draft for its creator alone), so another user's draft offers Copy, which opens it as
 * a new card; any other card's Edit opens a copy under a new id (spec 000 section 4).
 */
export function editActionsOf(card: Pick<CardRecord, 'status' | 'createBy'>, username: string): { edit: boolean; copy: boolean } {
  if (card.status !== 'draft') return { edit: true, copy: false };
  return { edit: card.createBy === username, copy: true };
}

/** A card the push dialog accepts: created or published (the server refuses the others). */
export const isPushable = (status: string) => status === 'created' || status === 'publish';
