import type { CardEnvelope } from '@field-portal/shared';
import { http, type RequestConfig } from '@/lib/http';

/** GET of a card-service call (envelope { status, msg, data }), returning its `data`. */
export async function getCardData<T>(url: string, config?: RequestConfig): Promise<T> {
  const response = await http.get<CardEnvelope<T>>(url, config);
  return response.data.data;
}

/** POST of a card-service call, returning its `data`. */
export async function postCardData<T>(url: string, body?: unknown, config?: RequestConfig): Promise<T> {
  const response = await http.post<CardEnvelope<T>>(url, body, config);
  return response.data.data;
}
