import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { http } from './http';

/**
 * An image behind the API: fetched with the bearer token (an <img src> cannot carry it) and shown
 * from a blob URL; nothing while it loads or when it cannot be fetched.
 */
export function AuthorisedImage({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const query = useQuery({
    queryKey: ['authorised-image', src],
    queryFn: async () => (await http.get<Blob>(src, { responseType: 'blob', suppressError: true })).data,
    staleTime: 60_000,
  });
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!query.data) return undefined;
    const objectUrl = URL.createObjectURL(query.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [query.data]);
  return url ? <img src={url} alt={alt} className={className} /> : null;
}
