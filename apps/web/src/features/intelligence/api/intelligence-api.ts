import { queryOptions } from '@tanstack/react-query';
import {
  API,
  type AcademicContext,
  type AreaNetwork,
  type Doctor360,
  type EgoNetwork,
  type IntelJobState,
  type KolExplain,
  type KolPage,
  type KolTrend,
  type KolWeight,
  type LookAlike,
  type ProvinceKol,
  type RelationPage,
} from '@field-portal/shared';
import { getResult, putResult } from '@/lib/http';

const P = API.intelligence;
/** Screens show their own message (the panoramic-view one, the indication rule), so the global toast stays quiet. */
const quiet = { suppressError: true };
const qs = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();

export const full360Query = (doctorId: number) =>
  queryOptions({ queryKey: ['intel', '360', doctorId], queryFn: () => getResult<Doctor360>(`${P.full360}?${qs({ doctorId })}`, quiet), retry: false });
export const rankingQuery = (indication: string, provinceCode: string | undefined, cursor: string | undefined, size: number) =>
  queryOptions({
    queryKey: ['intel', 'ranking', indication, provinceCode, cursor, size],
    queryFn: () => getResult<KolPage>(`${P.ranking}?${qs({ indication, provinceCode, cursor, size })}`),
  });
export const explainQuery = (indication: string, doctorId: number) =>
  queryOptions({
    queryKey: ['intel', 'explain', indication, doctorId],
    queryFn: () => getResult<KolExplain>(`${P.explain}?${qs({ indication, doctorId })}`, quiet),
    retry: false,
  });
/** A doctor's score at each kept recompute run, per indication scored (the 360 view's impact section). */
export const kolTrendQuery = (doctorId: number) =>
  queryOptions({ queryKey: ['intel', 'kolTrend', doctorId], queryFn: () => getResult<KolTrend>(`${P.kolTrend}?${qs({ doctorId })}`, quiet), retry: false });
export const compareQuery = (indication: string, doctorIds: number[]) =>
  queryOptions({
    queryKey: ['intel', 'compare', indication, doctorIds],
    queryFn: () => getResult<KolExplain[]>(`${P.compare}?${qs({ indication, doctorIds: doctorIds.join(',') })}`, quiet),
    retry: false,
  });
export const provincesQuery = (indication: string) =>
  queryOptions({ queryKey: ['intel', 'provinces', indication], queryFn: () => getResult<ProvinceKol[]>(`${P.provinces}?${qs({ indication })}`) });
export const weightsQuery = () => queryOptions({ queryKey: ['intel', 'weights'], queryFn: () => getResult<KolWeight[]>(P.weights) });
export const saveWeights = (weights: Record<string, number>) => putResult<KolWeight[]>(P.saveWeights, { weights });
export const jobQuery = () => queryOptions({ queryKey: ['intel', 'job'], queryFn: () => getResult<IntelJobState>(P.job) });
export const lookAlikeQuery = (doctorId: number) =>
  queryOptions({
    queryKey: ['intel', 'lookAlike', doctorId],
    queryFn: () => getResult<{ indication: string | null; list: LookAlike[] }>(`${P.lookAlike}?${qs({ doctorId, size: 10 })}`, quiet),
    retry: false,
  });
export const egoQuery = (indication: string, doctorId: number) =>
  queryOptions({
    queryKey: ['intel', 'ego', indication, doctorId],
    queryFn: () => getResult<EgoNetwork>(`${P.ego}?${qs({ indication, doctorId })}`, quiet),
    retry: false,
  });
export const relationsQuery = (indication: string, doctorId: number) =>
  queryOptions({
    queryKey: ['intel', 'relations', indication, doctorId],
    queryFn: () => getResult<RelationPage>(`${P.relations}?${qs({ indication, doctorId, size: 50 })}`, quiet),
    retry: false,
  });
/** The whole-area map (up to 20,000 doctors): kept for a minute, so going back to the tab redraws without a refetch. */
export const areaQuery = (indication: string, provinceCode: string | undefined) =>
  queryOptions({
    queryKey: ['intel', 'area', indication, provinceCode],
    queryFn: () => getResult<AreaNetwork>(`${P.area}?${qs({ indication, provinceCode })}`, quiet),
    retry: false,
    staleTime: 60_000,
  });
export const contextQuery = (indication: string) =>
  queryOptions({ queryKey: ['intel', 'context', indication], queryFn: () => getResult<AcademicContext>(`${P.context}?${qs({ indication })}`) });

/** Paths of the hidden 360 page (menus: /doctor/doctorFullViewDetail/:id/:nameDoctor). */
export const full360Path = (id: number, name: string) => `/doctor/doctorFullViewDetail/${id}/${encodeURIComponent(name)}`;
