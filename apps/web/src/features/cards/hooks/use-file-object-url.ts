import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { cardFileIdOf } from '@field-portal/shared';
import { cardFileQuery } from '../api/card-file';

export interface FileObjectUrl {
  /** An object URL of the file's bytes while the component shows it. */
  src: string | undefined;
  loading: boolean;
  failed: boolean;
}

/**
 * An uploaded card file (fetched with the bearer token) as an object URL for <img src>.
 * The bytes stay in the query cache; each user of them gets its own object URL, revoked when
 * it unmounts or the url changes.
 */
export function useFileObjectUrl(url: string | undefined): FileObjectUrl {
  const ours = Boolean(url && cardFileIdOf(url));
  const query = useQuery({ ...cardFileQuery(url ?? ''), enabled: ours });
  const blob = query.data;
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    if (!blob) {
      setSrc(undefined);
      return;
    }
    const objectUrl = URL.createObjectURL(blob);
    setSrc(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  return { src: ours ? src : undefined, loading: ours && query.isPending, failed: Boolean(url) && (!ours || query.isError) };
}
