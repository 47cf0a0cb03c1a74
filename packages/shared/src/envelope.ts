/** Envelope of the system, provider and other services (ARCHITECTURE.md). */
export interface SystemEnvelope<T> {
  code: number;
  msg: string;
  result: T;
}

/** Envelope of the card service under /API-XJP (ARCHITECTURE.md). */
export interface CardEnvelope<T> {
  status: number;
  msg: string;
  data: T;
}

/** Error body: the envelope of the service with the error code and the failing field. */
export interface ErrorBody {
  code?: number;
  status?: number;
  msg: string;
  field?: string;
  result?: null;
  data?: null;
}

/** Prefixes whose calls answer with the card envelope. */
export const CARD_SERVICE_PREFIX = '/API-XJP/';

export function usesCardEnvelope(url: string): boolean {
  return url.startsWith(CARD_SERVICE_PREFIX);
}
