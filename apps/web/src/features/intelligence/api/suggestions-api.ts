import { infiniteQueryOptions } from '@tanstack/react-query';
import {
  SUGGESTION_PATHS as P,
  type SuggestionAction,
  type SuggestionCategory,
  type SuggestionJobState,
  type SuggestionPage,
  type SuggestionRow,
} from '@field-portal/shared';
import { getResult, postResult } from '@/lib/http';

/** Calls of smart suggestions (docs/decisions/0029). */
export const suggestionsQuery = (category: SuggestionCategory) =>
  infiniteQueryOptions({
    queryKey: ['intel', 'suggestions', category],
    queryFn: ({ pageParam }) =>
      getResult<SuggestionPage>(`${P.list}?${new URLSearchParams({ category, size: '20', ...(pageParam ? { cursor: pageParam } : {}) }).toString()}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
export const sendFeedback = (id: number, action: SuggestionAction) => postResult<SuggestionRow>(P.feedback, { id, action });
export const refreshSuggestions = () => postResult<SuggestionJobState>(P.refresh, {});
