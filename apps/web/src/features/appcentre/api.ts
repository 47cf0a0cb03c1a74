import { queryOptions } from '@tanstack/react-query';
import { API, fillPath, type AppMessageV1, type AppRecord, type CarouselRecord, type OpenApiSign } from '@field-portal/shared';
import { getResult, http, postResult } from '@/lib/http';

/** Calls of the app centre: the signed-in user's own apps and preferences (spec 001 section 7.8). */

const P = API.apps;

export const APP_CENTRE_KEY = ['apps', 'centre'] as const;

export const appCentreQueries = {
  apps: queryOptions({ queryKey: [...APP_CENTRE_KEY, 'apps'], queryFn: () => getResult<AppRecord[]>(P.app.userAll) }),
  frequent: queryOptions({ queryKey: [...APP_CENTRE_KEY, 'frequent'], queryFn: () => getResult<AppRecord[]>(P.frequent.list) }),
  recent: queryOptions({ queryKey: [...APP_CENTRE_KEY, 'recent'], queryFn: () => getResult<(AppRecord & { usedAt: string })[]>(P.recent.list) }),
  messages: queryOptions({ queryKey: [...APP_CENTRE_KEY, 'messages'], queryFn: () => getResult<AppMessageV1[]>(P.message.v1) }),
  carousel: queryOptions({ queryKey: [...APP_CENTRE_KEY, 'carousel'], queryFn: () => getResult<CarouselRecord[]>(P.carousel.all) }),
};

export const appCentreApi = {
  addFrequent: (appId: number) => postResult<object>(fillPath(P.frequent.add, { appId })),
  removeFrequent: async (appId: number) => (await http.delete(fillPath(P.frequent.remove, { appId }))).data,
  recordUse: (appId: number) => postResult<object>(fillPath(P.recent.add, { appId })),
  sign: (appId: number) => getResult<OpenApiSign>(P.openApi.getSign, { params: { appId } }),
};
