import { queryOptions } from '@tanstack/react-query';
import {
  API,
  type DoctorAttitude,
  type DoctorGroups,
  type EventDetail,
  type IndicationMedAna,
  type LecturerRating,
  type MarketCompare,
  type MarketOptions,
  type NetSearch,
  type OpinionItemsPage,
  type OpinionTrend,
  type PatientGroups,
  type Sentiment,
} from '@field-portal/shared';
import { getResult } from '@/lib/http';

/** Calls of market intelligence (docs/decisions/0025). */
const P = API.market;

type Params = Record<string, string | number | undefined>;
const clean = (params: Params) => Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));
const call = <T>(path: string, params: Params = {}) => getResult<T>(path, { params: clean(params) });

export const marketOptionsQuery = () => queryOptions({ queryKey: ['market', 'options'], queryFn: () => call<MarketOptions>(P.options), staleTime: 60_000 });
export const opinionTrendQuery = (medicine: string, months: number) =>
  queryOptions({ queryKey: ['market', 'trend', medicine, months], queryFn: () => call<OpinionTrend>(P.opinionTrend, { medicine, months }) });
export const eventDetailQuery = (id: number) => queryOptions({ queryKey: ['market', 'event', id], queryFn: () => call<EventDetail>(P.eventDetail, { id }) });
export const indicationDrugQuery = (medicine: string, indication: string) =>
  queryOptions({ queryKey: ['market', 'attitude', medicine, indication], queryFn: () => call<DoctorAttitude[]>(P.indicationDrug, { medicine, indication }) });
export const marketCompareQuery = (medicine: string, competitor: string, months: number) =>
  queryOptions({
    queryKey: ['market', 'compare', medicine, competitor, months],
    queryFn: () => call<MarketCompare>(P.marketCompare, { medicine, competitor, months }),
  });
export const netSearchQuery = (medicine: string, competitor: string, months: number) =>
  queryOptions({ queryKey: ['market', 'net', medicine, competitor, months], queryFn: () => call<NetSearch>(P.netSearch, { medicine, competitor, months }) });
export const indicationMedAnaQuery = (indication: string, months: number) =>
  queryOptions({ queryKey: ['market', 'indication', indication, months], queryFn: () => call<IndicationMedAna>(P.indicationMedAna, { indication, months }) });
export const lecturerRatingQuery = (product: string) =>
  queryOptions({ queryKey: ['market', 'lecturer', product], queryFn: () => call<LecturerRating>(P.lecturerRating, { product }) });
export const patientGroupsQuery = (medicine: string, indication: string) =>
  queryOptions({ queryKey: ['market', 'patients', medicine, indication], queryFn: () => call<PatientGroups>(P.patientGroups, { medicine, indication }) });
export const doctorGroupsQuery = (medicine: string, indication: string) =>
  queryOptions({ queryKey: ['market', 'groups', medicine, indication], queryFn: () => call<DoctorGroups>(P.doctorGroups, { medicine, indication }) });

export interface ItemFilter {
  medicine?: string;
  eventId?: number;
  sentiment?: Sentiment;
  platform?: string;
  /** The period of the page's trend; an event's items have none. */
  months?: number;
}
export const opinionItems = (filter: ItemFilter, cursor?: string) => call<OpinionItemsPage>(P.opinionItems, { ...filter, cursor });

export const eventDetailPath = (id: number) => `/medicine/eventDetail?id=${id}`;
