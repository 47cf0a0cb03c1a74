import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  API,
  type ArticleDetail,
  type ArticleListQuery,
  type ArticlePage,
  type ArticleReader,
  type ArticleStatus,
  type BroadcastTitle,
  type DynamicsDepartment,
  type OpenArticleResult,
  type RecommendState,
  type SaveArticleRequest,
} from '@field-portal/shared';
import { getResult, http, postResult } from '@/lib/http';
import { cursorPaging, cursorParam } from '@/components/paging';

/** Calls of the content centre, news and information dynamics (docs/decisions/0020). */
const P = API.content;

const compact = (params: object) => Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));

export const contentKeys = {
  all: ['content'] as const,
  list: (query: ArticleListQuery) => ['content', 'list', query] as const,
  manage: (query: object) => ['content', 'manage', query] as const,
  article: (by: string) => ['content', 'article', by] as const,
  readers: (id: number) => ['content', 'readers', id] as const,
  broadcast: (department: string) => ['content', 'broadcast', department] as const,
};

export const articleListQuery = (query: ArticleListQuery) =>
  queryOptions({ queryKey: contentKeys.list(query), queryFn: () => getResult<ArticlePage>(P.articleList, { params: compact(query) }) });

/**
 * The operators' list of every article, a hundred at a time by the cursor: the table pages what it
 * has read and offers 加载更多 / Load more while the server has more (it once stopped at the first 100).
 */
export const manageListQuery = (query: { channel?: string; status?: ArticleStatus; keyword?: string; size?: number } = {}) =>
  infiniteQueryOptions({
    queryKey: contentKeys.manage(query),
    queryFn: ({ pageParam }) => getResult<ArticlePage>(P.articleManageList, { params: compact({ size: 100, ...query, ...cursorParam(pageParam) }) }),
    ...cursorPaging,
  });

export const readersQuery = (id: number) =>
  queryOptions({ queryKey: contentKeys.readers(id), queryFn: () => getResult<ArticleReader[]>(P.articleReads, { params: { id } }) });

export const broadcastQuery = (department: DynamicsDepartment) =>
  queryOptions({
    queryKey: contentKeys.broadcast(department),
    queryFn: () => getResult<BroadcastTitle>(P.broadcast, { params: { department }, suppressError: true }),
    staleTime: 60_000,
  });

export const openArticle = (by: { id: number } | { title: string }) => postResult<OpenArticleResult>(P.openArticle, by);
export const articleForEdit = (id: number) => getResult<ArticleDetail>(P.articleForEdit, { params: { id } });
export const saveArticle = (body: SaveArticleRequest) => postResult<ArticleDetail>(P.saveArticle, body);
export const deleteArticle = (id: number) => postResult<unknown>(P.deleteArticle, { id });
export const recommendArticle = (id: number, recommendState: RecommendState | null) => postResult<ArticleDetail>(P.recommendArticle, { id, recommendState });

export async function uploadCover(file: File): Promise<{ coverId: string; coverUrl: string }> {
  const form = new FormData();
  form.append('file', file);
  const response = await http.post<{ result: { coverId: string; coverUrl: string } }>(P.uploadCover, form);
  return response.data.result;
}
