import { queryOptions } from '@tanstack/react-query';
import { cardFileIdOf } from '@field-portal/shared';
import { http } from '@/lib/http';

/**
 * GET of an uploaded card file as a Blob. Downloads need the bearer token, so images cannot be
 * plain <img src>. Only the card service's own file urls are fetched: the token never goes elsewhere.
 */
export async function fetchCardFile(url: string, options: { quiet?: boolean } = {}): Promise<Blob> {
  if (!cardFileIdOf(url)) throw new Error('not a card file url');
  const response = await http.get<Blob>(url, { responseType: 'blob', suppressError: options.quiet ?? false });
  return response.data;
}

export const cardFileQuery = (url: string) =>
  queryOptions({
    queryKey: ['cards', 'file', url],
    // An image that cannot be shown shows its placeholder; no toast per picture.
    queryFn: () => fetchCardFile(url, { quiet: true }),
    // A file url names one upload for good: its bytes never change.
    staleTime: Infinity,
    enabled: Boolean(cardFileIdOf(url)),
  });
